// What islands need only after the first paint, out of the first document:
// Astro's island runtime on pages whose islands all wait anyway, and the large props of
// `client:afterpaint` islands.
//
// Why: Lighthouse's mobile LCP counts every byte of the first document, and a document over the
// first TCP window (~14.6 KB with headers) costs another 150 ms round trip in Lantern's network
// model.
// - Astro writes its island runtime (the <astro-island> element, ~4.4 KB raw, ~1.8 KB gzip) inline
//   before a page's first island. On a page whose islands all hydrate later anyway (client:visible,
//   client:idle, client:afterpaint, client:media) it is not needed before the first paint: it
//   leaves the page, and the page script, which loads once the first frame is painted, loads it
//   as a file (/_astro/astro-island.<hash>.js, emitted by scripts/build/page-scripts.ts). The
//   directives' inline scripts (which set `Astro[directive]`, ~0.6 KB gzip for client:afterpaint)
//   leave with it: each is written to /_astro/directives/<name>.<hash>.js and named on its islands
//   by `directive-url`, and the page script loads them beside the runtime (which upgrades the
//   islands already in the page, and waits for a directive not there yet). A page with a client:load or
//   client:only island keeps the runtime inline: a form there hydrates as soon as the page is
//   parsed. So does a page without the page script's loader.
// - An island's props are JSON in an attribute, much of it the text the server already rendered
//   (the courses finder's first page of programs: ~1.3 KB gzip of the page). An afterpaint island's
//   props over PROPS_INLINE_MAX move to /_astro/props/<hash>.json, named by `props-url`; the
//   directive fetches them beside the island's code (site/directives/after-paint.ts).
// - Every island's tag loses the attributes no script reads (withoutUnreadAttributes below).
//
// Runs after the build, before scripts/build/page-css.ts, which writes the page's CSP hashes from the
// inline scripts the page then has.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { writeHashedFile, type WriteHashed } from './hashed-file.ts';
import { htmlFiles } from './html-files.ts';

/** What the runtime's code says and no other script does: it defines <astro-island>. */
export const ISLAND_RUNTIME_MARK = 'customElements.define("astro-island"';
/** The runtime's inline script. */
export const RUNTIME = new RegExp(
  `<script>((?:(?!</script>)[\\s\\S])*?${ISLAND_RUNTIME_MARK.replace(/[.()"]/g, '\\$&')}(?:(?!</script>)[\\s\\S])*)</script>`,
);
/**
 * A directive's inline script, as Astro writes it: it sets `Astro[name]` and announces it with the
 * event `astro:<name>`, which the runtime waits for when an island's directive is not there yet.
 */
export const DIRECTIVE_SCRIPT =
  /<script>(\(\(\)=>\{(?:(?!<\/script>)[\s\S])*?window\.dispatchEvent\(new Event\("astro:([a-z]+)"\)\);\}\)\(\);)\s*<\/script>/g;
/** The islands' directives; those that hydrate only once the page is parsed, at the earliest. */
export const DIRECTIVE = /<astro-island\b[^>]*?\sclient="([a-z]+)"/g;
const WAITING = new Set(['visible', 'idle', 'afterpaint', 'media']);
/** An afterpaint island's opening tag and its props attribute. */
export const AFTERPAINT_PROPS = /<astro-island\b[^>]*?\sclient="afterpaint"[^>]*>/g;
export const PROPS = /\sprops="([^"]*)"/;
/**
 * Props up to this many characters stay in the page: a file is a request of its own. Larger ones are
 * often the same on many pages (the tuition island's exchange rates, ~1 KB on every program page),
 * and a hashed file is then fetched once for all of them.
 */
export const PROPS_INLINE_MAX = 512;

/** The page script's URL in its loader (scripts/build/page-scripts.ts): the script loads the runtime when it is not in the page. */
export const PAGE_SCRIPT = /"\/_astro\/page\.[\w-]+\.js"/;

/** True when the page has islands and every one of them waits past the parse. */
function islandsAllWait(html: string) {
  const directives = [...html.matchAll(DIRECTIVE)].map((m) => m[1]!);
  return directives.length > 0 && directives.every((d) => WAITING.has(d));
}

/** The attribute's text as the browser reads it (Astro escapes &, <, >, " and '). */
export const unescapeAttribute = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The page without its directives' inline scripts, each island naming its directive's file instead. */
function deferDirectives(write: WriteHashed, html: string) {
  const urls = new Map<string, string>();
  const out = html.replace(DIRECTIVE_SCRIPT, (_, code: string, name: string) => {
    urls.set(name, write(`directives/${name}`, 'js', code));
    return '';
  });
  return out.replace(/<astro-island\b[^>]*?\sclient="([a-z]+)"/g, (tag, name: string) => {
    const url = urls.get(name);
    return url ? `${tag} directive-url="${url}"` : tag;
  });
}

/**
 * An island's opening tag without what nothing in the browser reads: `uid` (Astro's server-side
 * name for it), the component's name in `opts` (only `opts.value` reaches the directive) and
 * `component-export="default"` (the runtime's own default). ~130 bytes gzip of home's first document.
 */
export const ISLAND_TAG = /<astro-island\b[^>]*>/g;
export const UID = /\suid="[^"]*"/;
export const DEFAULT_EXPORT = /\scomponent-export="default"/;
export const OPTS_NAME = /(\sopts="\{)&quot;name&quot;:&quot;[^&]*&quot;,?/;
const withoutUnreadAttributes = (html: string) =>
  html.replace(ISLAND_TAG, (tag) =>
    tag.replace(UID, '').replace(DEFAULT_EXPORT, '').replace(OPTS_NAME, '$1'),
  );

/** A built page's HTML with its runtime and large afterpaint props moved out (to files `write` makes); what moved. */
export function deferIslandsInHtml(html: string, write: WriteHashed) {
  let out = withoutUnreadAttributes(html).replace(AFTERPAINT_PROPS, (tag) => {
    const props = PROPS.exec(tag);
    if (!props || props[1]!.length <= PROPS_INLINE_MAX) return tag;
    const url = write('props/island', 'json', unescapeAttribute(props[1]!));
    return tag.replace(props[0], () => ` props-url="${url}"`);
  });
  const props = out.includes(' props-url="');
  const runtime = RUNTIME.exec(out);
  const deferRuntime = runtime !== null && islandsAllWait(out) && PAGE_SCRIPT.test(out);
  if (deferRuntime) out = deferDirectives(write, out.replace(runtime[0], ''));
  return { html: out, runtime: deferRuntime, props };
}

/** One built page with its runtime and large afterpaint props moved out; what moved. */
function deferIslands(dist: string, file: string) {
  const html = readFileSync(file, 'utf8');
  const { html: out, ...moved } = deferIslandsInHtml(html, (name, extension, content) =>
    writeHashedFile(dist, name, extension, content),
  );
  if (out !== html) writeFileSync(file, out);
  return moved;
}

/** The Astro integration; listed before pageCss() in astro.config.mjs. */
export function deferredIslands(): AstroIntegration {
  return {
    name: 'deferred-islands',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const files = htmlFiles(dist);
        const moved = files.map((f) => deferIslands(dist, f));
        logger.info(
          `${moved.filter((m) => m.runtime).length} of ${files.length} pages load the island runtime after the first paint; ` +
            `${moved.filter((m) => m.props).length} fetch an afterpaint island's props`,
        );
      },
    },
  };
}
