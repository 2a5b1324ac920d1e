// Staff insight at the size of a real business (npm run perf -- --insight): a scratch database
// (.wrangler/insight) from the real migrations and seed, grown to 100,000 program applications,
// 50,000 job applications and over 500,000 rows of stage history; then every insight endpoint, JSON
// and CSV, over periods of a month, a quarter and a year and with filters, sequential on the
// running Worker (wrangler dev). The figure is the Worker's own time (Server-Timing), p95 against
// the 50 ms budget; HTTP time is printed beside it.
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { run } from '../lib/run.ts';
import { startServer } from './lib/server.ts';
import { percentile, table } from './lib/stats.ts';

export const INSIGHT_DIR = '.wrangler/insight';
const HISTORY_COLUMNS =
  '(id, entity, entity_id, person_id, from_status, to_status, actor, staff_id, note, approximate, created_at, updated_at)';
/**
 * The stage-history migration's own fill of cohort_at, applied to the generated history (the column
 * it reads the owner from is person_id since the insight-at-scale migration renamed it). The history's
 * triggers fill target_id and first_arrival as the rows are inserted, as in production.
 */
const COHORT_UPDATES = readFileSync(
  readdirSync('db/migrations')
    .filter((f) => f.endsWith('_stage_history.sql'))
    .map((f) => `db/migrations/${f}`)[0]!,
  'utf8',
)
  .split('--> statement-breakpoint')
  .filter((statement) => statement.includes('SET `cohort_at`'))
  .map((statement) =>
    statement
      .replace(/^\s*(--[^\n]*\n)*/, '')
      .trim()
      .replaceAll('`person_id`', '`person_id`'),
  )
  .join('\n');
/** The budget every insight endpoint's p95 in the Worker is held to. */
const BUDGET_MS = 50;
const DAY = 86_400_000;

async function d1(args: string[]) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(
      'wrangler',
      ['d1', 'execute', 'DB', '--local', '--persist-to', INSIGHT_DIR, ...args],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, CI: 'true' },
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`wrangler d1 execute failed:\n${err.slice(-2000)}`)),
    );
  });
}

/**
 * The generated business, as SQL over a numbers table: two years of students (each registering,
 * most completing the wizard, applying to two programs that move on or stop), job applicants and
 * their applications, partners' requests, enquiries read and answered, payments and first-party
 * sources. Times spread evenly over the two years to `now`.
 */
export function generationSql(now: number, sizes = { applications: 100_000, jobApplications: 50_000 }) {
  const t0 = now - 730 * DAY;
  const students = sizes.applications / 2;
  const applicants = sizes.jobApplications / 2;
  const enquiries = 30_000;
  const step = (n: number) => Math.floor((730 * DAY) / n);
  return `
create table if not exists _n (i integer primary key);
insert into _n (i) with recursive n(i) as (select 0 union all select i + 1 from n where i < ${Math.max(sizes.applications, enquiries) - 1}) select i from n;
create table _subj as select row_number() over (order by id) - 1 as k, id from subjects;
create table _job as select row_number() over (order by id) - 1 as k, id from jobs;

insert into users (id, full_name, academic_status, contact_number, current_address, role, email, password_hash, is_verified, created_at, updated_at)
  select 'pu-' || i, 'Perf Student ' || i, 'Graduate', '07' || (700000000 + i), 'London', 'student', 'perf-' || i || '@example.com', 'x', 1,
    ${t0} + i * ${step(students)}, ${t0} + i * ${step(students)} from _n where i < ${students};
insert into status_changes ${HISTORY_COLUMNS} select 'ps-reg-' || i, 'student', 'pu-' || i, 'pu-' || i, null, 'registered', 'person', null, null, 0,
  ${t0} + i * ${step(students)}, ${t0} + i * ${step(students)} from _n where i < ${students};
insert into status_changes ${HISTORY_COLUMNS} select 'ps-pc-' || i, 'student', 'pu-' || i, 'pu-' || i, 'registered', 'profile_complete', 'person', null, null, 0,
  ${t0} + i * ${step(students)} + 3600000, ${t0} + i * ${step(students)} + 3600000 from _n where i < ${students} and i % 5 <> 0;
insert into arrival_sources (entity, entity_id, page, utm_source, utm_medium, utm_campaign, created_at)
  select 'student', 'pu-' || i, '/' || (case i % 4 when 0 then 'study-in-uk' when 1 then 'courses' when 2 then 'destinations' else '' end),
    case i % 5 when 0 then 'newsletter' when 1 then 'facebook' when 2 then 'google' else null end,
    case i % 5 when 0 then 'email' when 1 then 'social' when 2 then 'cpc' else null end,
    case i % 3 when 0 then 'spring' else 'autumn' end, ${t0} + i * ${step(students)} from _n where i < ${students} and i % 2 = 0;

insert into subscriptions (id, user_id, subject_id, status, created_at, updated_at)
  select 'pa-' || i, 'pu-' || (i / 2), s.id,
    case i % 10 when 4 then 'in_review' when 5 then 'in_review' when 6 then 'offer' when 7 then 'enrolled' when 8 then 'declined' when 9 then 'declined' else 'submitted' end,
    ${t0} + (i / 2) * ${step(students)} + (i % 30) * ${DAY}, ${t0} + (i / 2) * ${step(students)} + (i % 30) * ${DAY}
  from _n join _subj s on s.k = (i * 7 + i / 2) % (select count(*) from _subj) where i < ${sizes.applications};
insert into status_changes ${HISTORY_COLUMNS} select 'ps-a-' || id, 'subscription', id, user_id, null, 'submitted', 'person', null, null, 0, created_at, created_at from subscriptions where id like 'pa-%';
insert into status_changes ${HISTORY_COLUMNS} select 'ps-r-' || id, 'subscription', id, user_id, 'submitted', 'in_review', 'staff', null, null, 0, created_at + 5 * ${DAY}, created_at + 5 * ${DAY}
  from subscriptions where id like 'pa-%' and status in ('in_review', 'offer', 'enrolled');
insert into status_changes ${HISTORY_COLUMNS} select 'ps-o-' || id, 'subscription', id, user_id, 'in_review', 'offer', 'staff', null, null, 0, created_at + 20 * ${DAY}, created_at + 20 * ${DAY}
  from subscriptions where id like 'pa-%' and status in ('offer', 'enrolled');
insert into status_changes ${HISTORY_COLUMNS} select 'ps-e-' || id, 'subscription', id, user_id, 'offer', 'enrolled', 'staff', null, null, 0, created_at + 60 * ${DAY}, created_at + 60 * ${DAY}
  from subscriptions where id like 'pa-%' and status = 'enrolled';
insert into status_changes ${HISTORY_COLUMNS} select 'ps-d-' || id, 'subscription', id, user_id, 'submitted', 'declined', 'staff', null, null, 0, created_at + 9 * ${DAY}, created_at + 9 * ${DAY}
  from subscriptions where id like 'pa-%' and status = 'declined';

insert into job_applicants (id, full_name, phone, email, password_hash, is_verified, email_confirmed_at, created_at, updated_at)
  select 'pj-' || i, 'Perf Applicant ' || i, '07' || (800000000 + i), 'perf-applicant-' || i || '@example.com', 'x', 1, ${t0} + i * ${step(applicants)},
    ${t0} + i * ${step(applicants)}, ${t0} + i * ${step(applicants)} from _n where i < ${applicants};
insert into job_applications (id, job_id, applicant_id, cover_letter, resume_key, resume_name, resume_type, resume_size, status, forwarded_at, created_at, updated_at)
  select 'pja-' || i, j.id, 'pj-' || (i / 2), 'Cover letter', 'resumes/perf/' || i || '.pdf', 'cv.pdf', 'application/pdf', 1000,
    case i % 10 when 5 then 'shortlisted' when 6 then 'interview' when 7 then 'offer' when 8 then 'rejected' when 9 then 'rejected' else 'received' end,
    case when i % 10 = 9 then null else ${t0} + (i / 2) * ${step(applicants)} + (i % 7) * ${DAY} end,
    ${t0} + (i / 2) * ${step(applicants)} + (i % 7) * ${DAY}, ${t0} + (i / 2) * ${step(applicants)} + (i % 7) * ${DAY}
  from _n join _job j on j.k = (i * 3 + i / 2) % (select count(*) from _job) where i < ${sizes.jobApplications};
insert into status_changes ${HISTORY_COLUMNS} select 'ps-jr-' || id, 'job_application', id, applicant_id, null, 'received', 'person', null, null, 0, created_at, created_at from job_applications where id like 'pja-%';
insert into status_changes ${HISTORY_COLUMNS} select 'ps-jf-' || id, 'job_application', id, applicant_id, null, 'forwarded', 'system', null, null, 0, forwarded_at, forwarded_at from job_applications where id like 'pja-%' and forwarded_at is not null;
insert into status_changes ${HISTORY_COLUMNS} select 'ps-js-' || id, 'job_application', id, applicant_id, 'received', 'shortlisted', 'staff', null, null, 0, created_at + 3 * ${DAY}, created_at + 3 * ${DAY}
  from job_applications where id like 'pja-%' and status in ('shortlisted', 'interview', 'offer');
insert into status_changes ${HISTORY_COLUMNS} select 'ps-ji-' || id, 'job_application', id, applicant_id, 'shortlisted', 'interview', 'staff', null, null, 0, created_at + 10 * ${DAY}, created_at + 10 * ${DAY}
  from job_applications where id like 'pja-%' and status in ('interview', 'offer');
insert into status_changes ${HISTORY_COLUMNS} select 'ps-jo-' || id, 'job_application', id, applicant_id, 'interview', 'offer', 'staff', null, null, 0, created_at + 20 * ${DAY}, created_at + 20 * ${DAY}
  from job_applications where id like 'pja-%' and status = 'offer';
insert into status_changes ${HISTORY_COLUMNS} select 'ps-jx-' || id, 'job_application', id, applicant_id, 'received', 'rejected', 'staff', null, null, 0, created_at + 4 * ${DAY}, created_at + 4 * ${DAY}
  from job_applications where id like 'pja-%' and status = 'rejected';

insert into partners (id, company_name, company_hq, owner_first_name, owner_last_name, owner_phone_number, owner_designation, owner_nationality,
    contact_first_name, contact_last_name, contact_designation, contact_phone_number, contact_email, approval_status, email, password_hash, is_verified, created_at, updated_at)
  select 'pp-' || i, 'Perf Partner ' || i, 'London', 'Owner', 'One', '020794600' || (i % 100), 'Director', 'British', 'Contact', 'One', 'HR',
    '020794601' || (i % 100), 'contact-' || i || '@example.com', 'approved', 'partner-' || i || '@example.com', 'x', 1, ${t0}, ${t0} from _n where i < 200;
insert into partner_requests (id, partner_id, type, title, data, status, created_at, updated_at)
  select 'ppr-' || i, 'pp-' || (i % 200), case i % 2 when 0 then 'student' else 'employee' end, 'Request ' || i, '{}',
    case i % 4 when 0 then 'approved' when 1 then 'declined' when 2 then 'in_review' else 'submitted' end,
    ${t0} + i * ${step(5000)}, ${t0} + i * ${step(5000)} from _n where i < 5000;
insert into status_changes ${HISTORY_COLUMNS} select 'ps-pr-' || id, 'partner_request', id, partner_id, null, 'submitted', 'person', null, null, 0, created_at, created_at from partner_requests where id like 'ppr-%';
insert into status_changes ${HISTORY_COLUMNS} select 'ps-ph-' || id, 'partner_request', id, partner_id, 'submitted', status, 'staff', null, null, 0, created_at + 2 * ${DAY}, created_at + 2 * ${DAY}
  from partner_requests where id like 'ppr-%' and status <> 'submitted';

insert into contact_messages (id, kind, full_name, email, message, status, created_at, updated_at)
  select 'pm-' || i, 'home', 'Perf Enquirer ' || i, 'enquirer-' || i || '@example.com', 'A question', case when i % 10 = 0 then 'unread' else 'handled' end,
    ${t0} + i * ${step(enquiries)}, ${t0} + i * ${step(enquiries)} from _n where i < ${enquiries};
insert into status_changes ${HISTORY_COLUMNS} select 'ps-mu-' || id, 'contact_message', id, null, null, 'unread', 'person', null, null, 0, created_at, created_at from contact_messages where id like 'pm-%';
insert into status_changes ${HISTORY_COLUMNS} select 'ps-mr-' || id, 'contact_message', id, null, 'unread', 'read', 'staff', null, null, 0, created_at + 2 * 3600000, created_at + 2 * 3600000
  from contact_messages where id like 'pm-%' and status <> 'unread';
insert into status_changes ${HISTORY_COLUMNS} select 'ps-mh-' || id, 'contact_message', id, null, 'read', 'handled', 'staff', null, null, 0, created_at + (cast(substr(id, 4) as integer) % 72) * 3600000, created_at + (cast(substr(id, 4) as integer) % 72) * 3600000
  from contact_messages where id like 'pm-%' and status = 'handled';
insert into arrival_sources (entity, entity_id, page, utm_source, utm_medium, utm_campaign, created_at)
  select 'contact_message', id, '/contactform', case when created_at % 3 = 0 then 'newsletter' else null end, null, null, created_at from contact_messages where id like 'pm-%';

insert into payments (id, intent_id, amount, currency, payer_name, payer_email, status, paid_at, created_at, updated_at)
  select 'pay-' || i, 'pi_perf_' || i, 1000, 'usd', 'Payer ' || i, 'payer-' || i || '@example.com', 'succeeded', ${t0} + i * ${step(20000)}, ${t0} + i * ${step(20000)}, ${t0} + i * ${step(20000)}
  from _n where i < 20000;

${COHORT_UPDATES}
drop table _n;
drop table _subj;
drop table _job;
analyze;
`;
}

/** One GET with the staff session: the status, the HTTP time and the Worker's own time (Server-Timing). */
async function timedGet(url: string, cookie: string) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { Cookie: cookie } });
  await res.arrayBuffer();
  return {
    status: res.status,
    http: performance.now() - t0,
    worker: Number(/worker;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN),
  };
}

const localDate = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The queries a manager would make on a Monday: the periods and filters each endpoint is measured with. */
function queriesAt(now: number) {
  const to = localDate(now);
  return [30, 91, 365].map((days) => ({
    label: `${days} days`,
    query: `from=${localDate(now - (days - 1) * DAY)}&to=${to}`,
  }));
}

const endpoints = (country: string, department: string, jobCategory: string) => [
  {
    name: 'funnel (students)',
    path: 'funnel',
    extra: [
      'kind=students',
      `kind=students&country=${country}`,
      'kind=students&source=newsletter',
      `kind=students&department=${department}`,
    ],
  },
  {
    name: 'funnel (jobs)',
    path: 'funnel',
    extra: ['kind=jobs', `kind=jobs&department=${encodeURIComponent(jobCategory)}`],
  },
  { name: 'funnel (partners)', path: 'funnel', extra: ['kind=partners'] },
  { name: 'funnel.csv', path: 'funnel.csv', extra: ['kind=students', 'kind=jobs'] },
  { name: 'trends', path: 'trends', extra: [''] },
  { name: 'trends.csv', path: 'trends.csv', extra: [''] },
  { name: 'sources', path: 'sources', extra: ['', 'source=newsletter'] },
  { name: 'sources.csv', path: 'sources.csv', extra: [''] },
  { name: 'response-times', path: 'response-times', extra: [''] },
  { name: 'response-times.csv', path: 'response-times.csv', extra: [''] },
  { name: 'partners', path: 'partners', extra: [''] },
  { name: 'partners.csv', path: 'partners.csv', extra: [''] },
  { name: 'jobs', path: 'jobs', extra: ['', `department=${encodeURIComponent(jobCategory)}`] },
  { name: 'jobs.csv', path: 'jobs.csv', extra: [''] },
];

/** An admin's session on the running Worker: created in the scratch database with an authenticator, signed in with password and code. */
async function adminSession(url: string) {
  process.env.WRANGLER_PERSIST_TO = INSIGHT_DIR;
  const { openLocalPlatform } = await import('../lib/platform.ts');
  const { createStaffAccount } = await import('../lib/staff-account.ts');
  const { staffMfa } = await import('#db/schema/index.ts');
  const { currentTotp, newTotpSecret } = await import('#functions/services/accounts/staff-mfa.ts');
  const { STAFF_CHALLENGE_COOKIE, STAFF_SESSION_COOKIE } = await import('#functions/lib/staff-cookies.ts');
  const email = `insight-perf-${Date.now()}@example.com`;
  const password = 'Perf-insight-horse-42';
  const secret = newTotpSecret();
  const platform = await openLocalPlatform();
  try {
    const { id } = await createStaffAccount(platform.db, {
      email,
      name: 'Perf Admin',
      role: 'admin',
      password,
    });
    await platform.db
      .insert(staffMfa)
      .values({ staffId: id, secret, confirmedAt: new Date() })
      .onConflictDoNothing();
  } finally {
    await platform.dispose();
  }
  const headers = { 'Content-Type': 'application/json', Origin: url };
  const cookieOf = (res: Response, name: string) =>
    res.headers
      .getSetCookie()
      .map((l) => l.split(';')[0]!)
      .find((p) => p.startsWith(`${name}=`))
      ?.slice(name.length + 1);
  const login = await fetch(`${url}/api/admin/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const challenge = cookieOf(login, STAFF_CHALLENGE_COOKIE);
  if (!challenge) throw new Error(`admin sign-in failed: HTTP ${login.status} ${await login.text()}`);
  const second = await fetch(`${url}/api/admin/auth/mfa`, {
    method: 'POST',
    headers: { ...headers, Cookie: `${STAFF_CHALLENGE_COOKIE}=${challenge}` },
    body: JSON.stringify({ code: currentTotp(secret) }),
  });
  const session = cookieOf(second, STAFF_SESSION_COOKIE);
  if (!session) throw new Error(`admin second factor failed: HTTP ${second.status} ${await second.text()}`);
  return `${STAFF_SESSION_COOKIE}=${session}`;
}

/** Builds (or, with `reuse`, keeps) the scratch database, then measures every insight endpoint. */
export async function insightRun(port: number, { reuse = false, rounds = 10 } = {}) {
  const now = Date.now();
  if (!reuse) {
    rmSync(INSIGHT_DIR, { recursive: true, force: true });
    const started = performance.now();
    await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', INSIGHT_DIR], {
      CI: 'true',
    });
    await run('node', ['scripts/seed.ts'], { WRANGLER_PERSIST_TO: INSIGHT_DIR });
    const file = `${mkdtempSync(`${tmpdir()}/insight-`)}/rows.sql`;
    writeFileSync(file, generationSql(now));
    await d1(['--file', file]);
    console.log(`Scratch database grown in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  }
  const out = await d1([
    '--json',
    '--command',
    `select (select count(*) from subscriptions) as applications, (select count(*) from job_applications) as jobApplications,
      (select count(*) from status_changes) as history, (select country_id from subjects limit 1) as country,
      (select department_id from subjects limit 1) as department, (select category from jobs limit 1) as category`,
  ]);
  const [sizes] = (
    JSON.parse(out.slice(out.indexOf('['))) as { results: Record<string, string | number>[] }[]
  )[0]!.results;
  console.log(
    `\n== Insight at ${sizes!.applications} program applications, ${sizes!.jobApplications} job applications, ${sizes!.history} history rows ==`,
  );
  // A signing secret of this run's own: the scratch Worker needs no .dev.vars.
  const server = await startServer({
    port,
    persistTo: INSIGHT_DIR,
    quiet: !process.env.PERF_VERBOSE,
    vars: { TOKEN_SECRET: randomBytes(32).toString('hex') },
  });
  try {
    const cookie = await adminSession(server.url);
    const periods = queriesAt(now);
    const list = endpoints(String(sizes!.country), String(sizes!.department), String(sizes!.category));
    const rows: (string | number)[][] = [];
    const figures: Record<
      string,
      Record<string, { p50: number; p95: number; httpP95: number; n: number }>
    > = {};
    const statuses = new Set<number>();
    for (const e of list) {
      // Each period apart: a month's figure and a year's differ by the rows they read.
      const byPeriod = periods.map((p) => ({
        label: p.label,
        urls: e.extra.map((x) => `${server.url}/api/admin/insight/${e.path}?${p.query}${x ? `&${x}` : ''}`),
        worker: [] as number[],
        http: [] as number[],
      }));
      for (const p of byPeriod) for (const u of p.urls) await timedGet(u, cookie);
      for (let r = 0; r < rounds; r++)
        for (const p of byPeriod)
          for (const u of p.urls) {
            const res = await timedGet(u, cookie);
            statuses.add(res.status);
            p.http.push(res.http);
            if (!Number.isNaN(res.worker)) p.worker.push(res.worker);
          }
      figures[e.name] = Object.fromEntries(
        byPeriod.map((p) => [
          p.label,
          {
            p50: percentile(p.worker, 50),
            p95: percentile(p.worker, 95),
            httpP95: percentile(p.http, 95),
            n: p.worker.length,
          },
        ]),
      );
      const f = figures[e.name]!;
      rows.push([
        `GET /api/admin/insight/${e.name}`,
        `${e.extra.length} × ${rounds}`,
        ...byPeriod.map((p) => `${f[p.label]!.p50.toFixed(0)} / ${f[p.label]!.p95.toFixed(0)}`),
        byPeriod.every((p) => f[p.label]!.p95 <= BUDGET_MS) ? 'yes' : 'NO',
      ]);
    }
    console.log(
      `Statuses: ${[...statuses].join(', ')}. Worker time (Server-Timing), p50 / p95 ms, per period ending today; filters per endpoint in scripts/perf/insight.ts.`,
    );
    table(
      [
        'endpoint',
        'queries × rounds',
        ...periods.map((p) => `${p.label} p50 / p95`),
        `p95 ≤ ${BUDGET_MS} ms`,
      ],
      rows,
    );
    return { sizes, figures };
  } finally {
    await server.stop();
  }
}
