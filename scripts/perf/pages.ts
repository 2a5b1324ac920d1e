// Page weight per built page: HTML, CSS and JavaScript bytes, raw and brotli-compressed.
// Fails (exit 1) when a page without islands ships more JavaScript than the header's own script
// (the allowance in scripts/perf/budgets.ts). Run after `astro build`.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { BUDGET } from './budgets.ts';

const dist = process.argv[2] ?? 'dist';
if (!existsSync(dist)) {
  console.error(`No ${dist}/ folder: run \`npm run build\` first.`);
  process.exit(1);
}

const brotli = (buf: Buffer) =>
  brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const pages: string[] = [];
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.html')) pages.push(path);
  }
};
walk(dist);
pages.sort();

const fileCache = new Map<string, Buffer>();
const asset = (url: string) => {
  const path = join(dist, url.split(/[?#]/)[0]!);
  if (!fileCache.has(path)) fileCache.set(path, existsSync(path) ? readFileSync(path) : Buffer.alloc(0));
  return fileCache.get(path)!;
};

/** Module scripts a page loads, following static imports (`import ... from "/_astro/x.js"`) once each. */
function scriptGraph(entries: string[]) {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = asset(url).toString('utf8');
    for (const m of code.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+|\/_astro\/[^"']+)["']/g)) {
      const spec = m[1]!;
      queue.push(spec.startsWith('/') ? spec : new URL(spec, `http://x${url}`).pathname);
    }
  }
  return [...seen];
}

const fmt = (n: number) => (n >= 1024 ? `${(n / 1024).toFixed(1)} kB` : `${n} B`);
const rows: string[][] = [];
let failed = false;
for (const file of pages) {
  const html = readFileSync(file);
  const text = html.toString('utf8');
  const route = `/${relative(dist, file)
    .replace(/index\.html$/, '')
    .replace(/\.html$/, '')}`;
  const css = [...text.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  const inlineCss = [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => Buffer.from(m[1]!));
  const islands = (text.match(/<astro-island/g) ?? []).length;
  const entryScripts = [
    ...[...text.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!),
    ...[...text.matchAll(/component-url="([^"]+)"/g)].map((m) => m[1]!),
    ...[...text.matchAll(/renderer-url="([^"]+)"/g)].map((m) => m[1]!),
    ...[...text.matchAll(/directive-url="([^"]+)"/g)].map((m) => m[1]!),
  ];
  const inlineJs = [
    ...text.matchAll(/<script(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g),
  ]
    .map((m) => Buffer.from(m[1]!))
    .filter((b) => b.length > 0);
  const jsFiles = scriptGraph([...new Set(entryScripts)]).map(asset);
  const cssBufs = [...css.map(asset), ...inlineCss];
  const jsBufs = [...jsFiles, ...inlineJs];
  const sum = (bufs: Buffer[], f: (b: Buffer) => number) => bufs.reduce((n, b) => n + f(b), 0);
  const jsRaw = sum(jsBufs, (b) => b.length);
  const jsBr = sum(jsBufs, brotli);
  const tooMuch = islands === 0 && jsBr > BUDGET.jsWithoutIslands;
  if (tooMuch) failed = true;
  rows.push([
    route,
    String(islands),
    fmt(html.length),
    fmt(brotli(html)),
    fmt(sum(cssBufs, (b) => b.length)),
    fmt(sum(cssBufs, brotli)),
    fmt(jsRaw),
    fmt(jsBr),
    tooMuch ? 'JS WITHOUT ISLANDS' : '',
  ]);
}

const header = ['page', 'islands', 'html', 'html br', 'css', 'css br', 'js', 'js br', ''];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) =>
  r
    .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
    .join('  ')
    .trimEnd();
console.log(line(header));
for (const r of rows) console.log(line(r));
console.log(`\n${pages.length} pages.`);
if (failed) {
  console.error(
    `A page without islands ships more than ${fmt(BUDGET.jsWithoutIslands)} brotli of JavaScript.`,
  );
  process.exit(1);
}
