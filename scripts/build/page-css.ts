// Per-page CSS: after the build, each page's inline stylesheet keeps only the rules its first
// document can use, and every rule of the page's stylesheets reaches the page in
// a cached file after the first paint.
//
// Why inline only a part: every page inlines the shared stylesheet (global.css, ~20 KB raw, ~5 KB
// gzip), and Lighthouse's mobile LCP counts the whole first document's download (a response over the
// first TCP window, ~14 KB, costs another 150 ms round trip in its network model) and its first
// style pass over every rule.
//
// Why every rule still reaches the page: which rules a page can use is not knowable from text. A
// dialog's classes come from a lazily imported chunk or a template (`${look}__body`), and a guess
// that missed them left the job application window, the delete-account window and
// /my-applications unstyled. So the text decides only what is inline; the page's whole
// stylesheet (every rule of every CSS file its components import: Astro bundles them per page, DESIGN
// convention 14) is a content-hashed file, shared by every page with the same stylesheets and cached
// for a year, linked `disabled` and enabled by the page's loader at the first paint
// (site/layouts/BaseLayout.astro), with a <noscript> copy. A rule is left off a page only when no
// component of that page imports it.
//
// What is inline: every rule whose classes all appear in the page's HTML (outside <style>) or in a
// script it loads to start (its module scripts and islands, and what those import statically), so
// an island that renders at hydration is styled before the file arrives; rules without classes (elements, :root,
// @font-face, @keyframes) always. A page with a fold (site/components/Fold.astro) keeps inline only
// the rules of its first screen: firstScreenOnly() below. The page's CSP names stylesheets and inline
// scripts by hash, so its style-src and script-src are rewritten to name the page's own.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import type { AstroIntegration } from 'astro';
import { FOLD_MARKER, PAGE_STYLESHEET_ATTRIBUTE } from '#site/lib/fold.ts';
import { writeHashedFile, type WriteHashed } from './hashed-file.ts';
import { PAGE_SCRIPT, RUNTIME } from './deferred-islands.ts';
import { htmlFiles } from './html-files.ts';

/** An inline stylesheet, as Astro writes one (build.inlineStylesheets), and its rules. */
export const STYLE = /<style>([\s\S]*?)<\/style>/g;
/** A <script>: its attributes, then its text (empty with src=). */
export const SCRIPT = /<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g;
const WORD = /[A-Za-z0-9_-]+/g;

/** A build file's text by its URL ('' when there is none). */
export type ReadBuildFile = (url: string) => string;

/**
 * A page's script URLs: a module script's, an island's component, renderer and directive, and any
 * quoted chunk URL in an inline script (the page script, and the header's lazy search in it, are
 * strings they import: scripts/build/page-scripts.ts).
 */
export const SCRIPT_URL =
  /(?:src|component-url|renderer-url|before-hydration-url|directive-url)="(\/_astro\/[^"]+\.js)"|["'`](\/_astro\/[^"'`]+\.js)["'`]/g;

/** What the page's loader says (the selector of the links it enables): the page has one. */
const LOADER_MARK = `link[${PAGE_STYLESHEET_ATTRIBUTE}]`;

/**
 * True when nothing on the page can draw before its whole stylesheet has applied: the page has the
 * loader, whose page script waits for the stylesheet before it wires the header and starts the islands
 * (site/client-scripts/page-stylesheet.ts), and Astro's island runtime is not inline (a client:load
 * island hydrates as the page is parsed: scripts/build/deferred-islands.ts). There the islands' and
 * the page script's code choose no inline rule: what they draw finds the whole stylesheet applied.
 */
export function drawsAfterWholeStylesheet(html: string) {
  return html.includes(LOADER_MARK) && !RUNTIME.test(html);
}

/**
 * The scripts a page names: all of them, or, where what draws waits for the whole stylesheet, those
 * that run as the page is parsed (not the islands' code, nor the page script that starts them).
 */
function namedScripts(html: string) {
  const waits = drawsAfterWholeStylesheet(html);
  return [...html.matchAll(SCRIPT_URL)]
    .filter((m) => !waits || m[0].startsWith('src=') || (m[2] && !PAGE_SCRIPT.test(`"${m[2]}"`)))
    .map((m) => (m[1] ?? m[2])!);
}

/** Every script a page can load: its module scripts, islands, renderers and what they import. */
function scriptsOf(read: ReadBuildFile, html: string, sources: Map<string, string>) {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    let source = sources.get(url);
    if (source === undefined) {
      source = read(url);
      sources.set(url, source);
    }
    // Static imports of sibling chunks (`from"./x.js"`, `import"./x.js"`): what renders at
    // hydration. A chunk imported on use (the minifier writes import(`./x.js`)) is not followed: a
    // dialog it renders after a click gets its rules from the page's whole stylesheet, linked at the
    // first paint (linkWholeStylesheet), and keeping them out keeps the first document small.
    for (const m of source.matchAll(/(?:import|from)\s*\(?\s*["']([^"']+\.js)["']/g)) {
      const spec = m[1]!;
      visit(
        spec.startsWith('/') ? spec : `${url.slice(0, url.lastIndexOf('/') + 1)}${spec.replace(/^\.\//, '')}`,
      );
    }
  };
  for (const url of namedScripts(html)) visit(url);
  return [...seen].sort();
}

/** The words a page's text can hold: class names, and run-time class prefixes (`alert--${kind}` leaves `alert--`). */
export interface Words {
  has: (word: string) => boolean;
  prefixes: string[];
}
export function wordsOf(...texts: string[]): Words {
  const set = new Set(texts.flatMap((t) => t.match(WORD) ?? []));
  return { has: (w) => set.has(w), prefixes: [...set].filter((w) => w.length > 3 && /[a-z0-9]--?$/.test(w)) };
}
const both = (a: Words, b: Words): Words => ({
  has: (w) => a.has(w) || b.has(w),
  prefixes: [...a.prefixes, ...b.prefixes],
});

const CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;

/** True when every class the selector requires is one the page can use. */
function selectorUsable(selector: string, usable: Set<string>) {
  // A class inside :not() is one the element must lack: it never makes a selector unusable.
  const required = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  for (const m of required.matchAll(CLASS)) if (!usable.has(m[1]!)) return false;
  return true;
}

/** The stylesheet with only the selectors `keep` accepts (keyframes untouched), and no rule or group left empty. */
function filterSelectors(css: string, keep: (selector: string) => boolean) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter(keep);
    if (!kept.length) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((at) => {
    if ((at.name === 'media' || at.name === 'supports') && !at.nodes?.length) at.remove();
  });
  return root.toString();
}

/** The stylesheet without the rules that need a class outside `usable`. */
export const pruneCss = (css: string, usable: Set<string>) =>
  filterSelectors(css, (s) => selectorUsable(s, usable));

/** Of the stylesheet's classes, those the page's words name (or a run-time prefix starts). */
export function usableClasses(css: string, words: Words) {
  const classes = new Set([...css.matchAll(CLASS)].map((m) => m[1]!));
  return new Set([...classes].filter((c) => words.has(c) || words.prefixes.some((p) => c.startsWith(p))));
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The CSP names the hash of every stylesheet and inline script of the whole site (Astro collects
 * them all): ~30 incompressible hashes, ~0.9 KB gzip of every page's first bytes. A page needs only
 * its own: style-src the hashes of its <style> elements (style attributes are style-src-attr's),
 * script-src those of its inline scripts. JSON-LD blocks are data, which script-src does not govern.
 */
/** The page's CSP, as Astro writes it (security.csp): a meta tag naming script-src and style-src. */
export const CSP_META = /<meta http-equiv="content-security-policy" content="[^"]*"/;
function onlyOwnHashes(html: string) {
  const styles = [...html.matchAll(STYLE)].map((m) => hashOf(m[1]!));
  const scripts = [...html.matchAll(SCRIPT)]
    .filter((m) => !/\ssrc=|type="application\/ld\+json"/.test(m[1]!))
    .map((m) => hashOf(m[2]!));
  const own = (directive: string, hashes: string[]) => (meta: string) =>
    meta.replace(
      new RegExp(`(${directive} )([^;"]*)`),
      (_, start: string, sources: string) =>
        start +
        [
          ...sources
            .trim()
            .split(/\s+/)
            .filter((s) => !s.startsWith("'sha256-")),
          ...new Set(hashes),
        ].join(' '),
    );
  return html.replace(CSP_META, (meta) => own('script-src', scripts)(own('style-src', styles)(meta)));
}

/** A closed <dialog> is not rendered; neither is an element with `hidden` (its own classes only). */
const DIALOG = /<dialog\b[\s\S]*?<\/dialog>/g;
const HIDDEN_CLASS = /<[a-z]+\b(?=[^>]*\shidden[\s>])[^>]*?\sclass="[^"]*"/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
/** A selector that applies only while a pointer is over an element: not needed for the first paint. */
const HOVER = /:(?:hover|active)\b/;

/** The stylesheet without the @keyframes none of its rules names (a menu's slide-in, a spinner's turn). */
function withoutUnusedKeyframes(css: string) {
  const root = postcss.parse(css);
  const named = new Set<string>();
  root.walkDecls(/^animation(-name)?$/, (decl) => decl.value.match(WORD)?.forEach((w) => named.add(w)));
  root.walkAtRules(/keyframes$/, (at) => {
    if (!named.has(at.params)) at.remove();
  });
  return root.toString();
}

/**
 * The stylesheet without the custom properties none of its rules reads (directly or through another
 * property): the whole sheet, which defines them all again, arrives before anything that reads them.
 */
function withoutUnreadProperties(css: string) {
  const root = postcss.parse(css);
  const reads = (value: string) => [...value.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!);
  const definitions = new Map<string, string[]>();
  const read = new Set<string>();
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--'))
      definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), ...reads(decl.value)]);
    else reads(decl.value).forEach((p) => read.add(p));
  });
  for (const queue = [...read]; queue.length;)
    for (const p of definitions.get(queue.pop()!) ?? [])
      if (!read.has(p)) {
        read.add(p);
        queue.push(p);
      }
  root.walkDecls(/^--/, (decl) => {
    if (!read.has(decl.prop)) decl.remove();
  });
  return root.toString();
}

/**
 * A page with a fold keeps inline only the rules that what is rendered above it can use: the classes
 * of its elements (closed dialogs and `hidden` elements left out) and of its inline scripts (the
 * head's script sets `font-inter`), without hover states. The whole stylesheet's link goes where the
 * fold is.
 *
 * Why: Lighthouse's mobile LCP counts every byte of the first document, and a document over the first
 * TCP window (~14.6 KB with headers) costs another round trip; the home page's
 * stylesheet was 5.3 KB gzip of its 18.5 KB. Why not an enabled link in <body>, which would block
 * only the parse of what follows it: Lantern's LCP counts every request (low-priority images aside)
 * that finished before the largest paint, and a stylesheet found by the parser always does.
 *
 * What the visitor sees: the first screen, styled; what is below it has its rules a round trip or two
 * after the first paint, before anyone scrolls there, and nothing above the fold changes when they
 * apply (those rules are the same in both).
 */
function firstScreenOnly(html: string, at: number) {
  const firstScreen = html.slice(0, at).replace(STYLE, '').replace(DIALOG, '').replace(HIDDEN_CLASS, '');
  const words = wordsOf(
    [...firstScreen.matchAll(CLASS_ATTRIBUTE)].map((m) => m[1]!).join(' '),
    [...firstScreen.matchAll(SCRIPT)]
      .filter((m) => !m[1]!.includes('application/ld+json'))
      .map((m) => m[2]!)
      .join(' '),
  );
  let out = html;
  for (const [, sheet] of html.matchAll(STYLE)) {
    const usable = usableClasses(sheet!, words);
    const critical = withoutUnreadProperties(
      withoutUnusedKeyframes(filterSelectors(sheet!, (s) => selectorUsable(s, usable) && !HOVER.test(s))),
    );
    out = out.replace(`<style>${sheet}</style>`, () => `<style>${critical}</style>`);
  }
  return out;
}

/**
 * Links the page's whole stylesheet (`sheets`: every rule it had inline before pruning, in the same
 * order, so once it applies the cascade is what it was) from a content-hashed file: at the fold, or
 * at the end of a page without one, `disabled` until the loader enables it at the first paint; a
 * <noscript> copy loads it without JavaScript. A page without the loader (the back office's shell,
 * site/pages/admin/_AdminLayout.astro) links it enabled. Nothing is linked when the inline rules are
 * all of it.
 */
function linkWholeStylesheet(write: WriteHashed, html: string, sheets: string[]) {
  const inline = [...html.matchAll(STYLE)].map((m) => m[1]!);
  if (inline.join('\n') === sheets.join('\n')) return html.replace(FOLD_MARKER, '');
  const url = write('styles/page', 'css', sheets.join('\n'));
  const hasLoader = html.includes(LOADER_MARK);
  const link = hasLoader
    ? `<link rel="stylesheet" href="${url}" ${PAGE_STYLESHEET_ATTRIBUTE} disabled><noscript><link rel="stylesheet" href="${url}"></noscript>`
    : `<link rel="stylesheet" href="${url}" ${PAGE_STYLESHEET_ATTRIBUTE}>`;
  if (html.includes(FOLD_MARKER)) return html.replace(FOLD_MARKER, () => link);
  const end = html.lastIndexOf('</body>');
  return `${html.slice(0, end)}${link}${html.slice(end)}`;
}

/**
 * Astro writes the rule for its island elements in a <style> of its own before a page's first island
 * (astro/dist/runtime/server/astro-island-styles.js), which costs the page a second CSP hash. It
 * joins the page's first stylesheet instead: ~75 bytes gzip of the home page's first document.
 */
export const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
function withIslandRuleInHead(html: string) {
  const first = html.indexOf('<style>');
  if (!html.includes(ISLAND_STYLE) || html.startsWith(ISLAND_STYLE, first)) return html;
  const rule = ISLAND_STYLE.slice('<style>'.length, -'</style>'.length);
  const end = html.indexOf('</style>', first);
  return `${html.slice(0, end)}${rule}${html.slice(end)}`.replaceAll(ISLAND_STYLE, '');
}

/** What the build's scripts weigh on each page: read once, words per set of scripts. */
export interface ScriptCache {
  sources: Map<string, string>;
  words: Map<string, Words>;
  pruned: Map<string, string>;
}
export const scriptCache = (): ScriptCache => ({ sources: new Map(), words: new Map(), pruned: new Map() });

/** What page CSS reads and writes of the build: its scripts, and the whole stylesheet's file. */
export interface BuildFiles {
  read: ReadBuildFile;
  write: WriteHashed;
}

/**
 * A built page's HTML with its inline stylesheets pruned, its whole stylesheet linked (a file
 * `files.write` makes) and its CSP naming only its own inline styles and scripts.
 */
export function prunePageHtml(original: string, files: BuildFiles, cache = scriptCache()) {
  if (!original.includes('<style>')) return original;
  const html = withIslandRuleInHead(original);
  const sheets = [...html.matchAll(STYLE)].map((m) => m[1]!);
  const withoutStyles = html.replace(STYLE, '');
  const urls = scriptsOf(files.read, withoutStyles, cache.sources);
  const scriptsKey = urls.join(' ');
  let scriptWords = cache.words.get(scriptsKey);
  if (!scriptWords)
    cache.words.set(scriptsKey, (scriptWords = wordsOf(...urls.map((u) => cache.sources.get(u) ?? ''))));
  const words = both(wordsOf(withoutStyles), scriptWords);
  let out = html;
  for (const m of html.matchAll(STYLE)) {
    const before = m[1]!;
    // Pages of one template mostly use the same classes: prune once per stylesheet and class set.
    const usable = usableClasses(before, words);
    const key = `${hashOf(before)} ${[...usable].sort().join(' ')}`;
    let after = cache.pruned.get(key);
    if (after === undefined) cache.pruned.set(key, (after = pruneCss(before, usable)));
    if (after === before) continue;
    out = out.replace(`<style>${before}</style>`, () => `<style>${after}</style>`);
  }
  const fold = out.indexOf(FOLD_MARKER);
  if (fold !== -1) out = firstScreenOnly(out, fold);
  return onlyOwnHashes(linkWholeStylesheet(files.write, out, sheets));
}

/** Prunes the inline stylesheets of one built page; returns the bytes saved. */
export function prunePage(dist: string, file: string, cache = scriptCache()) {
  const original = readFileSync(file, 'utf8');
  const out = prunePageHtml(
    original,
    {
      read: (url) => {
        try {
          return readFileSync(join(dist, url), 'utf8');
        } catch {
          return '';
        }
      },
      write: (name, extension, content) => writeHashedFile(dist, name, extension, content),
    },
    cache,
  );
  if (out !== original) writeFileSync(file, out);
  return original.length - out.length;
}

/** The Astro integration: runs over every built page once the build is written. */
export function pageCss(): AstroIntegration {
  return {
    name: 'page-css',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const cache = scriptCache();
        const files = htmlFiles(dist);
        const saved = files.reduce((sum, f) => sum + prunePage(dist, f, cache), 0);
        logger.info(`${files.length} pages: ${(saved / 1024).toFixed(0)} KB of unused CSS rules left out`);
      },
    },
  };
}
