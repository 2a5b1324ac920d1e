// npm run load [-- --smoke] [-- --url http://127.0.0.1:8787] [-- --port 8780] [-- --duration 30] [-- --json FILE]
//               [-- --direct | --compare] [-- --enumeration: see enumeration.ts] [-- --sign-in: see sign-in.ts]
//
// autocannon against a running server (ours on --port, started here, or --url): the public reads,
// login with a wrong password (401/429 expected: counted as non-2xx, apart from 5xx and errors)
// and a contact submission, at 10 and 50 connections for 30 s each (--smoke: 2 connections, 2 s).
// Endpoints the server does not have yet are reported as skipped.
//
// --direct runs the same Worker bundle in workerd through the Miniflare API, without wrangler dev's
// proxy (scripts/perf/lib/direct.ts), on the same local database; --compare runs wrangler dev
// and the direct Worker on --port + 1 (on a copy of the database) at once, alternating scenario by
// scenario so both see the same machine load, and prints the two side by side. EDGE_CACHE_SECONDS=0 in
// the environment turns the Worker's edge cache of public reads off (functions/middleware/edge-cache.ts).
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import type { z } from 'zod';
import type { homeContactSchema } from '#schemas/contact.ts';
import { serverFor, type RunningServer } from '../perf/lib/server.ts';
import { startDirect } from '../perf/lib/direct.ts';
import { discoverIds, fill, isPresent, type Endpoint } from '../perf/lib/endpoints.ts';
import { printMachine, table } from '../perf/lib/stats.ts';

const argv = process.argv.slice(2);
// The timing benchmark for account enumeration is its own script (one request at a time, not autocannon).
if (argv.includes('--enumeration')) {
  await import('./enumeration.ts');
  process.exit(0); // not reached: enumeration.ts exits with its own code
}
// What one sign-in costs in CPU, and what it does to the requests beside it (sign-in.ts).
if (argv.includes('--sign-in')) {
  await import('./sign-in.ts');
  process.exit(0);
}
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const smoke = argv.includes('--smoke');
const duration = Number(option('--duration') ?? (smoke ? 2 : 30));
const levels = smoke ? [2] : (option('--connections') ?? '10,50').split(',').map(Number);
const port = Number(option('--port') ?? process.env.LOAD_PORT ?? 8780);
const modes: ('wrangler dev' | 'direct')[] = argv.includes('--compare')
  ? ['wrangler dev', 'direct']
  : argv.includes('--direct')
    ? ['direct']
    : ['wrangler dev'];

interface Scenario {
  name: string;
  kind: 'read' | 'login' | 'form';
  method: Endpoint['method'];
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

const json = { 'Content-Type': 'application/json' };
/** A sign-in that fails (an unknown address): the load test never signs anyone in by accident. */
const wrongSignIn = { email: 'nobody@example.com', password: 'wrong-password-1' };
/** A visitor's enquiry as the contact form sends it (schemas/contact.ts), of a real one's size. */
const contactForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '020 7946 0123',
  subject: 'Study in the UK',
  country: 'United Kingdom',
  message: 'I would like advice on master’s programs.',
} satisfies z.input<typeof homeContactSchema>;

await printMachine();
const results: Record<string, unknown>[] = [];

async function start(mode: (typeof modes)[number]): Promise<RunningServer> {
  if (mode === 'wrangler dev') return serverFor(argv, port);
  let persistTo = process.env.WRANGLER_PERSIST_TO ?? '.wrangler/state';
  const directPort = modes.length > 1 ? port + 1 : port;
  if (modes.length > 1) {
    // Both servers run at once (so each scenario is measured on both within the same minute, under
    // the same machine load): the direct Worker gets its own copy of the database, as two workerd
    // processes must not share one SQLite file.
    const copy = `${persistTo.replace(/\/$/, '')}-direct-copy`;
    rmSync(copy, { recursive: true, force: true });
    cpSync(persistTo, copy, { recursive: true });
    persistTo = copy;
  }
  console.log(
    `Starting the Worker directly (Miniflare, no wrangler dev proxy) on 127.0.0.1:${directPort} (database ${persistTo}) ...`,
  );
  return startDirect({ port: directPort, persistTo });
}

async function scenariosFor(server: RunningServer) {
  const ids = await discoverIds(server.url);
  const candidates: Scenario[] = [
    { name: 'read: subjects list', kind: 'read', method: 'GET', path: '/api/subjects' },
    { name: 'read: subject', kind: 'read', method: 'GET', path: fill('/api/subjects/{subject}', ids) },
    { name: 'read: search', kind: 'read', method: 'GET', path: '/api/subjects/search?q=data' },
    { name: 'read: countries', kind: 'read', method: 'GET', path: '/api/countries' },
    { name: 'read: country', kind: 'read', method: 'GET', path: fill('/api/countries/{country}', ids) },
    { name: 'read: features', kind: 'read', method: 'GET', path: '/api/features' },
    { name: 'read: jobs', kind: 'read', method: 'GET', path: '/api/applyjobs' },
    {
      name: 'login (wrong password)',
      kind: 'login',
      method: 'POST',
      path: '/api/users/login',
      body: JSON.stringify(wrongSignIn),
      headers: json,
    },
    {
      name: 'contact submission',
      kind: 'form',
      method: 'POST',
      path: '/api/contact',
      body: JSON.stringify(contactForm),
      headers: json,
    },
  ];
  const scenarios: Scenario[] = [];
  for (const s of candidates) {
    if (await isPresent(server.url, { method: s.method, path: s.path, body: s.body ? 'json' : 'none' }, ids))
      scenarios.push(s);
    else console.log(`${s.name} (${s.method} ${s.path}): skipped: endpoint not present (404)`);
  }
  return scenarios;
}

async function measure(mode: string, server: RunningServer, s: Scenario, connections: number) {
  const statuses: Record<string, number> = {};
  const instance = autocannon({
    url: server.url + s.path,
    method: s.method,
    body: s.body,
    headers: s.headers,
    connections,
    duration,
    timeout: 10,
  });
  (
    instance as unknown as { on: (e: 'response', f: (client: unknown, statusCode: number) => void) => void }
  ).on('response', (_client, statusCode) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const r = await instance;
  const five = Object.entries(statuses)
    .filter(([k]) => k.startsWith('5'))
    .reduce((n, [, v]) => n + v, 0);
  results.push({
    mode,
    scenario: s.name,
    path: s.path,
    connections,
    duration,
    load: loadavg()[0]!.toFixed(1),
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    fiveXX: five,
    errors: r.errors,
    timeouts: r.timeouts,
    statuses,
  });
  return [
    s.name,
    r.requests.total,
    r.requests.average.toFixed(0),
    r.latency.p50,
    r.latency.p99,
    r.non2xx,
    five,
    r.errors + r.timeouts,
    Object.entries(statuses)
      .map(([k, v]) => `${k}:${v}`)
      .join(' '),
    loadavg()[0]!.toFixed(1),
  ];
}

const servers: { mode: string; server: RunningServer }[] = [];
try {
  // The direct Worker first: its copy of the database is taken before wrangler dev opens the original.
  for (const mode of [...modes].reverse()) servers.unshift({ mode, server: await start(mode) });
  const scenarios = await scenariosFor(servers[0]!.server);
  for (const connections of levels) {
    const rows: Record<string, (string | number)[][]> = {};
    console.log(
      `\n== ${connections} connections, ${duration} s each${modes.length > 1 ? ': wrangler dev and direct alternately' : ''} ==`,
    );
    for (const s of scenarios) {
      for (const { mode, server } of servers)
        (rows[mode] ??= []).push(await measure(mode, server, s, connections));
    }
    for (const { mode } of servers) {
      console.log(`\n-- ${mode}, ${connections} connections --`);
      table(
        ['scenario', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', '5xx', 'errors', 'statuses', 'load'],
        rows[mode]!,
      );
    }
  }
} finally {
  for (const { server } of servers) await server.stop();
}

if (modes.length > 1) {
  // Side by side: the same scenario and connections through wrangler dev and straight to workerd.
  console.log('\n== wrangler dev vs direct (req/s, p50 ms, p99 ms) ==');
  const rows: (string | number)[][] = [];
  for (const r of results.filter((x) => x.mode === 'wrangler dev')) {
    const d = results.find(
      (x) => x.mode === 'direct' && x.scenario === r.scenario && x.connections === r.connections,
    );
    if (!d) continue;
    rows.push([
      r.scenario as string,
      r.connections as number,
      `${(r.rps as number).toFixed(0)} / ${(d.rps as number).toFixed(0)}`,
      `${String(r.p50)} / ${String(d.p50)}`,
      `${String(r.p99)} / ${String(d.p99)}`,
      `${String(r.fiveXX)} / ${String(d.fiveXX)}`,
      `${String(r.errors)} / ${String(d.errors)}`,
    ]);
  }
  table(['scenario', 'conn', 'req/s wd / direct', 'p50', 'p99', '5xx', 'errors'], rows);
}

const out = option('--json');
if (out) writeFileSync(out, JSON.stringify(results, null, 2));
const bad = results.filter((r) => (r.fiveXX as number) > 0 || (r.errors as number) > 0);
console.log(
  bad.length ? `\n${bad.length} run(s) saw 5xx or connection errors.` : '\nNo 5xx and no connection errors.',
);
process.exit(bad.length ? 1 : 0);
