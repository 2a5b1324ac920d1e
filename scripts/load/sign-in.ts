// npm run load -- --sign-in [--port 8780] [--runs 20]
//
// What one sign-in costs in workerd, and what it does to the sign-ins beside it (
// docs/decisions/018-workers-paid-and-flood-limits.md). Against a scratch database
// (.wrangler/sign-in, migrations only), the Worker bundle `wrangler deploy` would upload runs in
// workerd through Miniflare (scripts/perf/lib/direct.ts, no dev proxy) and this prints:
//   - CPU per request, read from the kernel's account of the workerd process (/proc/PID/stat,
//     user + system time) around a run of requests, so a busy shared machine does not inflate it
//     the way it inflates wall time: a sign-in with the right password (scrypt N=2^14 r=8 p=5 and
//     a session), a wrong password (the same hash), and a request refused before any hash (the
//     request's validation: the floor every request pays);
//   - four sign-ins sent at once to the one isolate: when each finishes (scrypt holds the thread,
//     so they queue), and a cheap read sent with them;
//   - the cost of 100,000 sign-ins on Workers Paid from the CPU figure.
// Job-seeker accounts are used: they sign in without a code step, so no mailbox is needed.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { run } from '../lib/run.ts';
import { startDirect } from '../perf/lib/direct.ts';
import { median, printMachine, table } from '../perf/lib/stats.ts';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const port = Number(option('--port') ?? process.env.LOAD_PORT ?? 8780);
const runs = Math.max(5, Number(option('--runs') ?? 20));
const persistTo = '.wrangler/sign-in';
const PASSWORD = 'Str0ng!Passw0rd#2026';
// Kernel clock ticks per second (getconf CLK_TCK is 100 on Linux).
const TICK_MS = 10;

let n = 0;
const nextAddress = () => `198.18.${(n >> 8) & 255}.${n++ & 255}`;

/** The workerd processes started by this one (Miniflare's), by /proc. */
function workerdPids() {
  const pids: number[] = [];
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
      names.set(Number(entry), name);
    } catch {
      /* gone meanwhile */
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parents.get(pid); p && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  for (const [pid, name] of names) if (name.startsWith('workerd') && descends(pid)) pids.push(pid);
  return pids;
}

/** CPU milliseconds (user + system) the workerd processes have used so far. */
function workerdCpuMs(pids: number[]) {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name.
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * TICK_MS;
}

async function post(url: string, path: string, body: unknown) {
  const start = performance.now();
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextAddress() },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - start };
}

await printMachine();
rmSync(persistTo, { recursive: true, force: true });
await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], {
  CI: 'true',
});
// A secret of its own: the sessions it signs live only as long as this run.
const secret = [...crypto.getRandomValues(new Uint8Array(32))]
  .map((b) => b.toString(16).padStart(2, '0'))
  .join('');
const server = await startDirect({ port, persistTo, bindings: { TOKEN_SECRET: secret } });
try {
  const url = server.url;
  const accounts = Array.from(
    { length: runs + 4 },
    (_, i) => `cpu-${i}-${crypto.randomUUID().slice(0, 8)}@example.com`,
  );
  console.log(`Registering ${accounts.length} job seekers ...`);
  for (const email of accounts) {
    const r = await post(url, '/api/job-applicants/register', {
      fullName: 'Cpu Seeker',
      email,
      phone: '020 7946 0100',
      password: PASSWORD,
    });
    if (r.status !== 201) throw new Error(`register ${email}: ${r.status}`);
  }
  const pids = workerdPids();
  if (!pids.length) throw new Error('no workerd process found under this one');

  /** CPU and wall time of `count` requests made one after another. */
  const measure = async (count: number, request: (i: number) => Promise<{ status: number; ms: number }>) => {
    const before = workerdCpuMs(pids);
    const walls: number[] = [];
    const statuses = new Set<number>();
    for (let i = 0; i < count; i++) {
      const r = await request(i);
      walls.push(r.ms);
      statuses.add(r.status);
    }
    return {
      cpu: (workerdCpuMs(pids) - before) / count,
      wall: median(walls),
      statuses: [...statuses].join(','),
    };
  };
  const right = await measure(runs, (i) =>
    post(url, '/api/job-applicants/login', { email: accounts[i], password: PASSWORD }),
  );
  const wrong = await measure(runs, (i) =>
    post(url, '/api/job-applicants/login', { email: accounts[i], password: 'Not-the-password-1' }),
  );
  const floor = await measure(runs, () =>
    post(url, '/api/job-applicants/login', { email: 'not-an-email', password: 'x' }),
  );
  table(
    ['request (one at a time)', 'status', 'CPU ms / request', 'wall ms (median)'],
    [
      ['sign-in, right password', right.statuses, right.cpu.toFixed(0), right.wall.toFixed(0)],
      ['sign-in, wrong password', wrong.statuses, wrong.cpu.toFixed(0), wrong.wall.toFixed(0)],
      ['refused before any hash (400)', floor.statuses, floor.cpu.toFixed(0), floor.wall.toFixed(0)],
    ],
  );

  // Four at once, and a cheap read among them: one isolate, one thread.
  const start = performance.now();
  const parallel = accounts.slice(runs, runs + 4).map(async (email) => {
    const r = await post(url, '/api/job-applicants/login', { email, password: PASSWORD });
    return { what: 'sign-in', status: r.status, done: performance.now() - start };
  });
  const read = fetch(`${url}/api/features`).then(async (res) => {
    await res.arrayBuffer();
    return { what: 'read /api/features', status: res.status, done: performance.now() - start };
  });
  const finished = (await Promise.all([...parallel, read])).sort((a, b) => a.done - b.done);
  console.log('\nFour sign-ins and one read sent at once (finished at, ms after sending):');
  table(
    ['request', 'status', 'finished at ms'],
    finished.map((f) => [f.what, f.status, f.done.toFixed(0)]),
  );

  // Workers Paid (checked 2026-11-27): $0.30 per million requests beyond 10 million a month, $0.02
  // per million CPU ms beyond 30 million a month; the $5 a month plan fee covers the included part.
  const cpuMs = right.cpu * 100_000;
  const cost = (cpuMs / 1e6) * 0.02 + (100_000 / 1e6) * 0.3;
  console.log(
    `\n100,000 sign-ins: ${(cpuMs / 1e6).toFixed(1)} million CPU ms; beyond the included amounts $${cost.toFixed(2)} ` +
      `(CPU $${((cpuMs / 1e6) * 0.02).toFixed(2)} + requests $0.03). On the Free plan (10 ms CPU a request) none would succeed.`,
  );
} finally {
  await server.stop();
}
