import { playableVideo } from '#schemas/video.ts';

/**
 * Adds to a page's CSP exactly the sources its videos need: frame-src for a YouTube or Vimeo
 * player, media-src for a video file on another origin; nothing without a video. Call it in the
 * page's frontmatter (the CSP <meta> is written in <head>, before any component in the body runs);
 * a page that forgets fails closed (the browser refuses the video, nothing else opens).
 */
export function allowVideos(
  csp: { insertDirective(directive: string): void } | undefined,
  links: readonly (string | null | undefined)[],
) {
  const frames = new Set<string>();
  const media = new Set<string>();
  for (const link of links) {
    const video = link ? playableVideo(link) : null;
    if (!video) continue;
    if (video.kind === 'file') {
      if (video.origin !== "'self'") media.add(video.origin);
    } else frames.add(video.origin);
  }
  if (frames.size) csp?.insertDirective(`frame-src ${[...frames].join(' ')}`);
  if (media.size) csp?.insertDirective(`media-src 'self' ${[...media].join(' ')}`);
}
