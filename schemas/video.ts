// No zod here: the rule for a video link is plain code, used by the content schema (what staff may
// save) and by the page component (what it renders and which CSP source it adds). One rule.

/** A video the site can play in place, from a link staff pasted. */
export type PlayableVideo =
  | {
      kind: 'youtube' | 'vimeo';
      id: string;
      /** The player page to frame (privacy-enhanced). */ embed: string;
      /** The CSP frame-src source. */ origin: string;
    }
  | {
      kind: 'file';
      src: string;
      /** The CSP media-src source ('self' for our own files). */ origin: string;
      type: 'video/mp4' | 'video/webm';
    };

export const VIDEO_URL_MESSAGE = 'must be a YouTube or Vimeo link, or an https link to an .mp4 or .webm file';

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * What a pasted link plays, or null when it is not one we allow. Allowed: YouTube (watch, share,
 * embed, Shorts links) shown through youtube-nocookie.com, Vimeo (shown with dnt=1), and video
 * files (.mp4, .webm) over https or from our own origin. Nothing else: every allowed kind is one
 * more source in the page's CSP, so the list is short on purpose.
 */
export function playableVideo(link: string): PlayableVideo | null {
  const value = link.trim();
  if (/^\/[^/]/.test(value)) {
    const type = /\.mp4$/i.test(value.split(/[?#]/)[0]!)
      ? 'video/mp4'
      : /\.webm$/i.test(value.split(/[?#]/)[0]!)
        ? 'video/webm'
        : null;
    return type ? { kind: 'file', src: value, origin: "'self'", type } : null;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  let youtube: string | undefined;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtube =
      segments[0] === 'watch'
        ? (url.searchParams.get('v') ?? undefined)
        : ['embed', 'shorts', 'live'].includes(segments[0] ?? '')
          ? segments[1]
          : undefined;
  } else if (host === 'youtu.be') {
    youtube = segments[0];
  }
  if (youtube !== undefined) {
    return YOUTUBE_ID.test(youtube)
      ? {
          kind: 'youtube',
          id: youtube,
          embed: `https://www.youtube-nocookie.com/embed/${youtube}`,
          origin: 'https://www.youtube-nocookie.com',
        }
      : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = host === 'vimeo.com' ? segments[0] : segments[0] === 'video' ? segments[1] : undefined;
    return id && /^\d{1,12}$/.test(id)
      ? {
          kind: 'vimeo',
          id,
          embed: `https://player.vimeo.com/video/${id}?dnt=1`,
          origin: 'https://player.vimeo.com',
        }
      : null;
  }
  const type = /\.mp4$/i.test(url.pathname)
    ? 'video/mp4'
    : /\.webm$/i.test(url.pathname)
      ? 'video/webm'
      : null;
  return type ? { kind: 'file', src: url.href, origin: url.origin, type } : null;
}
