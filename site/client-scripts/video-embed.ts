// The play control of a VideoPoster with a YouTube or Vimeo link (site/components/VideoPoster.astro):
// a click swaps the poster for the provider's privacy-enhanced player, in the same box. Nothing of
// the provider's loads before that click.

type Connection = { saveData?: boolean };

/**
 * The person asked for this video, so it may start; but with reduced motion or Save-Data asked
 * for, the player loads paused: it starts (and spends data) only when they press its own play.
 */
function mayStart() {
  const saveData = (navigator as Navigator & { connection?: Connection }).connection?.saveData === true;
  return !saveData && !matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function play(figure: HTMLElement) {
  const src = new URL(figure.dataset.videoEmbed ?? '');
  if (mayStart()) src.searchParams.set('autoplay', '1');
  const poster = figure.querySelector('img');
  const frame = document.createElement('iframe');
  frame.src = src.href;
  frame.title = figure.dataset.videoTitle ?? 'Video';
  frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture';
  frame.allowFullscreen = true;
  // YouTube's player refuses to play without the embedding page's origin as referrer.
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  frame.className = 'video-poster__frame';
  // The same box as the poster: nothing below moves.
  frame.style.aspectRatio = `${poster?.getAttribute('width') ?? 16} / ${poster?.getAttribute('height') ?? 9}`;
  figure.replaceChildren(frame);
  frame.focus();
}

let wired = false;

/**
 * Wires every play control on the page (one listener, however many videos). Until then a control
 * opens the player in a new tab, and is named so (VideoPoster.astro); from now on it plays in place,
 * and its name drops the new tab.
 */
export function initVideoEmbeds() {
  if (wired) return;
  wired = true;
  document.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const control = (event.target as Element | null)?.closest?.('[data-video-embed] [data-play]');
    const figure = control?.closest<HTMLElement>('[data-video-embed]');
    if (!figure) return;
    event.preventDefault();
    play(figure);
  });
  for (const control of document.querySelectorAll<HTMLElement>('[data-video-embed] [data-play]'))
    if (control.dataset.play) control.setAttribute('aria-label', control.dataset.play);
}
