// npm run perf -- --insight [--reuse] [--rounds N]: only the staff insight endpoints at scale (scripts/perf/insight.ts).
// npm run perf [-- --smoke] [-- --lighthouse [--pages subject,courses] [--runs N] [--diagnose] [--no-peer]] [-- --photos [--runs N]] [-- --scale N [--jobs M] [--reuse]] [-- --no-build] [-- --port 8780] [-- --json FILE]
//
// Always: page-weight budgets over dist/ (exit 1 on a breach). --lighthouse: each page's LCP beside
// the floor's (a bare one-heading page, same server, same run) and ours vs the SPA peer
// (bench/spa-peer, built into dist/peer) under one wrangler dev. --photos: the same with phone-size
// photographs uploaded as heroes and cards (scripts/perf/photos.ts). --scale N: search latency and
// build time/memory with N generated subjects and jobs in a scratch database (.wrangler/scale).
// Figures are printed, never asserted (other than the byte budgets, which are deterministic).
import { existsSync, writeFileSync } from 'node:fs';
import { printWeights, selfCheck, weighSite } from './budgets.ts';
import { printMachine, machine } from './lib/stats.ts';
import { run } from '../lib/run.ts';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const port = Number(option('--port') ?? process.env.PERF_PORT ?? 8780);
const smoke = flag('--smoke');
const report: Record<string, unknown> = { machine: await machine() };

await printMachine();

// The insight endpoints at scale need no built site: measured on their own (scripts/perf/insight.ts).
if (flag('--insight')) {
  const { insightRun } = await import('./insight.ts');
  const rounds = option('--rounds');
  report.insight = await insightRun(port, {
    reuse: flag('--reuse'),
    ...(rounds ? { rounds: Number(rounds) } : {}),
  });
  const json = option('--json');
  if (json) writeFileSync(json, JSON.stringify(report, null, 2));
  process.exit(0);
}

if (!existsSync('dist/index.html')) {
  if (flag('--no-build')) throw new Error('No dist/: build first (npm run build) or drop --no-build.');
  console.log('No dist/ yet: building the site (node scripts/prepare-db.ts && astro build) ...');
  await run('node', ['scripts/prepare-db.ts']);
  await run('astro', ['build']);
}

console.log('\n== Page weight (per built page; JS = everything loaded before interaction) ==');
await selfCheck();
const weights = weighSite('dist');
const over = printWeights(weights, { limit: smoke ? 15 : Infinity });
report.weights = weights;

if (flag('--lighthouse')) {
  const { runLighthouse, printLighthouse, printFloorTable, ourPages, peerPages, FLOOR_PATH, FLOOR_HTML } =
    await import('./lighthouse.ts');
  const { startServer } = await import('./lib/server.ts');
  const { discoverIds } = await import('./lib/endpoints.ts');
  console.log(
    '\n== Lighthouse (mobile preset, median of --runs, default 3): against the floor, and ours vs the SPA peer ==',
  );
  if (!flag('--no-peer')) await run('vite', ['build', '--config', 'bench/spa-peer/vite.config.ts']);
  // One HTML file per peer route (the assets server has no SPA fallback under /peer).
  const { mkdirSync, copyFileSync } = await import('node:fs');
  const { median } = await import('./lib/stats.ts');
  if (!flag('--no-peer'))
    for (const r of ['country', 'subject']) {
      mkdirSync(`dist/peer/${r}`, { recursive: true });
      copyFileSync('dist/peer/index.html', `dist/peer/${r}/index.html`);
    }
  // The floor page lives in dist/ only for this run (the same assets server serves it).
  const { rmSync, writeFileSync: write } = await import('node:fs');
  mkdirSync(`dist${FLOOR_PATH}`, { recursive: true });
  write(`dist${FLOOR_PATH}/index.html`, FLOOR_HTML);
  // As in production: the Worker has Stripe keys (the local fake API's), and Chromium gets Stripe.js
  // from a local stand-in (scripts/perf/lib/stripe-js-standin.ts), so /payment shows its card form.
  const { startStripeJsStandIn } = await import('./lib/stripe-js-standin.ts');
  const stripeJs = await startStripeJsStandIn();
  const server = await startServer({ port, stripeFake: true }).catch(async (error: unknown) => {
    await stripeJs.close();
    throw error;
  });
  try {
    const ids = await discoverIds(server.url);
    const runs = Number(option('--runs') ?? (smoke ? 1 : 3));
    // --pages home,subject: only those pages (ours and the peer's of the same name), for quicker
    // iterations on one page; the published figures are from a run over all of them.
    const only = option('--pages')
      ?.split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const pick = <T extends { name: string }>(list: T[]) =>
      only ? list.filter((p) => only.includes(p.name)) : list;
    const ours = pick(ourPages(ids));
    if (only && !ours.length)
      throw new Error(
        `--pages ${only.join(',')}: no such page (${ourPages(ids)
          .map((p) => p.name)
          .join(', ')})`,
      );
    const diagnoseOpt = { diagnose: flag('--diagnose'), chromeFlags: stripeJs.chromeFlags };
    const floorPage = [{ name: 'floor', path: FLOOR_PATH }];
    console.log('Floor (before):');
    const [floorBefore] = await runLighthouse(server.url, floorPage, runs, {
      chromeFlags: stripeJs.chromeFlags,
    });
    console.log('Ours:');
    const oursResults = await runLighthouse(server.url, ours, runs, diagnoseOpt);
    console.log('Floor (after):');
    const [floorAfter] = await runLighthouse(server.url, floorPage, runs, {
      chromeFlags: stripeJs.chromeFlags,
    });
    const floorSamples = [...(floorBefore?.lcpSamples ?? []), ...(floorAfter?.lcpSamples ?? [])];
    const floor = { ...floorBefore!, lcp: median(floorSamples) };
    const peerResults = flag('--no-peer')
      ? []
      : (console.log('Peer:'), await runLighthouse(server.url, pick(peerPages(ids)), runs, diagnoseOpt));
    console.log(
      `\nLCP against the floor (floor: median of ${floorSamples.length} runs, ${floorSamples.map((x) => x.toFixed(0)).join(' / ')} ms; load ${(await machine()).load}):`,
    );
    printFloorTable(
      oursResults,
      ours.map((p) => p.name),
      floor,
    );
    if (peerResults.length) {
      console.log('');
      printLighthouse(
        oursResults,
        peerResults,
        ours.map((p) => p.name),
      );
    }
    report.lighthouse = { floor, ours: oursResults, peer: peerResults };
  } finally {
    await stripeJs.close();
    await server.stop();
    rmSync(`dist${FLOOR_PATH}`, { recursive: true, force: true });
  }
}

if (flag('--photos')) {
  const { photosRun } = await import('./photos.ts');
  report.photos = await photosRun(port, Number(option('--runs') ?? 3));
}

const scale = option('--scale');
if (scale) {
  const { scaleRun } = await import('./scale.ts');
  const jobs = option('--jobs');
  report.scale = await scaleRun(Number(scale), port, {
    build: !flag('--no-build'),
    reuse: flag('--reuse'),
    ...(jobs ? { jobs: Number(jobs) } : {}),
  });
}

const json = option('--json');
if (json) writeFileSync(json, JSON.stringify(report, null, 2));

if (over) {
  console.error(`\nPage-weight budget breached on ${over} page(s).`);
  process.exit(1);
}
console.log('\nPage-weight budgets: all pages within budget.');
process.exit(0);
