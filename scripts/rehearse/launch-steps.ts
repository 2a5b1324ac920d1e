// The rehearsal's launch-day steps: each a function returning [value, the line's detail],
// run by index.ts's step(). Each names the test behind it in its line.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium } from '@playwright/test';
import { parse } from 'yaml';
import {
  addressProblems,
  apexProblems,
  deployedAddresses,
  readWranglerConfig,
} from '../lib/wrangler-config.ts';
import { migrationProblems, readMigrations } from '../lib/migration-safety.ts';
import { deployCommands, deployEnvironment, deployTarget } from '../lib/deploy-target.ts';
import { commandLine, deployWithUndo, rollBack, type UndoRecord } from '../lib/deploy-steps.ts';
import { copyAsAnotherBuild, movedRefs } from '../lib/another-build.ts';
import { ensureChromium, testChromium, chromiumArgs } from '../lib/chromium.ts';
import { RUN_BUDGET } from '#functions/lib/call-budget.ts';
import { CRONS } from '#schemas/schedule.ts';
import type { DeployHookPayload } from '#schemas/build.ts';
import type { CreatePaymentIntentResponse, ReceiptResponse } from '#schemas/payment.ts';
import type { ApiClient } from './api.ts';
import type { FakeMail } from './fake-mail.ts';
import type { StandInCloud } from './cloud.ts';
import { assert, waitFor } from './checks.ts';

type StepResult<T = undefined> = Promise<[T, string]>;

/** Staging and production answer on hosts of their own, as wrangler itself resolves the file. */
export async function sharedRouteRefused(): StepResult {
  const addresses = deployedAddresses();
  const problems = addressProblems(addresses);
  assert(problems.length === 0, problems.join('; '));
  // The same file with staging's own routes taken out: staging inherits production's domain.
  const toml = readFileSync('wrangler.toml', 'utf8');
  const inherited = toml.replace(/^(\[env\.staging\]\n)routes = .*\n/m, '$1');
  assert(inherited !== toml, "wrangler.toml's [env.staging] has no routes line to take out");
  const variant = join(mkdtempSync(join(tmpdir(), 'rehearse-')), 'wrangler.toml');
  writeFileSync(variant, inherited);
  const refused = addressProblems(deployedAddresses(variant)).find((p) => /share the route/.test(p));
  assert(refused, 'a staging that inherits production’s route was not refused');
  const hosts = addresses.map((a) => `${a.target} ${a.routes.join(', ') || 'workers.dev'}`).join(', ');
  // The bare domain: a redirect Worker of its own (wrangler.apex.toml), in step with production.
  const apex = apexProblems();
  assert(apex.length === 0, apex.join('; '));
  const bare = readWranglerConfig(undefined, 'wrangler.apex.toml').routes?.map((r) =>
    typeof r === 'string' ? r : r.pattern,
  );
  return [
    undefined,
    `${hosts}; the bare domain ${bare?.join(', ')} redirects to production's SITE_URL (wrangler.apex.toml); without its own routes staging is refused: "${refused}" (scripts/lib/wrangler-config.test.ts, functions/apex/apex.test.ts)`,
  ];
}

/** Deploys wait for `npm test` and production for an approval; migrations only expand. */
export async function testGate(): StepResult {
  const workflow = parse(readFileSync('.github/workflows/deploy.yml', 'utf8')) as {
    jobs: Record<string, { needs?: string | string[]; environment?: string; steps: { run?: string }[] }>;
  };
  const deploy = workflow.jobs.deploy;
  assert(deploy && [deploy.needs ?? []].flat().includes('test'), 'the deploy job does not need the test job');
  assert(
    workflow.jobs.test?.steps.some((s) => s.run === 'npm test'),
    'the test job does not run npm test',
  );
  assert(
    deploy.environment === '${{ needs.target.outputs.github_environment }}',
    'the deploy job is not held in the GitHub environment the target job chose',
  );
  assert(
    deploy.steps.some((s) => s.run === 'node scripts/deploy-target.ts --verify'),
    'the deploy job does not check its commit before deploying',
  );
  // Approval gates code, not content: where a push, a Publish of the live commit and one after new code wait.
  const live = 'a'.repeat(40);
  const newer = 'b'.repeat(40);
  const waits = (eventName: string, commit: string) =>
    deployEnvironment({ target: 'production', eventName, ref: 'refs/heads/main', commit, liveCommit: live })
      .environment;
  const routed = {
    push: waits('push', newer),
    content: waits('repository_dispatch', live),
    code: waits('repository_dispatch', newer),
  };
  assert(
    routed.push === 'production' && routed.content === 'production-content' && routed.code === 'production',
    `a push, a Publish of the live commit and one after new code wait in ${Object.values(routed).join(', ')}`,
  );
  const migrations = readMigrations();
  const problems = migrationProblems(migrations);
  assert(
    problems.length === 0,
    problems.map((p) => `${p.tag} removes ${p.removes}: ${p.problem}`).join('; '),
  );
  const contract = migrationProblems([
    ...migrations,
    {
      tag: '9999_contract',
      sql: 'ALTER TABLE `job_alerts` DROP COLUMN `keywords`;',
      declared: migrations.at(-1)!.declared,
    },
  ]);
  assert(contract.length === 1, 'a migration dropping a column the previous release reads was not refused');
  return [
    undefined,
    `deploy needs test (npm test on the commit) and waits in the GitHub environment the target job chose (a push → ${routed.push}, a Publish of the live commit → ${routed.content}, a Publish after new code → ${routed.code}), checking its commit again before deploying; ${migrations.length} migrations only expand; one dropping job_alerts.keywords without a two-release plan is refused (scripts/lib/deploy-workflow.test.ts, scripts/lib/deploy-approval.test.ts, scripts/lib/migration-safety.test.ts)`,
  ];
}

/** A Publish on staging deploys staging only; production's deploy path refuses it. */
export async function stagingPublish(ctx: {
  hookUrl: string;
  builds: { target: Promise<string>; done: Promise<unknown> }[];
}): StepResult {
  const published = await ctx.builds[0]!.target;
  assert(published === 'production', `the production Worker's Publish named ${published}`);
  const body: DeployHookPayload = { event_type: 'publish', client_payload: { environment: 'staging' } };
  const target = deployTarget('repository_dispatch', body);
  assert(target === 'staging', `a staging Publish resolves to ${target}`);
  const [staging, production] = [readWranglerConfig('staging'), readWranglerConfig()];
  const db = (c: typeof staging) => c.d1_databases.find((d) => d.binding === 'DB')?.database_name;
  assert(
    staging.name !== production.name && db(staging) !== db(production),
    'staging shares a Worker or a database with production',
  );
  assert(staging.vars.SITE_URL !== production.vars.SITE_URL, 'staging builds with production’s SITE_URL');
  const { build, deploy } = deployCommands(target);
  // Sent to the production stand-in's hook: its deploy path builds nothing for staging.
  const before = ctx.builds.length;
  const res = await fetch(ctx.hookUrl, { method: 'POST', body: JSON.stringify(body) });
  assert(res.ok && ctx.builds.length === before + 1, 'the hook did not take the staging Publish');
  const refused = await ctx.builds[before]!.done.then(
    () => undefined,
    (error: Error) => error.message,
  );
  assert(refused, 'production’s deploy path built a staging Publish');
  return [
    undefined,
    `production's Publish named production; a staging Publish → npm ${build.join(' ')} (${String(staging.vars.SITE_URL)}) and npm ${deploy.join(' ')} (Worker ${staging.name}, D1 ${db(staging)}); production's stand-in refused it: ${refused} (functions/routes/admin/publish.test.ts, scripts/lib/deploy-workflow.test.ts)`,
  ];
}

/** More digests than one run affords: the first run stops inside its budget, the next sends the rest. */
export async function boundedCron(ctx: {
  api: ApiClient;
  mail: FakeMail;
  db: D1Database;
  /** Runs a SQL file on the Worker's local D1 (`wrangler d1 execute --local --file`, as the seed writes beside it). */
  execute: (file: string) => Promise<unknown>;
  stateDir: string;
}): StepResult {
  const n = 200;
  const now = Date.now();
  const tag = randomBytes(3).toString('hex');
  const emails = Array.from({ length: n }, (_, i) => `alert.${tag}.${i}@example.com`);
  // One open job matching them, published an hour ago: a seeded job's row with a new id and title.
  const seeded = await ctx.db.prepare('select * from jobs limit 1').first<Record<string, unknown>>();
  assert(seeded, 'the seed loaded no job to copy');
  const job: Record<string, unknown> = {
    ...seeded,
    id: `job-${tag}`,
    title: 'Rehearsal Welder',
    status: 'open',
    created_at: now - 3_600_000,
    updated_at: now - 3_600_000,
  };
  // D1 hands back numbers, strings and nulls (JSON columns are text).
  const literal = (v: unknown) =>
    typeof v === 'number' ? String(v) : typeof v === 'string' ? `'${v.replaceAll("'", "''")}'` : 'null';
  const sql = [
    `insert into jobs (${Object.keys(job)
      .map((c) => `"${c}"`)
      .join(', ')}) values (${Object.values(job).map(literal).join(', ')});`,
    ...emails.flatMap((email, i) => [
      `insert into job_applicants (id, full_name, email, phone, password_hash, created_at, updated_at) values ('ap-${tag}-${i}', 'Alert Reader', '${email}', '020 7946 0199', 'x', ${now}, ${now});`,
      // Due: last digested 21 hours ago (an alert is due 20 hours after its last digest).
      `insert into job_alerts (id, applicant_id, keywords, digested_until, created_at, updated_at) values ('al-${tag}-${i}', 'ap-${tag}-${i}', 'rehearsal welder', ${now - 21 * 3_600_000}, ${now}, ${now});`,
    ]),
  ].join('\n');
  const file = join(ctx.stateDir, `alerts-${tag}.sql`);
  writeFileSync(file, sql);
  await ctx.execute(file);
  const delivered = () => emails.filter((e) => ctx.mail.to(e).length > 0).length;
  const fire = async (cron: string) => {
    const res = await fetch(
      `${ctx.api.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}&time=${now}&format=json`,
    );
    const body = await res.text();
    assert(res.ok && !/exception/i.test(body), `cron ${cron} answered ${res.status}: ${body.slice(0, 200)}`);
  };
  await fire(CRONS['job-alert-digest']);
  const first = delivered();
  const most = Math.floor(RUN_BUDGET.queries / 4);
  assert(first > 0 && first <= most, `the first run sent ${first} digests (at most ${most} fit its budget)`);
  await fire(CRONS['job-alert-digest']);
  await waitFor(
    `the next run did not send the rest (${delivered()} of ${n})`,
    () => delivered() === n,
    20_000,
  );
  const twice = emails.filter((e) => ctx.mail.to(e).length > 1);
  assert(twice.length === 0, `${twice.length} alerts got two digests`);
  // Every other job on its own trigger, once: each run ends well.
  const crons = readWranglerConfig().triggers?.crons ?? [];
  for (const cron of crons.filter((c) => c !== CRONS['job-alert-digest'])) await fire(cron);
  return [
    undefined,
    `${n} due alerts: the first run sent ${first} (its budget: ${RUN_BUDGET.queries} D1 queries, ${RUN_BUDGET.subrequests} subrequests), the next the other ${n - first}, none twice; the other ${crons.length - 1} crons ran once each, all ok (functions/routes/job-alerts/job-alerts.test.ts, functions/scheduled/*.test.ts)`,
  ];
}

/** A tab loaded before a deploy: its island's code is gone, the page reloads once and works. */
export async function openTabAcrossDeploy(ctx: {
  api: ApiClient;
  cloud: StandInCloud;
  assetsDir: string;
  uploadDir: string;
  commit?: string | undefined;
  log: (text: string) => void;
}): StepResult<{ undo: UndoRecord; printed: string }> {
  const browser = await chromium.launch({
    executablePath: await ensureChromium(testChromium),
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage();
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    // The header's buttons, disabled until its script wires them (SiteHeader.astro): enabled once
    // the page script ran (a wide screen hides the menu button; it is enabled all the same).
    const headerWired = () =>
      page
        .getByRole('button', { name: 'Open menu', exact: true, includeHidden: true, disabled: false })
        .waitFor({ state: 'attached', timeout: 30_000 });
    await page.goto(`${ctx.api.url}/`);
    await headerWired();
    const island = page.locator('astro-island[component-url*="HomeContactForm"]');
    const before = await island.getAttribute('component-url');
    assert(
      before && (await island.getAttribute('ssr')) !== null,
      'the contact form hydrated before the deploy',
    );
    const version = ctx.cloud.live();

    // The next version: the same site as another build would name it (every /_astro/ file moved).
    const tag = 'v3';
    copyAsAnotherBuild(ctx.assetsDir, ctx.uploadDir, tag);
    let printed = '';
    const undo = await deployWithUndo({
      wrangler: ctx.cloud.wrangler,
      envArgs: [],
      commit: ctx.commit,
      log: (line) => {
        printed += `${line}\n`;
        ctx.log(`${line}\n`);
      },
    });
    // The server takes up the swapped folder a moment after the deploy returns (a request in
    // between can fail): once the new version's copy of the island answers, the old one must not.
    await waitFor('the new version serves its island code', async () => {
      const next = await fetch(new URL(movedRefs(before, tag), ctx.api.url), { method: 'HEAD' });
      return next.status === 200;
    });
    const gone = await fetch(new URL(before, ctx.api.url), { method: 'HEAD' });
    assert(gone.status === 404, `the previous version's island code answers ${gone.status} after the deploy`);

    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await island.locator('xpath=./*[1]').scrollIntoViewIfNeeded();
    await reloaded;
    await headerWired();
    await island.locator('xpath=./*[1]').scrollIntoViewIfNeeded();
    // Hydrated: Astro takes the `ssr` attribute off the island.
    await page
      .locator('astro-island[component-url*="HomeContactForm"]:not([ssr])')
      .waitFor({ timeout: 30_000 });
    const after = await island.getAttribute('component-url');
    assert(after?.startsWith('/_astro/v3/'), `the reloaded page runs ${after}`);
    const form = page.getByTestId('home-contact');
    await form.getByLabel('First Name').fill('Ada');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Email is required').first().waitFor({ timeout: 15_000 });
    assert(documents.length === 2, `the page was loaded ${documents.length} times`);
    return [
      { undo, printed },
      `tab on / from ${version}; ${ctx.cloud.live()} deployed (bookmark ${undo.bookmark}); scrolled to the contact form: its code 404 → reloaded once → hydrated from the new version, the form answers (e2e/open-tab-across-deploy.spec.ts)`,
    ];
  } finally {
    await browser.close();
  }
}

/** Undoes the last deploy with the commands it printed: its code and pages, and the data since. */
export async function rollback(ctx: {
  api: ApiClient;
  cloud: StandInCloud;
  deploy: { undo: UndoRecord; printed: string };
  register: (email: string) => Promise<unknown>;
}): StepResult {
  const exists = async (email: string) =>
    (await ctx.api.call('POST', '/api/users/check-email', { body: { email } })).json<{ exists: boolean }>()
      .exists;
  // A write after the deploy's bookmark.
  const email = `after.deploy.${randomBytes(3).toString('hex')}@example.com`;
  await ctx.register(email);
  assert(await exists(email), 'the registration after the deploy is not there');
  const from = ctx.cloud.live();
  const ran = await rollBack(ctx.cloud.wrangler, ctx.deploy.undo, { data: true });
  for (const args of ran)
    assert(
      ctx.deploy.printed.includes(commandLine(args)),
      `ran a command the deploy never printed: ${commandLine(args)}`,
    );
  assert(
    ctx.cloud.live() === ctx.deploy.undo.previousVersion,
    `${ctx.cloud.live()} serves after the rollback`,
  );
  const html = await waitFor('the Worker did not serve the home page again', async () => {
    const res = await fetch(`${ctx.api.url}/`).catch(() => undefined);
    return res?.ok ? res.text() : undefined;
  });
  assert(
    html.includes('/_astro/') && !html.includes('/_astro/v3/'),
    'the page is not the previous version’s',
  );
  assert(!(await exists(email)), 'the registration made after the bookmark is still there');
  const health = await ctx.api.call('GET', '/api/health');
  return [
    undefined,
    `${ran.map(commandLine).join(' and ')} (as the deploy printed them): ${from} → ${ctx.cloud.live()}, its pages served again; the registration made after the bookmark is gone; /api/health ${health.status} (scripts/lib/deploy-steps.test.ts)`,
  ];
}

/**
 * A payment made after a D1 bookmark, the database restored to that bookmark (the payment's row and
 * the webhook's writes are gone, Stripe still has them), then `npm run reconcile` from the
 * bookmark's time: the payment is back, paid, and the payer got no second receipt; a second run
 * changes nothing.
 */
export async function paymentsReconciled(ctx: {
  api: ApiClient;
  cloud: StandInCloud;
  mail: FakeMail;
  /** The local Stripe-compatible server the Worker pays through, and its secret key. */
  stripe: { url: string; secretKey: string };
  /** Runs `npm run reconcile -- --since <time>` on the Worker's database; resolves to what it printed. */
  reconcile: (since: string) => Promise<string>;
}): StepResult {
  // As `npm run deploy` notes it: the time first (whole seconds, as Stripe counts), then the bookmark.
  const since = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
  const { bookmark } = JSON.parse(
    await ctx.cloud.wrangler(['d1', 'time-travel', 'info', 'DB', '--json']),
  ) as { bookmark: string };
  await new Promise((r) => setTimeout(r, 1000));

  // A payment after the bookmark: the page's call, Stripe.js's confirm, the webhook from Stripe.
  const email = `payer.${randomBytes(3).toString('hex')}@example.com`;
  const created = (
    await ctx.api.call('POST', '/api/payment/create-payment-intent', {
      body: {
        amount: 1000,
        name: 'Rehearsal Payer',
        email,
        attemptId: crypto.randomUUID(),
        reference: 'REH-2041',
      },
    })
  ).json<CreatePaymentIntentResponse>();
  const intentId = created.clientSecret.split('_secret_')[0]!;
  const confirmed = await fetch(`${ctx.stripe.url}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${ctx.stripe.secretKey}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'payment_method=pm_card_visa',
  });
  assert(confirmed.ok, `the fake Stripe refused the confirm: ${confirmed.status}`);
  const receiptPath = `/api/payment/receipt/${created.paymentId}?t=${encodeURIComponent(created.receiptToken)}`;
  const receipt = async () => {
    const res = await ctx.api.call('GET', receiptPath, { expect: [200, 404] });
    return res.status === 200 ? res.json<ReceiptResponse>() : null;
  };
  await waitFor('the webhook never marked the payment paid', async () =>
    (await receipt())?.status === 'paid' ? true : undefined,
  );
  await waitFor('the payer never got the receipt', () => ctx.mail.to(email).length === 1);

  await ctx.cloud.wrangler(['d1', 'time-travel', 'restore', 'DB', `--bookmark=${bookmark}`]);
  const afterRestore = await waitFor('the Worker did not answer after the restore', () =>
    receipt().then(
      (answer) => ({ answer }),
      () => undefined,
    ),
  );
  assert(afterRestore.answer === null, 'the payment made after the bookmark survived the restore');

  const counts = (out: string) => {
    const m = /(\d+) payment rows written again, (\d+) events applied/.exec(out);
    assert(m, `npm run reconcile printed no counts: ${out.slice(-300)}`);
    return { rows: Number(m[1]), events: Number(m[2]) };
  };
  const first = counts(await ctx.reconcile(since));
  const back = await receipt();
  assert(back, 'the payment is still missing after the reconcile');
  assert(back.status === 'paid', `the reconciled payment is ${back.status}`);
  assert(
    back.cardLast4 === '4242' && back.reference === 'REH-2041',
    'the reconciled payment lost its card or reference',
  );
  assert(first.rows === 1, `the reconcile wrote ${first.rows} payment rows again`);
  assert(ctx.mail.to(email).length === 1, `the payer got ${ctx.mail.to(email).length} receipts`);
  const second = counts(await ctx.reconcile(since));
  assert(
    second.rows === 0 && second.events === 0,
    `a second reconcile wrote ${second.rows} rows and applied ${second.events} events`,
  );
  return [
    undefined,
    `a payment after bookmark ${bookmark} paid (webhook), the restore took it away (receipt 404), npm run reconcile -- --since ${since} put it back: ${first.rows} row, ${first.events} event${first.events === 1 ? '' : 's'} through the webhook's handlers, receipt ${back.statusLabel} ${back.cardBrand ?? ''} ${back.cardLast4}, still one receipt e-mail; run again: ${second.rows} rows, ${second.events} events (functions/services/payments/reconcile.test.ts)`,
  ];
}
