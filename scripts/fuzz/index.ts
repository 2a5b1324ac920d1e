// npm run fuzz [-- --smoke] [-- --url http://127.0.0.1:8787] [-- --port 8780] [-- --runs N] [-- --seed S] [-- --json FILE]
//
// Property-based hostile input (fast-check) against every endpoint in the list that the running
// server has: random and malformed JSON, wrong content types, huge strings, deep JSON, unicode edge
// cases, hostile queries and paths, wrong methods, garbage tokens, and hostile uploads. Properties:
// never a 5xx, never a stack trace or internal error text, every rejection a 4xx JSON with a
// message. Endpoints the server does not have yet (the Worker's notFound) are reported as skipped.
// Tokens for authenticated endpoints can be given as FUZZ_TOKEN_STUDENT, FUZZ_TOKEN_PARTNER,
// FUZZ_TOKEN_APPLICANT, FUZZ_TOKEN_STAFF; otherwise the fuzzer makes one account of each type
// (scripts/fuzz/accounts.ts; `--no-accounts` fuzzes them unauthenticated only).
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { serverFor } from '../perf/lib/server.ts';
import { discoverIds, endpoints, fill, fillDeep, isPresent, type Endpoint } from '../perf/lib/endpoints.ts';
import { printMachine, table } from '../perf/lib/stats.ts';
import { fuzzTokens } from './accounts.ts';
import { STAFF_SESSION_COOKIE } from '#functions/lib/staff-cookies.ts';
import {
  controlCharacterQueries,
  hostileBody,
  hostileQuery,
  uploadCases,
  wrongMethods,
  type HostileRequest,
} from './hostile.ts';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const smoke = argv.includes('--smoke');
const runs = Number(option('--runs') ?? (smoke ? 5 : 60));
const seed = option('--seed') ? Number(option('--seed')) : Date.now() % 2 ** 31;
const port = Number(option('--port') ?? process.env.FUZZ_PORT ?? 8780);

/** Text that only an unhandled error leaks: stack frames, file paths, engine error names. */
const LEAK =
  /\n\s+at\s|\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|node_modules|\.(?:ts|js):\d+|\b(?:TypeError|ReferenceError|RangeError|SyntaxError|SQLITE_\w+|D1_ERROR)\b|Maximum call stack/;

interface Verdict {
  ok: boolean;
  status: number;
  problem?: string;
}

/** Judges one response against the properties. */
export async function judge(res: Response): Promise<Verdict> {
  const text = await res.text();
  // wrangler dev's HTTP layer refuses URLs over ~64 KB itself (414 'URI too long', text/plain) before
  // the Worker runs; Cloudflare's edge does the same above 16 KB. Not the product's answer: counted, not failed.
  if (res.status === 414 && text === 'URI too long') return { ok: true, status: 414, problem: 'platform' };
  if (res.status >= 500) return { ok: false, status: res.status, problem: `5xx: ${text.slice(0, 200)}` };
  if (LEAK.test(text))
    return { ok: false, status: res.status, problem: `internal detail leaked: ${text.match(LEAK)?.[0]}` };
  if (res.status >= 400) {
    if (!(res.headers.get('content-type') ?? '').includes('application/json'))
      return {
        ok: false,
        status: res.status,
        problem: `rejection is not JSON (${res.headers.get('content-type')})`,
      };
    try {
      const body = JSON.parse(text) as { message?: unknown };
      if (typeof body.message !== 'string' || !body.message.trim())
        return { ok: false, status: res.status, problem: 'rejection has no message' };
    } catch {
      return { ok: false, status: res.status, problem: 'rejection body is not valid JSON' };
    }
  }
  return { ok: true, status: res.status };
}

let tokens: Record<string, string | undefined> = {
  student: process.env.FUZZ_TOKEN_STUDENT,
  partner: process.env.FUZZ_TOKEN_PARTNER,
  applicant: process.env.FUZZ_TOKEN_APPLICANT,
  staff: process.env.FUZZ_TOKEN_STAFF,
};
let origin = '';
function authHeaders(ep: Endpoint, garbage?: string): Record<string, string> {
  const token = garbage ?? (ep.auth ? tokens[ep.auth] : undefined);
  if (!token) return {};
  // Staff sessions are the HttpOnly cookie, sent from the site's own origin (the CSRF check).
  if (ep.auth === 'staff')
    return { Cookie: `${STAFF_SESSION_COOKIE}=${encodeURIComponent(token)}`, Origin: origin };
  return ep.auth === 'applicant' ? { 'X-Applicant-Token': token } : { Authorization: `Bearer ${token}` };
}

// The properties must be able to fail: check the judge on responses that break them.
const selfCheck: [string, Response][] = [
  [
    'a 500',
    new Response('{"success":false,"message":"x"}', {
      status: 500,
      headers: { 'Content-Type': 'application/json' },
    }),
  ],
  [
    'a stack trace',
    new Response('Error: boom\n    at handler (/app/functions/index.ts:10:5)', {
      status: 400,
      headers: { 'Content-Type': 'application/json' },
    }),
  ],
  [
    'a text/html rejection',
    new Response('<h1>Bad</h1>', { status: 400, headers: { 'Content-Type': 'text/html' } }),
  ],
  [
    'a rejection without message',
    new Response('{"success":false}', { status: 422, headers: { 'Content-Type': 'application/json' } }),
  ],
  [
    'a leaked SQLite error',
    new Response('{"success":true,"message":"SQLITE_CONSTRAINT"}', {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    }),
  ],
];
for (const [name, res] of selfCheck) {
  if ((await judge(res)).ok) throw new Error(`Fuzzer self-check failed: ${name} was not flagged`);
}
if (
  !(
    await judge(
      new Response('{"success":false,"message":"Please enter your email"}', {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      }),
    )
  ).ok
)
  throw new Error('Fuzzer self-check failed: a proper 400 was flagged');

await printMachine();
console.log(
  'Fuzzer self-check: 5xx, stack traces, non-JSON rejections, rejections without a message and leaked SQL errors are all flagged.',
);
console.log(`fast-check seed ${seed}, ${runs} runs per property${smoke ? ' (smoke)' : ''}`);
const server = await serverFor(argv, port, undefined, { stripeFake: true });
const failures: { endpoint: string; label: string; status: number; problem: string; request: string }[] = [];
const rows: (string | number)[][] = [];
const skipped: string[] = [];
let unsendable = 0;
try {
  origin = new URL(server.url).origin;
  const ids = await discoverIds(server.url);
  if (!argv.includes('--no-accounts')) {
    tokens = await fuzzTokens(server.url, tokens);
    console.log(
      `Accounts for authenticated endpoints: ${
        Object.entries(tokens)
          .filter(([, t]) => t)
          .map(([r]) => r)
          .join(', ') || 'none'
      }`,
    );
  }
  for (const ep of endpoints) {
    const name = `${ep.method} ${ep.path}`;
    if (!(await isPresent(server.url, ep, ids))) {
      skipped.push(name);
      console.log(`${name}: skipped: endpoint not present (404)`);
      continue;
    }
    const path = fill(ep.path, ids);
    const statuses = new Map<number, number>();
    let sent = 0;
    const send = async (req: HostileRequest & { headers?: Record<string, string> }) => {
      const [p, q] = path.split('?');
      const query = [q, req.query].filter(Boolean).join('&');
      const url = `${server.url}${p}${req.pathSuffix ?? ''}${query ? `?${query}` : ''}`;
      const headers: Record<string, string> = { ...authHeaders(ep), ...req.headers };
      if (req.contentType) headers['Content-Type'] = req.contentType;
      const method = req.method ?? ep.method;
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          headers,
          body: method === 'GET' || method === 'HEAD' ? undefined : (req.body as BodyInit | undefined),
        });
      } catch (error) {
        // A request the client itself refuses to build (e.g. a CR/LF or non-Latin-1 header value)
        // never reaches the server: counted, not failed. Anything else (connection reset) fails.
        const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
        if (/header|ByteString|invalid/i.test(cause) && !/ECONNRESET|socket|closed/i.test(cause)) {
          unsendable++;
          return true;
        }
        failures.push({
          endpoint: name,
          label: req.label,
          status: 0,
          problem: `request failed: ${cause}`,
          request: `${method} ${url.slice(0, 200)}`,
        });
        return false;
      }
      sent++;
      const verdict = await judge(res);
      statuses.set(verdict.status, (statuses.get(verdict.status) ?? 0) + 1);
      if (!verdict.ok) {
        const shown =
          typeof req.body === 'string'
            ? req.body.slice(0, 160)
            : req.body
              ? `<${req.body.length} bytes>`
              : '';
        failures.push({
          endpoint: name,
          label: req.label,
          status: verdict.status,
          problem: verdict.problem!,
          request: `${method} ${url.slice(0, 200)} [${req.contentType ?? ''}] ${shown}`,
        });
      }
      return verdict.ok;
    };
    const property = async (arb: fc.Arbitrary<HostileRequest>, numRuns: number) => {
      // Failures are recorded by `send`; the property still fails so fast-check shrinks and stops.
      const result = await fc.check(
        fc.asyncProperty(arb, (r) => send(r)),
        { numRuns, seed, endOnFailure: true },
      );
      return result.failed;
    };

    const sample = ep.sample ? (fillDeep(ep.sample, ids) as Record<string, unknown>) : undefined;
    if (ep.body === 'json') await property(hostileBody(sample), runs);
    if (ep.method === 'GET') {
      await property(hostileQuery, runs);
      // Deterministic: every control character in every free-text parameter (--smoke: the NULs).
      for (const req of smoke ? controlCharacterQueries.slice(0, 4) : controlCharacterQueries)
        await send(req);
    }
    if (ep.body === 'multipart') {
      for (const u of uploadCases) {
        const form = new FormData();
        for (const [k, v] of Object.entries(sample ?? {})) form.set(k, String(v));
        form.set(ep.fileField ?? 'file', new File([u.bytes], u.name, { type: u.type }));
        const res = await fetch(server.url + path, {
          method: ep.method,
          headers: authHeaders(ep),
          body: form,
        });
        sent++;
        const verdict = await judge(res);
        statuses.set(verdict.status, (statuses.get(verdict.status) ?? 0) + 1);
        if (!verdict.ok)
          failures.push({
            endpoint: name,
            label: `upload: ${u.label}`,
            status: verdict.status,
            problem: verdict.problem!,
            request: `${ep.method} ${path} multipart ${u.name}`,
          });
        else if (
          verdict.status < 300 &&
          u.label !== 'file name path traversal' &&
          u.label !== 'PDF/HTML polyglot'
        ) {
          failures.push({
            endpoint: name,
            label: `upload: ${u.label}`,
            status: verdict.status,
            problem: 'hostile upload was accepted',
            request: `${ep.method} ${path} multipart ${u.name}`,
          });
        }
      }
      await property(hostileBody(sample), Math.max(3, Math.floor(runs / 3)));
    }
    // Wrong methods: a 404/405 JSON is right; never a 5xx.
    for (const m of wrongMethods(ep.method))
      await send({
        label: `wrong method ${m}`,
        method: m,
        contentType: 'application/json',
        body: m === 'GET' ? undefined : '{}',
      });
    // Garbage credentials on authenticated endpoints.
    if (ep.auth) {
      await property(
        fc
          .oneof(
            fc.string({ maxLength: 400 }),
            fc.constantFrom(
              'Bearer',
              'null',
              'undefined',
              'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
              'a.b.c',
              '.'.repeat(3),
              'x'.repeat(20_000),
            ),
          )
          .map((g) => ({
            label: 'garbage token',
            headers: authHeaders(ep, g),
            contentType: 'application/json',
            body: ep.method === 'GET' ? undefined : '{}',
          })),
        runs,
      );
    }
    const bad = failures.filter((f) => f.endpoint === name).length;
    rows.push([
      name,
      sent,
      [...statuses.entries()]
        .sort()
        .map(([k, v]) => `${k}:${v}`)
        .join(' '),
      bad ? `FAIL (${bad})` : 'ok',
    ]);
  }
  // Page paths (not /api): unknown and hostile paths must be a 404 page, never a 5xx.
  let pageRequests = 0;
  const pageStatuses = new Map<number, number>();
  for (const p of [
    '/no-such-page',
    '/subject/no-such-subject',
    '/country-details/nowhere',
    '/job/nothing',
    '/%E0%A4%A',
    '/..%2f..%2fetc%2fpasswd',
    '/' + 'x'.repeat(3000),
    '/destinations?q=%00',
    '/search?query=%00abc',
    '/courses?q=%00abc&level=%1F',
    '/shell/subject/',
  ]) {
    const res = await fetch(server.url + p);
    await res.arrayBuffer();
    pageRequests++;
    pageStatuses.set(res.status, (pageStatuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500)
      failures.push({
        endpoint: 'GET (pages)',
        label: 'hostile page path',
        status: res.status,
        problem: '5xx on a page path',
        request: `GET ${p.slice(0, 120)}`,
      });
  }
  rows.push([
    'GET (page paths)',
    pageRequests,
    [...pageStatuses.entries()]
      .sort()
      .map(([k, v]) => `${k}:${v}`)
      .join(' '),
    failures.some((f) => f.endpoint === 'GET (pages)') ? 'FAIL' : 'ok',
  ]);
} finally {
  await server.stop();
}

console.log('');
table(['endpoint', 'requests', 'statuses', 'verdict'], rows);
console.log(
  `\n${rows.length} endpoints fuzzed, ${skipped.length} skipped (not present), ${unsendable} generated request(s) the client could not send, ${failures.length} failure(s).`,
);
for (const f of failures.slice(0, 30))
  console.log(`  FAIL ${f.endpoint} [${f.label}] ${f.status}: ${f.problem}\n       ${f.request}`);
const out = option('--json');
if (out) writeFileSync(out, JSON.stringify({ seed, runs, rows, skipped, failures }, null, 2));
process.exit(failures.length ? 1 : 0);
