// Lighthouse (mobile preset, the default config) on our pages and on the SPA peer's, median of
// 3 runs each, in Debian's Chromium. Prints the table side by side.
import * as chromeLauncher from 'chrome-launcher';
import { chromiumArgs, ensureChromium, fullChromium } from '../lib/chromium.ts';
import lighthouse from 'lighthouse';
import { median, table } from './lib/stats.ts';

export interface LhResult {
  url: string;
  status: 'ok' | 'skipped';
  reason?: string;
  performance?: number;
  accessibility?: number;
  bestPractices?: number;
  seo?: number;
  lcp?: number;
  tbt?: number;
  cls?: number;
  fcp?: number;
  /** Every run's LCP (the floor's median is taken over the runs before and after the pages). */
  lcpSamples?: number[];
  /** Bytes the page's HTML document took on the wire (compressed, with its response headers). */
  documentBytes?: number;
}

/**
 * What the first round trip of a new connection can carry in Lighthouse's network model (Lantern's
 * initial congestion window: 10 segments of 1,460 bytes). A first document larger than this costs
 * the largest paint one more round trip (about 150 ms on the mobile preset): the table marks it.
 */
const FIRST_WINDOW_BYTES = 10 * 1460;

/** Our public pages (those that exist in this build are measured; the rest reported skipped). */
export function ourPages(ids: { country: string; subject: string; job?: string }) {
  return [
    { name: 'home', path: '/' },
    { name: 'destinations', path: '/destinations' },
    { name: 'country', path: `/country-details/${ids.country}` },
    { name: 'subject', path: `/subject/${ids.subject}` },
    { name: 'courses', path: '/courses' },
    { name: 'payment', path: '/payment' },
    { name: 'institutions', path: '/institutions' },
    { name: 'about-us', path: '/about-us' },
    { name: 'higher-education', path: '/higher-education' },
    { name: 'support', path: '/support' },
    { name: 'recruitments', path: '/recruitments' },
    { name: 'jobs', path: '/job' },
    ...(ids.job ? [{ name: 'job', path: `/job/${ids.job}` }] : []),
    { name: 'book-consultation', path: '/book-consultation' },
  ];
}

/**
 * The floor: a bare HTML page with one heading, served by the same server in the same run. Its LCP
 * is what the network model, the server and Chromium cost before any page of ours does any work,
 * so "LCP ÷ floor" is the figure that survives a busy shared machine (absolute times do not).
 */
export const FLOOR_PATH = '/perf-floor';
export const FLOOR_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor</title><meta name="description" content="A bare page: the LCP floor of this server and machine."><link rel="icon" href="data:,">
</head><body><h1>One heading, nothing else</h1></body></html>
`;

export function peerPages(ids: { country: string; subject: string }) {
  return [
    { name: 'home', path: '/peer' },
    { name: 'country', path: `/peer/country?id=${ids.country}` },
    { name: 'subject', path: `/peer/subject?id=${ids.subject}` },
  ];
}

type Audits = Record<string, { score: number | null; numericValue?: number; details?: unknown } | undefined>;

/** Table rows of an audit's details (Lighthouse nests them: table, list of tables, checklist). */
function rows(details: unknown): Record<string, unknown>[] {
  const d = details as { type?: string; items?: unknown[] } | undefined;
  if (!d?.items) return [];
  if (d.type === 'list') return d.items.flatMap((i) => rows(i));
  return d.items as Record<string, unknown>[];
}
const nodeText = (v: unknown) => {
  const n = v as { selector?: string; snippet?: string } | undefined;
  if (n?.snippet) return `${n.selector ?? ''} ${n.snippet}`.slice(0, 160);
  return typeof v === 'string' ? v : JSON.stringify(v ?? '');
};

/**
 * What to look at when a page misses its LCP or CLS goal (`--diagnose`): the LCP element and its
 * phases, the layout shifts and their culprits, and the resources that block rendering. Read from
 * the same report the scores come from, so no second Lighthouse run is needed.
 */
function diagnose(audits: Audits) {
  for (const r of rows(audits['largest-contentful-paint-element']?.details)) {
    if (r.node) console.log(`    LCP element: ${nodeText(r.node)}`);
    else if (r.phase)
      console.log(
        `    LCP phase ${typeof r.phase === 'string' ? r.phase : JSON.stringify(r.phase)}: ${Number(r.timing).toFixed(0)} ms`,
      );
  }
  for (const r of rows(audits['layout-shifts']?.details).slice(0, 5))
    console.log(
      `    shift ${Number(r.score).toFixed(3)}: ${nodeText(r.node)}${Array.isArray((r.subItems as { items?: unknown[] })?.items) ? ` (culprit: ${(r.subItems as { items: { extra?: { value?: string }; cause?: string }[] }).items.map((c) => `${c.cause ?? ''} ${c.extra?.value ?? ''}`.trim()).join('; ')})` : ''}`,
    );
  for (const r of rows(
    audits['render-blocking-insight']?.details ?? audits['render-blocking-resources']?.details,
  ))
    console.log(`    render-blocking: ${String(r.url)} (${Number(r.wastedMs ?? 0).toFixed(0)} ms)`);
  const bootup = rows(audits['bootup-time']?.details)
    .slice(0, 4)
    .map((r) => `${String(r.url).replace(/^https?:\/\/[^/]+/, '')} ${Number(r.total).toFixed(0)} ms`);
  if (bootup.length) console.log(`    main-thread by script: ${bootup.join(', ')}`);
}

async function once(url: string, port: number, opts: { diagnose?: boolean } = {}) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // Every run a first view, as a Lighthouse run in a fresh browser profile is. Lighthouse clears
    // the HTTP cache between runs but by default not localStorage, and one Chromium measures every
    // page here: the web font's flag (site/lib/web-font.ts, "Inter is in the cache") set by one run
    // made every later page request the 48 KB font before its first paint, with the cache empty.
    clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError)
    throw new Error(`Lighthouse could not load ${url}: ${runtimeError.code} ${runtimeError.message}`);
  // What keeps a category under 100, so the report can say what to fix.
  const misses = Object.entries(categories).flatMap(([k, cat]) =>
    (cat.score ?? 0) < 1
      ? cat.auditRefs.filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 1).map((r) => `${k}:${r.id}`)
      : [],
  );
  if (misses.length) console.log(`    below 100 because of: ${[...new Set(misses)].join(', ')}`);
  if (opts.diagnose) diagnose(audits);
  const document = rows(audits['network-requests']?.details).find((r) => r.resourceType === 'Document');
  const score = (k: string) => Math.round((categories[k]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
    documentBytes: Number(document?.transferSize ?? NaN),
  };
}

/**
 * Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): that
 * run is repeated (twice at most) instead of ending the whole comparison.
 */
async function retried<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (error) {
      if (i >= attempts || !/could not load/.test((error as Error).message)) throw error;
      console.log(
        `    (${(error as Error).message.split(':').slice(1).join(':').trim().slice(0, 60)}…: run again)`,
      );
    }
  }
}

/** Runs each page `runs` times (median of each figure). Pages answering 404 are skipped. */
export async function runLighthouse(
  base: string,
  pages: { name: string; path: string }[],
  runs = 3,
  opts: { diagnose?: boolean; chromeFlags?: string[] } = {},
): Promise<LhResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: await ensureChromium(fullChromium),
    chromeFlags: ['--headless=new', '--disable-dev-shm-usage', ...chromiumArgs, ...(opts.chromeFlags ?? [])],
  });
  const out: LhResult[] = [];
  try {
    for (const page of pages) {
      const url = base + page.path;
      const probe = await fetch(url);
      await probe.arrayBuffer();
      if (probe.status !== 200) {
        console.log(`  ${page.name} ${page.path}: skipped: page not present (${probe.status})`);
        out.push({ url: page.path, status: 'skipped', reason: String(probe.status) });
        continue;
      }
      const samples: Awaited<ReturnType<typeof once>>[] = [];
      for (let i = 0; i < runs; i++) samples.push(await retried(() => once(url, chrome.port, opts)));
      const m = (k: keyof (typeof samples)[number]) => median(samples.map((s) => s[k]));
      const r: LhResult = {
        url: page.path,
        status: 'ok',
        performance: m('performance'),
        accessibility: m('accessibility'),
        bestPractices: m('bestPractices'),
        seo: m('seo'),
        lcp: m('lcp'),
        tbt: m('tbt'),
        cls: m('cls'),
        fcp: m('fcp'),
        documentBytes: m('documentBytes'),
        lcpSamples: samples.map((x) => x.lcp),
      };
      console.log(
        `  ${page.name} ${page.path}: perf ${r.performance}, a11y ${r.accessibility}, BP ${r.bestPractices}, SEO ${r.seo}, LCP ${r.lcp!.toFixed(0)} ms, TBT ${r.tbt!.toFixed(0)} ms, CLS ${r.cls!.toFixed(3)}`,
      );
      out.push(r);
    }
  } finally {
    chrome.kill();
  }
  return out;
}

/**
 * Each page's LCP beside the floor's (median of the floor runs made before and after the pages, so a
 * machine that got busier during the run moves the floor too) and the ratio; the goal is ≤ 1.3×
 * with the four scores at 100 and CLS 0.
 */
export function printFloorTable(ours: LhResult[], names: string[], floor: LhResult) {
  const rows = ours.map((o, i) => {
    const ratio = o.lcp && floor.lcp ? o.lcp / floor.lcp : NaN;
    const scores =
      o.status === 'ok' ? `${o.performance}/${o.accessibility}/${o.bestPractices}/${o.seo}` : 'skipped';
    return [
      names[i]!,
      o.url,
      o.lcp?.toFixed(0) ?? '-',
      floor.lcp?.toFixed(0) ?? '-',
      Number.isNaN(ratio) ? '-' : `${ratio.toFixed(2)}×${ratio > 1.3 ? ' !' : ''}`,
      scores,
      o.cls?.toFixed(3) ?? '-',
      o.tbt?.toFixed(0) ?? '-',
      documentKb(o.documentBytes),
    ];
  });
  table(
    ['page', 'path', 'LCP ms', 'floor ms', 'LCP ÷ floor', 'P/A/BP/SEO', 'CLS', 'TBT ms', 'document kB'],
    rows,
  );
  console.log(
    `  document kB: the HTML on the wire; "!" when over the first round trip (${(FIRST_WINDOW_BYTES / 1000).toFixed(1)} kB).`,
  );
}

const documentKb = (bytes: number | undefined) =>
  bytes === undefined || Number.isNaN(bytes)
    ? '-'
    : `${(bytes / 1000).toFixed(1)}${bytes > FIRST_WINDOW_BYTES ? ' !' : ''}`;

export function printLighthouse(ours: LhResult[], peer: LhResult[], names: string[]) {
  const rows = ours.map((o, i) => {
    const name = names[i]!;
    const p = peer.find((x) => (name === 'home' ? x.url === '/peer' : x.url.includes(`/peer/${name}`)));
    const ratio = o.lcp && p?.lcp ? (o.lcp / p.lcp).toFixed(2) : '-';
    const fmt = (r?: LhResult) =>
      r?.status === 'ok' ? `${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo}` : 'skipped';
    return [
      name,
      o.url,
      fmt(o),
      o.lcp?.toFixed(0) ?? '-',
      o.tbt?.toFixed(0) ?? '-',
      o.cls?.toFixed(3) ?? '-',
      fmt(p),
      p?.lcp?.toFixed(0) ?? '-',
      p?.tbt?.toFixed(0) ?? '-',
      p?.cls?.toFixed(3) ?? '-',
      ratio,
    ];
  });
  table(
    [
      'page',
      'ours',
      'ours P/A/BP/SEO',
      'LCP ms',
      'TBT ms',
      'CLS',
      'peer P/A/BP/SEO',
      'peer LCP',
      'peer TBT',
      'peer CLS',
      'LCP ours/peer',
    ],
    rows,
  );
}
