// npm run rehearse: the launch rehearsal. Runs the production path end to end on this machine,
// offline, and prints one line per step; exits non-zero if any step fails.
//
//   - the Worker exactly as wrangler.toml's top level deploys it (ENVIRONMENT=production, the
//     production SITE_URL), under `wrangler dev` on a state folder of its own (.wrangler/rehearse),
//     with production's secrets in an env file (.dev.vars is not read);
//   - a fake HTTP e-mail provider on loopback (Resend's API shape) as its mail transport;
//   - `npm run admin:create` and `npm run seed` against that database;
//   - a staff sign-in, a subject edited through the back office API, and Publish, which calls a
//     local stand-in for the deploy hook: it builds from SNAPSHOT_URL of the running Worker into a
//     separate folder, swaps it in and reports the build back;
//   - then the checks: the page shows the edit, every dev route is 404, canonical URLs carry the
//     production origin, a registration's code reaches the fake provider (and not the outbox), and
//     a failed e-mail is delivered by the next scheduled run;
//   - before all that, the Worker with a weak TOKEN_SECRET refuses every request but its health
//     check; after the seed, health refuses the example values content/site.json
//     ships until an admin sets real ones through the back office;
//   - and launch day's (./launch-steps.ts): the environments' routes, the deploy gate,
//     scheduled runs inside their budget, a staging Publish, an open tab across a deploy, a
//     rollback, and the payments a restore erased put back from Stripe's record (`npm run
//     reconcile`, against the local Stripe-compatible server). Deploys go through
//     scripts/lib/deploy-steps.ts against a stand-in for Cloudflare (./cloud.ts): each a version
//     with its own files, a Time Travel bookmark before migrating.
//
// The operator's own values (docs/deploying.md steps 4 and 7 and "edit content/site.json"): a real-looking
// domain, since wrangler.toml's placeholder origin and the seed's example.com addresses are named by
// the health check as example values.
//
// SITE_URL is production's https:// origin (the configuration check requires https, and every page
// prints it), while the rehearsal talks to the Worker over http://127.0.0.1: in production TLS ends
// at Cloudflare's edge and the Worker never sees it either, so nothing in the Worker depends on the
// scheme it is reached by. Requests carry `Origin: <SITE_URL>`, as a browser on the real site sends.
import {
  appendFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { apiReferenceAssets } from '#schemas/paths.ts';
import { randomBytes } from 'node:crypto';
import { getPlatformProxy } from 'wrangler';
import { run } from '../lib/run.ts';
import { currentCommit } from '../lib/build-report.ts';
import { freePort } from '#functions/test/stripe-fake/free-port.ts';
import { startFakeStripe, type FakeStripe } from '#functions/test/stripe-fake/server.ts';
import { startFakeMail, type FakeMail } from './fake-mail.ts';
import { startDeployHook } from './deploy-hook.ts';
import { startProductionWorker } from './worker.ts';
import { standInCloud, type StandInCloud } from './cloud.ts';
import { CRONS } from '#schemas/schedule.ts';
import { assert, waitFor } from './checks.ts';
import {
  boundedCron,
  openTabAcrossDeploy,
  paymentsReconciled,
  rollback,
  sharedRouteRefused,
  stagingPublish,
  testGate,
} from './launch-steps.ts';
import { apiClient, signInStaff, type ApiClient, type StaffSession } from './api.ts';
import { growCatalogue, longTailProgram, scaleOption } from './scale-step.ts';
import { accountsMerged } from './accounts-step.ts';
import type { HealthResponse, PublishStatusResponse } from '#schemas/build.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '#schemas/errors.ts';
import { siteContactFields } from '#schemas/content.ts';

const STATE = resolve('.wrangler/rehearse');
const DB_DIR = join(STATE, 'db');
const ASSETS = join(STATE, 'dist');
/** What a deploy uploads: the build the deploy hook writes (wrangler.toml's `dist/` on a build machine). */
const UPLOAD = join(STATE, 'build');
const ENV_FILE = join(STATE, 'production.env');
const LOG = join(STATE, 'rehearse.log');
/** The mail retry's own cron, every five minutes. */
const FREQUENT_CRON = CRONS['mail-retry'];
/** The retry job's first backoff is 5 minutes: a run this much later is past it. */
const PAST_FIRST_BACKOFF_MS = 6 * 60_000;

/** The operator's domain (never resolved: everything runs on loopback). */
const DOMAIN = 'bridgeway-global.co.uk';
/** SITE_URL as the operator sets it in wrangler.toml (docs/deploying.md step 4): not wrangler.toml's placeholder. */
const origin = `https://www.${DOMAIN}`;
const commit = currentCommit();
/** The site settings' contact details as the launch sets them (an admin, through the back office). */
const launchContacts = {
  email: `hello@${DOMAIN}`,
  admissionsEmail: `admissions@${DOMAIN}`,
  staffNotificationEmail: `staff-alerts@${DOMAIN}`,
  phone: '+44 20 3870 4100',
  companyNumber: '15872431',
};
/** The company as content/site.json names it (the one place the brand is written). */
const siteBlock = JSON.parse(readFileSync('content/site.json', 'utf8')) as { companyName: string };
/** What content/site.json ships: the seed's example values the health check must name. */
const shippedExamples = [
  'site.admissionsEmail',
  'site.companyNumber',
  'site.email',
  'site.phone',
  'site.staffNotificationEmail',
];
const staff = {
  email: `launch.admin@${DOMAIN}`,
  name: 'Launch Admin',
  password: `rehearsal-${randomBytes(9).toString('base64url')}`,
};
const secrets = {
  TOKEN_SECRET: randomBytes(32).toString('hex'),
  BUILD_TOKEN: randomBytes(32).toString('hex'),
  MAIL_API_KEY: `re_rehearsal_${randomBytes(12).toString('hex')}`,
  // Card payments through the local Stripe-compatible server (functions/test/stripe-fake).
  STRIPE_SECRET_KEY: `sk_test_rehearsal_${randomBytes(12).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: `whsec_rehearsal_${randomBytes(12).toString('hex')}`,
};

const log = (text: string) => appendFileSync(LOG, text);
const t0 = performance.now();
const results: { name: string; ok: boolean }[] = [];
// Opt in: the catalogue grown to N programs and one edit published at that size (scale-step.ts).
const scale = scaleOption();
const cleanups: (() => Promise<unknown>)[] = [];
let total = 0;

/** Runs one step and prints its line. A failed step that later ones need stops the rehearsal. */
async function step<T>(
  name: string,
  fn: () => Promise<[T, string]>,
  { fatal = true } = {},
): Promise<T | undefined> {
  const started = performance.now();
  const n = `${String(results.length + 1).padStart(2)}/${total}`;
  const secs = () => ((performance.now() - started) / 1000).toFixed(1);
  log(`\n===== ${name}\n`);
  try {
    const [value, detail] = await fn();
    results.push({ name, ok: true });
    console.log(`[${n}] ok    ${name}: ${detail} (${secs()} s)`);
    return value;
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`[${n}] FAIL  ${name}: ${(error as Error).message} (${secs()} s)`);
    log(`${(error as Error).stack ?? String(error)}\n`);
    if (fatal) throw new Stop();
    return undefined;
  }
}
class Stop extends Error {}

const sixDigitCode = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

/** Every text file of the built site (HTML, XML, TXT, JS, CSS, JSON), for the origin scan. */
function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return textFiles(path);
    return /\.(html|xml|txt|js|mjs|css|json|webmanifest|svg)$/.test(name) ? [path] : [];
  });
}

async function main() {
  let mail!: FakeMail;
  let api!: ApiClient;
  let session!: StaffSession;
  let hook!: Awaited<ReturnType<typeof startDeployHook>>;
  let edited!: { id: string; text: string };
  let cloud!: StandInCloud;
  let stripe!: FakeStripe;
  total = 23 + (scale ? 2 : 0);
  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(ASSETS, { recursive: true });
  writeFileSync(LOG, `npm run rehearse, ${new Date().toISOString()}\n`);

  const migrate = () =>
    run(
      'wrangler',
      ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', DB_DIR],
      { CI: 'true' },
      log,
    );
  await step('state folder', async () => {
    await migrate();
    const migrations = readdirSync('db/migrations').filter((f) => f.endsWith('.sql')).length;
    return [
      undefined,
      `${STATE.replace(`${process.cwd()}/`, '')}, ${migrations} migrations applied, empty site folder`,
    ];
  });

  await step('shared route refused', sharedRouteRefused, { fatal: false });
  await step('test gate', testGate, { fatal: false });

  await step('fake mail provider', async () => {
    mail = await startFakeMail(secrets.MAIL_API_KEY);
    cleanups.push(mail.stop);
    return [undefined, `Resend-shaped API on ${mail.url}`];
  });

  const workerPort = Number(process.env.REHEARSE_PORT) || (await freePort());
  const vars = { SITE_URL: origin };
  await step('weak TOKEN_SECRET refused', async () => {
    // As if `wrangler secret put TOKEN_SECRET` had been given a placeholder: the Worker must serve
    // nothing that could sign or trust a forged token or link, and health must say why.
    const weakFile = join(STATE, 'weak-secret.env');
    writeFileSync(
      weakFile,
      Object.entries({
        ...secrets,
        TOKEN_SECRET: 'changeme'.repeat(8),
        MAIL_API_URL: mail.url,
        MAIL_FROM: `${siteBlock.companyName} <no-reply@${DOMAIN}>`,
      })
        .map(([k, v]) => `${k}="${v}"`)
        .join('\n'),
    );
    const weak = await startProductionWorker({
      port: workerPort,
      stateDir: DB_DIR,
      envFile: weakFile,
      assetsDir: ASSETS,
      vars,
      log,
    });
    try {
      const client = apiClient(weak.url, origin);
      const health = (await client.call('GET', '/api/health', { expect: [503] })).json<HealthResponse>();
      assert(!health.success, 'health says ok');
      const named = health.problems.filter((p) => p.blocking).map((p) => p.setting);
      assert(named.join() === 'TOKEN_SECRET', `health names ${named.join(', ') || 'nothing'} as blocking`);
      const refused: string[] = [];
      for (const [method, path] of [
        ['GET', '/api/countries'],
        ['POST', '/api/users/login'],
        ['POST', '/api/admin/auth/login'],
        ['GET', '/api/job-alerts/unsubscribe?token=forged'],
        ['GET', '/payment/receipt/forged?t=forged'],
      ] as const) {
        const res = await fetch(`${weak.url}${path}`, {
          method,
          headers: { Origin: origin, 'Content-Type': 'application/json' },
          ...(method === 'POST' ? { body: '{}' } : {}),
        });
        const text = await res.text();
        assert(res.status === 503, `${method} ${path} answered ${res.status}`);
        assert(
          text.includes(SERVICE_UNAVAILABLE_MESSAGE),
          `${method} ${path} is not the generic message: ${text.slice(0, 120)}`,
        );
        refused.push(`${method} ${path.split('?')[0]}`);
      }
      return [
        undefined,
        `health 503 names TOKEN_SECRET (blocking); ${refused.length} routes 503 "${SERVICE_UNAVAILABLE_MESSAGE}"`,
      ];
    } finally {
      await weak.stop();
    }
  });

  const workerOptions = {
    port: workerPort,
    stateDir: DB_DIR,
    envFile: ENV_FILE,
    assetsDir: ASSETS,
    vars,
    ...(commit ? { commit } : {}),
    log,
  };
  let worker: Awaited<ReturnType<typeof startProductionWorker>> | undefined;
  cleanups.push(async () => worker?.stop());
  await step('production Worker', async () => {
    cloud = standInCloud({
      assetsDir: ASSETS,
      uploadDir: () => UPLOAD,
      stateDir: join(STATE, 'cloud'),
      d1Dir: join(DB_DIR, 'v3', 'd1'),
      migrate,
      restartWorker: async (meanwhile) => {
        await worker?.stop();
        await meanwhile();
        worker = await startProductionWorker(workerOptions);
      },
    });
    hook = await startDeployHook({
      siteUrl: origin,
      snapshotUrl: `http://127.0.0.1:${workerPort}/api/build/snapshot`,
      buildToken: secrets.BUILD_TOKEN,
      buildDir: UPLOAD,
      buildInfoFile: join(STATE, 'build-info.json'),
      wrangler: cloud.wrangler,
      ...(commit ? { commit } : {}),
      log,
    });
    cleanups.push(hook.stop);
    // Stripe's stand-in, delivering its events to the Worker's webhook as Stripe would.
    stripe = await startFakeStripe(0, '127.0.0.1', {
      forwardTo: `http://127.0.0.1:${workerPort}/api/payment/webhook`,
      webhookSecret: secrets.STRIPE_WEBHOOK_SECRET,
    });
    cleanups.push(() => stripe.close());
    // Production's secrets, as `wrangler secret put` would hold them (ENVIRONMENT and SITE_URL are
    // not here: they come from wrangler.toml's top level, as deployed).
    writeFileSync(
      ENV_FILE,
      Object.entries({
        ...secrets,
        MAIL_API_URL: mail.url,
        MAIL_FROM: `${siteBlock.companyName} <no-reply@${DOMAIN}>`,
        DEPLOY_HOOK_URL: hook.url,
        PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_rehearsal',
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(stripe.port),
        STRIPE_API_PROTOCOL: 'http',
      })
        .map(([k, v]) => `${k}="${v}"`)
        .join('\n'),
    );
    worker = await startProductionWorker(workerOptions);
    api = apiClient(worker.url, origin);
    // The secrets and settings are right; what health may still name are the example values of
    // the site settings (the shipped content/site.json until the seed and the back office replace
    // them: the step after the seed checks that).
    const health = (await api.call('GET', '/api/health', { expect: [200, 503] })).json<HealthResponse>();
    const other = health.success ? [] : health.problems.filter((p) => !p.setting.startsWith('site.'));
    assert(!other.length, `GET /api/health says misconfigured: ${other.map((p) => p.setting).join(', ')}`);
    const countries = await api.call('GET', '/api/countries');
    return [
      undefined,
      `${worker.url} as ${origin}, ENVIRONMENT=production, secrets and settings accepted (GET /api/countries ${countries.status}; health names only the site settings' example values)`,
    ];
  });

  const cliEnv = { WRANGLER_PERSIST_TO: DB_DIR, STAFF_PASSWORD: staff.password };
  await step('admin:create', async () => {
    let out = '';
    await run(
      'npm',
      [
        'run',
        'admin:create',
        '--',
        '--email',
        staff.email,
        '--name',
        staff.name,
        '--role',
        'admin',
        '--env-file',
        ENV_FILE,
      ],
      cliEnv,
      (t) => {
        out += t;
        log(t);
      },
    );
    assert(/Created admin/.test(out), 'admin:create did not report the account');
    return [undefined, `admin ${staff.email} created in the Worker's database`];
  });

  await step('seed', async () => {
    let out = '';
    await run('npm', ['run', 'seed', '--', '--env-file', ENV_FILE], cliEnv, (t) => {
      out += t;
      log(t);
    });
    assert(/Demo accounts: not created/.test(out), 'the seed did not refuse the demo accounts');
    const subjects = (await api.call('GET', '/api/subjects')).json<unknown[]>();
    assert(subjects.length > 0, 'no subjects after seeding');
    return [
      undefined,
      `content loaded (${subjects.length} subjects served), demo accounts refused (${/Demo accounts: not created \((.*)\)/.exec(out)?.[1]})`,
    ];
  });

  if (scale)
    await step(`catalogue grown to ${scale.programs} programs and ${scale.jobs} jobs`, async () => [
      undefined,
      await growCatalogue(DB_DIR, scale),
    ]);

  await step('staff sign-in', async () => {
    // A new admin's first sign-in: the code e-mailed to the staff address, before the authenticator.
    const emailedCode = () =>
      waitFor('no sign-in code reached the fake provider', () =>
        mail
          .to(staff.email)
          .filter((m) => m.subject.includes('two-step sign-in'))
          .map((m) => sixDigitCode(m.text))
          .at(-1),
      );
    session = await signInStaff(api, { email: staff.email, password: staff.password }, { emailedCode });
    const me = (await session.call('GET', '/api/admin/auth/me')).json<{ email: string; role: string }>();
    assert(me.email === staff.email && me.role === 'admin', 'signed in as someone else');
    // No demo staff account exists in production.
    const demo = await api.call('POST', '/api/admin/auth/login', {
      body: { email: 'admin@example.com', password: 'demo-admin-password' },
      expect: [401],
    });
    return [undefined, `${me.email} (${me.role}); the demo admin is refused (${demo.status})`];
  });

  await step('example values refused until an admin sets real ones', async () => {
    const before = (await api.call('GET', '/api/health', { expect: [503] })).json<HealthResponse>();
    assert(!before.success, 'health accepted the seed');
    const named = before.problems.map((p) => p.setting).sort();
    assert(
      named.join() === shippedExamples.join(),
      `health names ${named.join(', ')}, not the seed's example values ${shippedExamples.join(', ')}`,
    );
    assert(
      before.problems.every((p) => !p.blocking),
      'an example value blocks the site',
    );
    // An admin sets the real contact details (editors cannot); the addresses that
    // held them until now are told.
    const { item } = (await session.call('GET', '/api/admin/site-settings')).json<{
      item: Record<string, unknown>;
    }>();
    const previous = String(item.staffNotificationEmail);
    const contacts = Object.fromEntries(siteContactFields.map((f) => [f, item[f]]));
    const saved = (
      await session.call('PUT', '/api/admin/site-settings/contacts', {
        body: { ...contacts, ...launchContacts },
      })
    ).json<{ notified: string[] }>();
    assert(
      saved.notified.includes(previous),
      `the previous staff address was not told (${saved.notified.join(', ')})`,
    );
    await waitFor('the change notice never reached the mail provider', () =>
      mail.to(previous).find((m) => m.subject.includes('contact details')),
    );
    const after = (await api.call('GET', '/api/health', { expect: [200, 503] })).json<HealthResponse>();
    assert(
      after.success,
      `health still names ${after.success ? '' : after.problems.map((p) => p.setting).join(', ')}`,
    );
    return [
      undefined,
      `health 503 named ${named.join(', ')}; an admin set them (notice to ${previous} delivered); /api/health 200 (commit ${after.commit?.slice(0, 12) ?? 'none'}, content version ${after.contentVersion})`,
    ];
  });

  await step('subject edited through the back office API', async () => {
    const list = (await session.call('GET', '/api/admin/content/subjects?pageSize=1')).json<{
      items: { id: string }[];
    }>();
    const id = list.items[0]?.id;
    assert(id, 'no subject to edit');
    const { item } = (await session.call('GET', `/api/admin/content/subjects/${id}`)).json<{
      item: Record<string, unknown>;
    }>();
    const text = `Rehearsal edit ${randomBytes(4).toString('hex')}: published from the live database.`;
    await session.call('PUT', `/api/admin/content/subjects/${id}`, {
      body: { ...item, description: [text] },
    });
    const served = (await api.call('GET', `/api/subjects/${id}`)).json<{ description: string[] }>();
    assert(served.description.includes(text), 'the API does not serve the edit');
    edited = { id, text };
    return [undefined, `${id}: the API serves the new description at once`];
  });

  await step('Publish → deploy hook → build from SNAPSHOT_URL → deploy', async () => {
    const answer = (await session.call('POST', '/api/admin/publish')).json<PublishStatusResponse>();
    assert(answer.hook && answer.state === 'publishing', `Publish did not start a build: ${answer.message}`);
    assert(hook.builds.length === 1, `the deploy hook was called ${hook.builds.length} times`);
    const built = await hook.builds[0]!.done;
    const status = await waitFor('the back office never showed the build as published', async () => {
      const s = (await session.call('GET', '/api/admin/publish/status')).json<PublishStatusResponse>();
      return s.state === 'idle' && s.publishedVersion === built.contentVersion ? s : undefined;
    });
    assert(!status.editsWaiting, `${status.waitingEdits} edits still waiting after the build`);
    return [
      undefined,
      `hook called once (for ${await hook.builds[0]!.target}), built content version ${built.contentVersion} in ${built.seconds.toFixed(0)} s, deployed as ${cloud.live()} after bookmark ${built.undo.bookmark}, reported; back office: published at ${status.publishedAt}`,
    ];
  });

  // The checks: each stands alone, so one failing does not hide the others.
  await step(
    'public subject page shows the edit',
    async () => {
      const html = await waitFor('the page never showed the edit', async () => {
        const res = await fetch(`${api.url}/subject/${edited.id}`);
        const text = await res.text();
        return res.status === 200 && text.includes(edited.text) ? text : undefined;
      });
      // The fallback shell renders in the browser: the edit in the HTML itself means the built page.
      return [
        undefined,
        `GET /subject/${edited.id} 200, the edited description in the pre-rendered HTML (${(html.length / 1024).toFixed(0)} KB)`,
      ];
    },
    { fatal: false },
  );

  await step(
    'every dev route is 404',
    async () => {
      const pages = ['/dev/mailbox', '/dev/mailbox/', '/dev/'];
      const apis = [
        '/api/dev/outbox',
        `/api/dev/outbox?to=${encodeURIComponent(staff.email)}`,
        '/api/dev/endpoints',
      ];
      const unknownPage = await (
        await fetch(`${api.url}/no-such-page-${randomBytes(3).toString('hex')}`)
      ).text();
      const hosts = [api.url, api.url.replace('127.0.0.1', 'localhost')];
      for (const host of hosts) {
        for (const path of pages) {
          const res = await fetch(`${host}${path}`);
          assert(res.status === 404, `${host}${path} answered ${res.status}`);
          assert((await res.text()) === unknownPage, `${path} is not the unknown-page answer`);
        }
        for (const path of apis) {
          const res = await fetch(`${host}${path}`);
          const body = await res.text();
          assert(res.status === 404, `${host}${path} answered ${res.status}`);
          assert(
            body ===
              JSON.stringify({ success: false, message: `No API endpoint at GET ${path.split('?')[0]}` }),
            `${path} is not the unknown-route answer: ${body}`,
          );
        }
      }
      return [
        undefined,
        `${pages.length + apis.length} routes × ${hosts.length} loopback hosts: 404, same as an unknown route`,
      ];
    },
    { fatal: false },
  );

  await step(
    'canonical URLs use the production origin',
    async () => {
      const html = await (await fetch(`${api.url}/subject/${edited.id}`)).text();
      const expected = `${origin}/subject/${edited.id}`;
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1];
      assert(canonical === expected, `canonical is ${canonical}`);
      assert(ogUrl === expected, `og:url is ${ogUrl}`);
      const robots = await (await fetch(`${api.url}/robots.txt`)).text();
      assert(
        robots.includes(`Sitemap: ${origin}/sitemap-index.xml`),
        'robots.txt does not name the production sitemap',
      );
      const index = await (await fetch(`${api.url}/sitemap-index.xml`)).text();
      // Every sitemap the index lists (the built pages', and the Worker-rendered catalogue's).
      const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      const elsewhere = sitemaps.find((url) => !url.startsWith(`${origin}/`));
      assert(sitemaps.length > 0 && !elsewhere, `the sitemap index points at ${elsewhere ?? 'nothing'}`);
      const pages = (
        await Promise.all(
          sitemaps.map(async (url) => (await fetch(`${api.url}${new URL(url).pathname}`)).text()),
        )
      ).join('');
      assert(
        pages.includes(`<loc>${expected}</loc>`),
        'the sitemap lacks the subject at the production origin',
      );
      // Swagger UI's bundle, copied as published (scripts/build/api-reference.ts), names localhost in
      // its own examples: it is not made from this site's settings.
      const files = textFiles(ASSETS).filter((f) => !f.startsWith(join(ASSETS, apiReferenceAssets)));
      const local = files.filter((f) => /127\.0\.0\.1|localhost:\d/.test(readFileSync(f, 'utf8')));
      assert(
        !local.length,
        `a local origin in ${local
          .slice(0, 3)
          .map((f) => f.replace(`${ASSETS}/`, ''))
          .join(', ')}`,
      );
      return [
        undefined,
        `canonical, og:url, robots.txt and the sitemap on ${origin}; none of ${files.length} built files mentions 127.0.0.1`,
      ];
    },
    { fatal: false },
  );

  // The database, read beside the Worker (as npm start's publish watcher does).
  // (wrangler's own notes stay out of the one-line-per-step output)
  const logLevel = process.env.WRANGLER_LOG;
  process.env.WRANGLER_LOG = 'warn';
  const db = await getPlatformProxy<Env>({
    persist: { path: join(DB_DIR, 'v3') },
    envFiles: [ENV_FILE],
    remoteBindings: false,
  });
  if (logLevel === undefined) delete process.env.WRANGLER_LOG;
  else process.env.WRANGLER_LOG = logLevel;
  cleanups.push(db.dispose);
  const outboxRows = async (to: string) =>
    (
      await db.env.DB.prepare('select * from outbox where "to" = ? order by created_at')
        .bind(to)
        .all<Record<string, unknown>>()
    ).results;
  let phone = 0;
  const register = (email: string) =>
    api
      .call('POST', '/api/users/register', {
        // Phone numbers from Ofcom's range kept for fiction (020 7946 0000 to 0999); each one unique.
        body: {
          fullName: 'Rehearsal Student',
          academicStatus: 'Undergraduate',
          contactNumber: `020 7946 0${String(++phone).padStart(3, '0')}`,
          email,
          currentAddress: '1 Rehearsal Road, London',
          password: 'Rehearsal-pass-2026',
        },
      })
      .then((r) => r.json<{ userId: string; message: string }>());
  const verify = (userId: string, otp: string) =>
    api.call('POST', '/api/users/verify-otp', { body: { userId, otp } });

  await step(
    'registration code reaches the mail provider, not the outbox',
    async () => {
      const email = `student.${randomBytes(3).toString('hex')}@example.com`;
      const { userId } = await register(email);
      const message = await waitFor('no message reached the fake provider', () => mail.to(email)[0]);
      const code = sixDigitCode(message.text);
      assert(code && message.html.includes(code), 'the message carries no 6-digit code');
      assert(message.from.includes(`no-reply@${DOMAIN}`), `sent from ${message.from}`);
      const rows = await outboxRows(email);
      assert(rows.length === 1, `${rows.length} outbox rows for the address`);
      assert(
        !rows[0]!.text && !rows[0]!.html,
        'the outbox row keeps the message body (the code) in production',
      );
      assert(!String(rows[0]!.subject).includes(code), 'the outbox row keeps the code in its subject');
      await verify(userId, code);
      return [
        undefined,
        `code delivered to ${email} and accepted by verify-otp; outbox row ${String(rows[0]!.status)}, body empty`,
      ];
    },
    { fatal: false },
  );

  await step(
    'failed e-mail delivered by the next scheduled run',
    async () => {
      // A contact form's staff notification: retried until delivered. (One-time codes are not: a
      // failed code e-mail withdraws its code and the person asks for a new one, never a late code.)
      const subject = `Rehearsal enquiry ${randomBytes(3).toString('hex')}`;
      const staffInbox = launchContacts.staffNotificationEmail; // as the admin set it above
      const delivered = () => mail.to(staffInbox).find((m) => m.subject.includes(subject));
      mail.fail(true);
      const refusedBefore = mail.refused;
      const contact = await api.call('POST', '/api/contact', {
        body: {
          firstName: 'Rehearsal',
          email: 'visitor@example.com',
          subject,
          message: 'Sent while the mail provider was down.',
        },
        expect: [201, 503],
      });
      mail.fail(false);
      assert(mail.refused > refusedBefore, 'the provider was not called while it failed');
      assert(!delivered(), 'the notification got through while the provider failed');
      const [row] = (
        await db.env.DB.prepare(
          'select * from outbox where "to" = ? and subject like ? order by created_at desc',
        )
          .bind(staffInbox, `%${subject}%`)
          .all<Record<string, unknown>>()
      ).results;
      assert(
        row && row.status !== 'sent',
        `the failed notification is not recorded as failed (${row ? String(row.status) : 'no outbox row'})`,
      );
      // The Cron Trigger fires past the first backoff (5 minutes). wrangler dev's local trigger
      // endpoint runs the scheduled handler as the Cron Trigger would (`--test-scheduled`'s
      // /__scheduled is a route of the Worker itself, which the assets router answers first here).
      const time = Date.now() + PAST_FIRST_BACKOFF_MS;
      const res = await fetch(
        `${api.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(FREQUENT_CRON)}&time=${time}&format=json`,
      );
      const outcome = await res.text();
      assert(res.ok, `the scheduled run answered ${res.status}: ${outcome.slice(0, 200)}`);
      const message = await waitFor(
        'the scheduled run did not deliver the failed notification',
        delivered,
        15_000,
      );
      const [after] = (
        await db.env.DB.prepare('select status from outbox where id = ?')
          .bind(row.id)
          .all<{ status: string }>()
      ).results;
      return [
        undefined,
        `provider down → contact form ${contact.status}, notification ${String(row.status)}; cron ${FREQUENT_CRON} at +6 min → delivered ("${message.subject}", outbox ${after?.status})`,
      ];
    },
    { fatal: false },
  );

  await step(
    'nothing else waiting',
    async () => {
      const status = (await session.call('GET', '/api/admin/publish/status')).json<PublishStatusResponse>();
      assert(hook.builds.length === 1, `${hook.builds.length} builds`);
      return [
        undefined,
        `one build for one Publish; back office: ${status.state}, ${status.waitingEdits} edits waiting`,
      ];
    },
    { fatal: false },
  );

  if (scale)
    await step(`one edit at ${scale.programs} programs: Publish → live`, async () => {
      const id = longTailProgram(scale);
      const { item } = (await session.call('GET', `/api/admin/content/subjects/${id}`)).json<{
        item: Record<string, unknown>;
      }>();
      const text = `Edited at scale ${randomBytes(4).toString('hex')}.`;
      // A generated program has no fee check date: staff fill it in as they edit.
      await session.call('PUT', `/api/admin/content/subjects/${id}`, {
        body: { feesVerifiedOn: '2026-10-01', ...item, description: [text] },
      });
      const published = performance.now();
      await session.call('POST', '/api/admin/publish');
      await waitFor(
        'the edited program never showed the edit',
        async () => {
          const res = await fetch(`${api.url}/subject/${id}`);
          return res.status === 200 && (await res.text()).includes(text) ? true : undefined;
        },
        120_000,
      );
      const live = (performance.now() - published) / 1000;
      assert(live <= 120, `the edit took ${live.toFixed(0)} s to show (goal: 2 minutes)`);
      // The static pages: the build this Publish started (at most one a minute: the status poll calls
      // the hook when the minute is up), built from the paged snapshot at this size.
      const status = await waitFor(
        'the build never reported the edit as published',
        async () => {
          const s = (await session.call('GET', '/api/admin/publish/status')).json<PublishStatusResponse>();
          return !s.editsWaiting && s.state === 'idle' ? s : undefined;
        },
        600_000,
      );
      const built = await hook.builds.at(-1)!.done;
      return [
        undefined,
        `${id}: its page showed the edit ${live.toFixed(1)} s after Publish (rendered by the Worker, no build needed); the static pages' build from the snapshot took ${built.seconds.toFixed(0)} s, published ${((performance.now() - published) / 1000).toFixed(0)} s after Publish (version ${status.publishedVersion})`,
      ];
    });

  /** Runs a SQL file on the Worker's local D1, as the seed writes beside it. */
  const executeSqlFile = (file: string) =>
    run(
      'wrangler',
      ['d1', 'execute', 'DB', '--local', '--persist-to', DB_DIR, '--file', file],
      { CI: 'true' },
      log,
    );
  await step(
    'accounts from before people existed: merged, and each signs in',
    () =>
      accountsMerged({
        api,
        db: db.env.DB,
        stateDir: STATE,
        execute: executeSqlFile,
      }),
    { fatal: false },
  );
  // Launch day: each step in ./launch-steps.ts, the test behind it in its line.
  await step(
    'bounded cron',
    () =>
      boundedCron({
        api,
        mail,
        db: db.env.DB,
        stateDir: STATE,
        execute: executeSqlFile,
      }),
    { fatal: false },
  );
  await step('staging publish', () => stagingPublish({ hookUrl: hook.url, builds: hook.builds }), {
    fatal: false,
  });
  const deployed = await step(
    'open tab across a deploy',
    () => openTabAcrossDeploy({ api, cloud, assetsDir: ASSETS, uploadDir: UPLOAD, commit, log }),
    { fatal: false },
  );
  await step(
    'rollback',
    async () => {
      assert(deployed, 'no deploy to roll back (the step before failed)');
      return rollback({ api, cloud, deploy: deployed, register });
    },
    { fatal: false },
  );
  await step(
    'payments reconciled after a restore',
    () =>
      paymentsReconciled({
        api,
        cloud,
        mail,
        stripe: { url: stripe.url, secretKey: secrets.STRIPE_SECRET_KEY },
        reconcile: async (since) => {
          let out = '';
          await run(
            'npm',
            ['run', 'reconcile', '--', '--since', since, '--env-file', ENV_FILE],
            cliEnv,
            (t) => {
              out += t;
              log(t);
            },
          );
          return out;
        },
      }),
    { fatal: false },
  );
}

let stopped = false;
try {
  await main();
} catch (error) {
  if (!(error instanceof Stop)) {
    console.log(`FAIL  ${(error as Error).message}`);
    log(`${(error as Error).stack}\n`);
    results.push({ name: 'rehearsal', ok: false });
  }
  stopped = true;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
const failed = results.filter((r) => !r.ok);
const seconds = ((performance.now() - t0) / 1000).toFixed(0);
if (failed.length || stopped) {
  console.log(
    `Rehearsal FAILED: ${failed.map((r) => r.name).join('; ')} (${seconds} s; log: ${LOG.replace(`${process.cwd()}/`, '')})`,
  );
  process.exitCode = 1;
} else {
  console.log(`Rehearsal passed: ${results.length} steps in ${seconds} s.`);
}
