// npm run perf [-- --smoke] [-- --lighthouse [--pages subject,courses] [--runs N] [--diagnose]] [-- --scale N [--reuse]] [-- --no-build] [-- --port 8780] [-- --json FILE]
//
// Always: page-weight budgets over dist/ (exit 1 on a breach). --lighthouse: ours vs the SPA peer
// (bench/spa-peer, built into dist/peer) under one wrangler dev. --scale N: search latency and
// build time/memory with N generated subjects and jobs in a scratch database (.wrangler/scale).
// Figures are printed, never asserted (other than the byte budgets, which are deterministic).
import { existsSync, writeFileSync } from 'node:fs';
import { printWeights, selfCheck, weighSite } from './budgets.ts';
import { printMachine, machine } from './lib/stats.ts';
import { run } from '../lib/run.ts';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
const port = Number(option('--port') ?? process.env.PERF_PORT ?? 8780);
const smoke = flag('--smoke');
const report: Record<string, unknown> = { machine: await machine() };

await printMachine();

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
  const { runLighthouse, printLighthouse, ourPages, peerPages } = await import('./lighthouse.ts');
  const { startServer } = await import('./lib/server.ts');
  const { discoverIds } = await import('./lib/endpoints.ts');
  console.log('\n== Lighthouse (mobile preset, median of 3): ours vs the SPA peer ==');
  await run('vite', ['build', '--config', 'bench/spa-peer/vite.config.ts']);
  // One HTML file per peer route (the assets server has no SPA fallback under /peer).
  const { mkdirSync, copyFileSync } = await import('node:fs');
  for (const r of ['country', 'subject']) { mkdirSync(`dist/peer/${r}`, { recursive: true }); copyFileSync('dist/peer/index.html', `dist/peer/${r}/index.html`); }
  const server = await startServer({ port });
  try {
    const ids = await discoverIds(server.url);
    const runs = Number(option('--runs') ?? (smoke ? 1 : 3));
    // --pages home,subject: only those pages (ours and the peer's of the same name), for quicker
    // iterations on one page; the published figures are from a run over all of them.
    const only = option('--pages')?.split(',').map((p) => p.trim()).filter(Boolean);
    const pick = <T extends { name: string }>(list: T[]) => (only ? list.filter((p) => only.includes(p.name)) : list);
    const ours = pick(ourPages(ids));
    if (only && !ours.length) throw new Error(`--pages ${only.join(',')}: no such page (${ourPages(ids).map((p) => p.name).join(', ')})`);
    const diagnoseOpt = { diagnose: flag('--diagnose') };
    console.log('Ours:');
    const oursResults = await runLighthouse(server.url, ours, runs, diagnoseOpt);
    console.log('Peer:');
    const peerResults = await runLighthouse(server.url, pick(peerPages(ids)), runs, diagnoseOpt);
    console.log('');
    printLighthouse(oursResults, peerResults, ours.map((p) => p.name));
    report.lighthouse = { ours: oursResults, peer: peerResults };
  } finally {
    await server.stop();
  }
}

const scale = option('--scale');
if (scale) {
  const { scaleRun } = await import('./scale.ts');
  report.scale = await scaleRun(Number(scale), port, { build: !flag('--no-build'), reuse: flag('--reuse') });
}

const json = option('--json');
if (json) writeFileSync(json, JSON.stringify(report, null, 2));

if (over) {
  console.error(`\nPage-weight budget breached on ${over} page(s).`);
  process.exit(1);
}
console.log('\nPage-weight budgets: all pages within budget.');
process.exit(0);
