// Page weight per built page: HTML, CSS and the JavaScript a page loads before any interaction,
// raw and brotli. Budgets: HTML <= 30 KB, CSS <= 15 KB, JS <= 80 KB brotli; a page
// without islands ships no framework: at most the header's own script (site/client-scripts/site-header.ts,
// ~2 KB brotli), capped at 5 KB brotli so a framework or an island's code cannot slip in unseen.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { ISLAND_RUNTIME_MARK } from '../build/deferred-islands.ts';

export const BUDGET = { html: 30 * 1024, css: 15 * 1024, js: 80 * 1024, jsWithoutIslands: 5 * 1024 };
/**
 * Where a page with islands fails the run. The target is still BUDGET.js (80 KB): pages
 * between the two are listed as "above target". The header's sign-out, the dashboards'
 * timelines and "Your data" and the typed client took nine pages 0.4-6 KB over
 * 80 KB on 2026-11-23; the ceiling keeps them from growing further until they are brought back
 * (docs/history/performance-rounds.md §2, "Above target"; today's figures: docs/performance.md §2).
 */
export const JS_CEILING = 88 * 1024;

export interface PageWeight {
  page: string;
  islands: number;
  html: { raw: number; br: number };
  css: { raw: number; br: number; files: number };
  js: { raw: number; br: number; files: number };
  breaches: string[];
  /** Above the 80 KB target but under the ceiling: shown, not failed. */
  notes: string[];
}

const brotliCache = new Map<string, number>();
const br = (buf: Buffer) =>
  brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const brFile = (file: string) => {
  let n = brotliCache.get(file);
  if (n === undefined) brotliCache.set(file, (n = br(readFileSync(file))));
  return n;
};

function walk(dir: string, out: string[] = []) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (name.endsWith('.html')) out.push(full);
  }
  return out;
}

/** The file an absolute or relative URL in a page or module points at inside dist/. */
function local(dist: string, from: string, url: string) {
  if (/^(https?:)?\/\//.test(url) || url.startsWith('data:')) return undefined;
  const clean = url.split(/[?#]/)[0]!;
  // Absolute either way: a chunk named in the page and imported by another chunk is one file
  // (a relative `dist/_astro/x.js` and an absolute path to it were counted twice).
  const file = clean.startsWith('/') ? resolve(dist, `.${clean}`) : resolve(dirname(from), clean);
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/** A module and everything it imports statically (what the browser fetches before running it). */
function moduleGraph(dist: string, entry: string, seen: Set<string>) {
  if (seen.has(entry)) return;
  seen.add(entry);
  const code = readFileSync(entry, 'utf8');
  // Static imports only: `import x from "./a.js"`, `import "./a.js"`, `export * from "./a.js"`.
  for (const m of code.matchAll(
    /(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["']([^"']+\.m?js)["']/g,
  )) {
    const file = local(dist, entry, m[1]!);
    if (file) moduleGraph(dist, file, seen);
  }
}

const attr = (tag: string, name: string) =>
  tag
    .match(new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
    ?.slice(1)
    .find((v) => v !== undefined);

/** Weighs one built page. Pages under `exclude` (e.g. dist/peer, the benchmark SPA) are skipped. */
export function weighPage(dist: string, file: string): PageWeight {
  const html = readFileSync(file, 'utf8');
  const page =
    '/' +
    relative(dist, file)
      .replace(/index\.html$/, '')
      .replace(/\.html$/, '');
  const islands = (html.match(/<astro-island\b/g) ?? []).length;

  const cssFiles = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/rel=["']?stylesheet/i.test(tag)) continue;
    const f = local(dist, file, attr(tag, 'href') ?? '');
    if (f) cssFiles.add(f);
  }
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!).join('');

  // JavaScript before interaction: module/classic scripts, modulepreloads, and each island's
  // component and renderer (hydrated on load, idle or visible: counted, to stay conservative).
  const jsEntries = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, 'src');
    const f = src ? local(dist, file, src) : undefined;
    if (f) jsEntries.add(f);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/rel=["']?modulepreload/i.test(tag)) continue;
    const f = local(dist, file, attr(tag, 'href') ?? '');
    if (f) jsEntries.add(f);
  }
  for (const tag of html.match(/<astro-island\b[^>]*>/gi) ?? []) {
    // directive-url: the directive's script, a file where the runtime left the page (deferred-islands.ts).
    for (const a of ['component-url', 'renderer-url', 'before-hydration-url', 'directive-url']) {
      const f = local(dist, file, attr(tag, a) ?? '');
      if (f) jsEntries.add(f);
    }
  }
  const inlineJs = [
    ...html.matchAll(
      /<script\b(?![^>]*\bsrc=)(?![^>]*type=["']?application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/gi,
    ),
  ]
    .map((m) => m[1]!)
    .join('');
  // And the files loaded by URL without any interaction, after the first paint: the page script
  // (named in its inline loader), and Astro's island runtime when the page's islands need it and it
  // is not inline (the page script loads it: scripts/build/page-scripts.ts, deferred-islands.ts).
  for (const m of inlineJs.matchAll(/["'`](\/_astro\/[^"'`]+\.js)["'`]/g)) {
    const f = local(dist, file, m[1]!);
    if (f) jsEntries.add(f);
  }
  const jsFiles = new Set<string>();
  for (const e of jsEntries) moduleGraph(dist, e, jsFiles);
  if (islands && !inlineJs.includes(ISLAND_RUNTIME_MARK))
    for (const f of [...jsFiles]) {
      const runtime = /"(\/_astro\/astro-island\.[\w-]+\.js)"/.exec(readFileSync(f, 'utf8'))?.[1];
      const found = runtime && local(dist, file, runtime);
      if (found) jsFiles.add(found);
    }

  const sum = (files: Set<string>, f: (x: string) => number) => [...files].reduce((n, x) => n + f(x), 0);
  const weight: PageWeight = {
    page,
    islands,
    html: { raw: Buffer.byteLength(html), br: br(Buffer.from(html)) },
    css: {
      raw: sum(cssFiles, (x) => statSync(x).size) + Buffer.byteLength(inlineCss),
      br: sum(cssFiles, brFile) + (inlineCss ? br(Buffer.from(inlineCss)) : 0),
      files: cssFiles.size,
    },
    js: {
      raw: sum(jsFiles, (x) => statSync(x).size) + Buffer.byteLength(inlineJs),
      br: sum(jsFiles, brFile) + (inlineJs ? br(Buffer.from(inlineJs)) : 0),
      files: jsFiles.size,
    },
    breaches: [],
    notes: [],
  };
  if (weight.html.br > BUDGET.html)
    weight.breaches.push(`HTML ${kb(weight.html.br)} > ${kb(BUDGET.html)} brotli`);
  if (weight.css.br > BUDGET.css) weight.breaches.push(`CSS ${kb(weight.css.br)} > ${kb(BUDGET.css)} brotli`);
  if (weight.js.br > JS_CEILING)
    weight.breaches.push(`JS ${kb(weight.js.br)} > ${kb(JS_CEILING)} brotli before interaction`);
  else if (weight.js.br > BUDGET.js)
    weight.notes.push(`above target: JS ${kb(weight.js.br)} > ${kb(BUDGET.js)}`);
  if (islands === 0 && weight.js.br > BUDGET.jsWithoutIslands)
    weight.breaches.push(
      `ships ${kb(weight.js.br)} brotli of JavaScript without any island (> ${kb(BUDGET.jsWithoutIslands)})`,
    );
  return weight;
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * Weighs every public page under dist/: not the benchmark peer, and not the staff-only back office
 * or the development tools, which no visitor loads (the budgets are for public pages).
 */
export function weighSite(dist = 'dist') {
  if (!existsSync(join(dist, 'index.html')))
    throw new Error(`No built site in ${dist}/: run \`npm run build\` (or \`npm start\`) first.`);
  const exclude = ['peer', 'admin', 'dev'].map((folder) => join(dist, folder) + '/');
  return walk(dist)
    .filter((f) => !exclude.some((e) => f.startsWith(e)))
    .sort()
    .map((f) => weighPage(dist, f));
}

/** Prints the table; returns the number of pages over budget. */
export function printWeights(weights: PageWeight[], { limit = Infinity } = {}) {
  const rows = weights.map((w) => [
    w.page,
    String(w.islands),
    `${kb(w.html.raw)} / ${kb(w.html.br)}`,
    `${kb(w.css.raw)} / ${kb(w.css.br)}`,
    `${kb(w.js.raw)} / ${kb(w.js.br)}`,
    w.breaches.length ? 'OVER: ' + w.breaches.join('; ') : w.notes.length ? w.notes.join('; ') : 'ok',
  ]);
  const head = ['page', 'islands', 'HTML raw / br', 'CSS raw / br', 'JS raw / br', 'budget'];
  const shown = [...rows.filter((r) => r[5] !== 'ok'), ...rows.filter((r) => r[5] === 'ok')].slice(0, limit);
  const widths = head.map((h, i) => Math.max(h.length, ...shown.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(head));
  for (const r of shown) console.log(line(r));
  if (shown.length < rows.length)
    console.log(`... and ${rows.length - shown.length} more pages within budget`);
  const over = weights.filter((w) => w.breaches.length).length;
  const max = (f: (w: PageWeight) => number) => Math.max(0, ...weights.map(f));
  console.log(
    `\n${weights.length} pages; largest brotli: HTML ${kb(max((w) => w.html.br))}, CSS ${kb(max((w) => w.css.br))}, JS ${kb(max((w) => w.js.br))}; pages without islands: ${weights.filter((w) => !w.islands).length} (largest JS ${kb(max((w) => (w.islands ? 0 : w.js.br)))} brotli); above the ${kb(BUDGET.js)} JS target: ${weights.filter((w) => w.notes.length).length}; over budget: ${over}`,
  );
  return over;
}

/**
 * Proves the checker can fail: a synthetic dist/ with a page that ships more than the header's
 * allowance of JS without an island (incompressible, 8 KB brotli), a
 * page over the HTML budget and a page whose island graph exceeds the JS budget must all breach.
 */
export async function selfCheck() {
  const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { randomBytes } = await import('node:crypto');
  const dir = mkdtempSync(join(tmpdir(), 'budget-self-check-'));
  try {
    mkdirSync(join(dir, '_astro'));
    mkdirSync(join(dir, 'big'));
    mkdirSync(join(dir, 'island'));
    writeFileSync(join(dir, '_astro', 'a.js'), `console.log("${randomBytes(8_000).toString('hex')}")`);
    // Incompressible JS (random hex) imported from the island's component: 200 KB > 80 KB brotli.
    writeFileSync(
      join(dir, '_astro', 'dep.js'),
      `export const x = "${randomBytes(100_000).toString('hex')}";`,
    );
    writeFileSync(join(dir, '_astro', 'island.js'), 'import { x } from "./dep.js"; export default x;');
    writeFileSync(
      join(dir, 'index.html'),
      '<html><head><script type="module" src="/_astro/a.js"></script></head><body>no island</body></html>',
    );
    writeFileSync(
      join(dir, 'big', 'index.html'),
      `<html><body>${randomBytes(40_000).toString('hex')}</body></html>`,
    );
    writeFileSync(
      join(dir, 'island', 'index.html'),
      '<html><body><astro-island component-url="/_astro/island.js"></astro-island></body></html>',
    );
    const byPage = Object.fromEntries(
      walk(dir).map((f) => {
        const w = weighPage(dir, f);
        return [w.page, w.breaches.join('; ')];
      }),
    );
    const expectations: [string, RegExp][] = [
      ['/', /without any island/],
      ['/big/', /^HTML/],
      ['/island/', /^JS .* before interaction/],
    ];
    const missed = expectations.filter(([page, re]) => !re.test(byPage[page] ?? ''));
    if (missed.length)
      throw new Error(
        `Budget self-check failed: not flagged: ${missed.map(([p]) => p).join(', ')} (${JSON.stringify(byPage)})`,
      );
    console.log(
      'Budget self-check: a page shipping JS without islands, an oversized HTML page and an oversized island are all flagged.',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
