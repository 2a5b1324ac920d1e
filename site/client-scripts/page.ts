// Every page's script, loaded once the first frame is painted by the small loader BaseLayout.astro
// puts in every page (scripts/build/page-scripts.ts). Nothing here changes what is first painted: once
// the page's whole stylesheet has applied, it wires the header, starts the islands where their runtime
// left the page, wires the video posters' play controls, corrects the footer's year and warms the web
// font for the next page.
import { initSiteHeader } from './site-header.ts';
import { warmWebFont } from '../lib/web-font.ts';
import { buildFileFailed, watchForNewBuild } from '../lib/stale-build.ts';
import { pageStylesheetsSettled } from './page-stylesheet.ts';
import { rememberArrival } from '../lib/arrival.ts';

// First: a tab opened before a deploy reloads once when its build's files are gone.
watchForNewBuild();
// Which page and campaign this visit arrived by, for the forms it may send (site/lib/arrival.ts).
rememberArrival();

/**
 * Astro's island runtime, written here by the build: on pages whose islands all wait past the first
 * paint, the build takes it out of the page (scripts/build/deferred-islands.ts), and it loads now,
 * beside the directives the islands name (`directive-url`: their inline scripts left with it; the
 * runtime waits for a directive that is not there yet). Elsewhere the page defines <astro-island>
 * itself.
 */
const ISLAND_RUNTIME_URL = '__ASTRO_ISLAND_RUNTIME_URL__';
function startIslands() {
  if (document.querySelector('astro-island') && !customElements.get('astro-island')) {
    // The runtime reads the global `Astro` (which a directive's script creates) as soon as an island
    // connects: it must exist whichever file arrives first.
    (self as { Astro?: object }).Astro ??= {};
    const directives = new Set(
      [...document.querySelectorAll('astro-island[directive-url]')].map((el) =>
        el.getAttribute('directive-url')!,
      ),
    );
    const urls = [...directives, ISLAND_RUNTIME_URL];
    Promise.all(urls.map((url) => import(/* @vite-ignore */ url))).catch((error: unknown) => {
      console.error('Failed to load the island runtime', error);
      void buildFileFailed(urls);
    });
  }
}

/**
 * The play control of a YouTube or Vimeo poster (site/components/VideoPoster.astro), on the pages
 * that have one. It was a script inline in each such page, ~0.5 KB of a first document that the
 * paint does not need; until it runs, the control opens the player in a new tab.
 */
const VIDEO_EMBED_URL = '__VIDEO_EMBED_MODULE_URL__';
function startVideoEmbeds() {
  if (document.querySelector('[data-video-embed]'))
    (import(/* @vite-ignore */ VIDEO_EMBED_URL) as Promise<typeof import('./video-embed.ts')>)
      .then((videos) => videos.initVideoEmbeds())
      .catch((error: unknown) => {
        console.error('Failed to load the video player', error);
        void buildFileFailed([VIDEO_EMBED_URL]);
      });
}

// What can draw something new (the header's menus and search, the islands, a video player) starts
// once the page's whole stylesheet has applied: the first document inlines only the rules of its own
// markup (site/client-scripts/page-stylesheet.ts).
void pageStylesheetsSettled().then(() => {
  const header = document.querySelector<HTMLElement>('header.site-header');
  if (header) initSiteHeader(header);
  startIslands();
  startVideoEmbeds();
});

// The year the visitor is in, not the build's.
const year = String(new Date().getFullYear());
for (const el of document.querySelectorAll('[data-current-year]'))
  if (el.textContent !== year) el.textContent = year;

warmWebFont();
