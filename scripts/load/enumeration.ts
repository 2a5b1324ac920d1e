// npm run load -- --enumeration [--samples 40] [--port 8780] [--mail-latency 150] [--wrangler] [--json FILE]
//
// Account enumeration by timing ("same status and body; timing within 10 ms at
// the median"). Against a scratch database (.wrangler/enumeration, migrations only, accounts
// registered here through the API), it interleaves, in random order within each pair, requests for
// an unknown e-mail and for a real account:
//   - login with a wrong password: student, partner, job applicant;
//   - forgot-password: student, partner;
//   - partner verify-otp (a wrong code) and resend-otp: an unknown e-mail against one whose account
//     is registered but not yet verified (they name accounts by e-mail).
// It prints median and p90 of the time seen by the client and of the Worker's own Server-Timing,
// the median difference (real − unknown) and the verdict against 10 ms, and checks that status and
// body are the same. Exit code 1 when a pair's status/body differ (the timing verdict is a figure).
//
// Rate limits are not bypassed: they key on the client address and on the e-mail. In development
// the address is the CF-Connecting-IP header (Miniflare sets it only when absent; in production
// Cloudflare always sets it from the connection, so clients cannot choose it), so each request
// here carries its own documentation-range address; unknown e-mails are fresh per request; real
// accounts get at most 5 wrong logins each (the per-account limit) and one reset request each (the
// code send limits), so enough accounts are registered first.
//
// --mail-latency N (direct mode): the Worker sends e-mail through its production HttpMailer to a
// local stand-in provider on --port + 1 that answers after N ms, as a real provider would, instead
// of the development outbox (a D1 insert), so the cost of sending shows as it would in production.
import { createServer } from 'node:http';
import { rmSync, writeFileSync } from 'node:fs';
import { run } from '../lib/run.ts';
import { startDirect } from '../perf/lib/direct.ts';
import { startServer, type RunningServer } from '../perf/lib/server.ts';
import { median, percentile, printMachine, table } from '../perf/lib/stats.ts';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const samples = Math.max(10, Number(option('--samples') ?? 40));
const port = Number(option('--port') ?? process.env.LOAD_PORT ?? 8780);
const persistTo = '.wrangler/enumeration';
const LIMIT_MS = 10;
const PASSWORD = 'Str0ng!Passw0rd#2026';

// Each request from its own address (TEST-NET-2/3 style ranges, never a real client).
let addressCounter = 0;
const nextAddress = () => {
  const n = addressCounter++;
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
};

interface Timed {
  status: number;
  body: string;
  ms: number;
  worker: number;
}

async function post(server: RunningServer, path: string, body: unknown): Promise<Timed> {
  const start = performance.now();
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': nextAddress() },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - start;
  const worker = Number(res.headers.get('Server-Timing')?.match(/worker;dur=([\d.]+)/)?.[1] ?? NaN);
  return { status: res.status, body: text, ms, worker };
}

const uid = () => crypto.randomUUID().slice(0, 8);
let phone = 0;
const nextPhone = () => `0207946${String(1000 + phone++).padStart(4, '0')}`;

async function register(server: RunningServer, type: 'student' | 'partner' | 'applicant', email: string) {
  const [path, body] =
    type === 'student'
      ? [
          '/api/users/register/',
          {
            fullName: 'Timing Student',
            academicStatus: 'Undergraduate',
            contactNumber: nextPhone(),
            email,
            currentAddress: '1 Example Street, London',
            password: PASSWORD,
          },
        ]
      : type === 'partner'
        ? [
            '/api/partner/register',
            {
              companyName: 'Timing Ltd',
              companyHQ: 'London',
              ownerFirstName: 'Tim',
              ownerLastName: 'Ing',
              ownerEmail: email,
              ownerPhoneNumber: nextPhone(),
              ownerDesignation: 'Director',
              ownerNationality: 'British',
              contactFirstName: 'Tim',
              contactLastName: 'Ing',
              contactDesignation: 'HR',
              contactPhoneNumber: nextPhone(),
              contactEmail: `hr-${email}`,
              password: PASSWORD,
            },
          ]
        : [
            '/api/job-applicants/register',
            { fullName: 'Timing Applicant', email, phone: nextPhone(), password: PASSWORD },
          ];
  const r = await post(server, path, body);
  if (r.status !== 201) throw new Error(`registering ${type} ${email}: ${r.status} ${r.body}`);
}

interface Pair {
  name: string;
  path: string;
  body: (email: string) => unknown;
  real: string[];
  perAccount: number;
}

await printMachine();
console.log(`Scratch database ${persistTo} (fresh: migrations only) ...`);
rmSync(persistTo, { recursive: true, force: true });
await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], {
  CI: 'true',
});

const useWrangler = argv.includes('--wrangler');
const mailLatency = option('--mail-latency');
let mailBindings: Record<string, string> = {};
let mailServer: ReturnType<typeof createServer> | undefined;
if (mailLatency !== undefined && !useWrangler) {
  const wait = Number(mailLatency);
  mailServer = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"id":"x"}'), wait),
    );
  });
  await new Promise<void>((resolve) => mailServer!.listen(port + 1, '127.0.0.1', resolve));
  mailBindings = { MAIL_API_URL: `http://127.0.0.1:${port + 1}/send`, MAIL_API_KEY: 'local-stand-in' };
  console.log(
    `E-mail through HttpMailer to a stand-in provider on 127.0.0.1:${port + 1} answering after ${wait} ms.`,
  );
}
console.log(
  `Starting ${useWrangler ? 'wrangler dev' : 'the Worker directly (Miniflare)'} on 127.0.0.1:${port} ...`,
);
const server = useWrangler
  ? await startServer({ port, persistTo })
  : await startDirect({ port, persistTo, bindings: mailBindings });
const results: Record<string, unknown>[] = [];
let mismatches = 0;
try {
  const loginAccounts = Math.ceil(samples / 5);
  const emails = (type: string, n: number) =>
    Array.from({ length: n }, () => `timing-${type}-${uid()}@example.com`);
  const students = emails('student', samples);
  const partners = emails('partner', samples);
  const applicants = emails('applicant', loginAccounts);
  console.log(
    `Registering ${students.length} students, ${partners.length} partners and ${applicants.length} applicants through the API ...`,
  );
  for (const e of students) await register(server, 'student', e);
  for (const e of partners) await register(server, 'partner', e);
  for (const e of applicants) await register(server, 'applicant', e);

  const login = (email: string) => ({ email, password: 'wrong-password-1' });
  const pairs: Pair[] = [
    {
      name: 'student login (wrong password)',
      path: '/api/users/login',
      body: login,
      real: students.slice(0, loginAccounts),
      perAccount: 5,
    },
    {
      name: 'partner login (wrong password)',
      path: '/api/partner/login',
      body: login,
      real: partners.slice(0, loginAccounts),
      perAccount: 5,
    },
    {
      name: 'applicant login (wrong password)',
      path: '/api/job-applicants/login',
      body: login,
      real: applicants,
      perAccount: 5,
    },
    {
      name: 'student forgot-password',
      path: '/api/users/forgot-password',
      body: (email) => ({ email }),
      real: students,
      perAccount: 1,
    },
    {
      name: 'partner forgot-password',
      path: '/api/partner/forgot-password',
      body: (email) => ({ email }),
      real: partners,
      perAccount: 1,
    },
    // The partners registered above are unverified (no code is ever entered here): the pairs the
    // partner verification page makes. Per account, 5 verify tries (the per-account limit is 10)
    // and one resend each (the resend limit is 5).
    {
      name: 'partner verify-otp (unverified)',
      path: '/api/partner/verify-otp',
      body: (email) => ({ email, otp: '000000' }),
      real: partners.slice(0, loginAccounts),
      perAccount: 5,
    },
    {
      name: 'partner resend-otp (unverified)',
      path: '/api/partner/resend-otp',
      body: (email) => ({ email }),
      real: partners,
      perAccount: 1,
    },
  ];

  const rows: (string | number)[][] = [];
  for (const pair of pairs) {
    // Warm-up: the first unknown-e-mail login derives the decoy hash once per isolate.
    for (let i = 0; i < 3; i++) await post(server, pair.path, pair.body(`warmup-${uid()}@example.com`));
    const unknown: Timed[] = [];
    const real: Timed[] = [];
    for (let i = 0; i < samples; i++) {
      const realEmail = pair.real[Math.floor(i / pair.perAccount)]!;
      const unknownEmail = `nobody-${uid()}@example.com`;
      // Random order inside each pair, so drift in machine load hits both sides alike.
      if (Math.random() < 0.5) {
        unknown.push(await post(server, pair.path, pair.body(unknownEmail)));
        real.push(await post(server, pair.path, pair.body(realEmail)));
      } else {
        real.push(await post(server, pair.path, pair.body(realEmail)));
        unknown.push(await post(server, pair.path, pair.body(unknownEmail)));
      }
    }
    const statuses = (xs: Timed[]) => [...new Set(xs.map((x) => x.status))].join('/');
    const bodies = new Set([...unknown, ...real].map((x) => x.body));
    const same = statuses(unknown) === statuses(real) && bodies.size === 1;
    if (!same) mismatches++;
    const ms = (xs: Timed[]) => xs.map((x) => x.ms);
    const wk = (xs: Timed[]) => xs.map((x) => x.worker).filter((x) => !Number.isNaN(x));
    const diff = median(ms(real)) - median(ms(unknown));
    const workerDiff = median(wk(real)) - median(wk(unknown));
    const verdict = Math.abs(diff) <= LIMIT_MS ? 'met' : 'NOT met';
    results.push({
      pair: pair.name,
      samples,
      statusUnknown: statuses(unknown),
      statusReal: statuses(real),
      sameBody: bodies.size === 1,
      unknown: { p50: median(ms(unknown)), p90: percentile(ms(unknown), 90), workerP50: median(wk(unknown)) },
      real: { p50: median(ms(real)), p90: percentile(ms(real), 90), workerP50: median(wk(real)) },
      medianDiff: diff,
      workerMedianDiff: workerDiff,
      verdict,
    });
    rows.push([
      pair.name,
      `${statuses(unknown)} | ${statuses(real)}`,
      same ? 'same' : 'DIFFERENT',
      `${median(ms(unknown)).toFixed(1)} / ${percentile(ms(unknown), 90).toFixed(1)}`,
      `${median(ms(real)).toFixed(1)} / ${percentile(ms(real), 90).toFixed(1)}`,
      diff.toFixed(1),
      `${median(wk(unknown)).toFixed(1)} / ${median(wk(real)).toFixed(1)} (${workerDiff >= 0 ? '+' : ''}${workerDiff.toFixed(1)})`,
      verdict,
    ]);
  }
  console.log(
    `\n== unknown e-mail vs real account, ${samples} interleaved samples each, one request at a time ==`,
  );
  table(
    [
      'pair',
      'status unknown | real',
      'status+body',
      'unknown p50/p90 ms',
      'real p50/p90 ms',
      'Δ median ms',
      'Worker p50 unknown / real (Δ)',
      `|Δ| ≤ ${LIMIT_MS} ms`,
    ],
    rows,
  );
} finally {
  await server.stop();
  mailServer?.close();
}
const out = option('--json');
if (out) writeFileSync(out, JSON.stringify(results, null, 2));
console.log(
  mismatches
    ? `\n${mismatches} pair(s) answered differently for real and unknown e-mails.`
    : '\nSame status and body for real and unknown e-mails in every pair.',
);
process.exit(mismatches ? 1 : 0);
