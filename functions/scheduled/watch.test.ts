// The watch job (every 10 minutes): a Publish that failed, or whose build fell silent, goes to the
// alert webhook once; and once a day it reads the expiry GitHub names for the token Publish uses,
// which the back office's dashboard shows to admins from 30 days before, with an alert.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { app } from '#functions/index.ts';
import { createDb } from '#db/client.ts';
import { outbox, publishEvents, rateLimits, scheduledState } from '#db/schema/index.ts';
import { getSite } from '#db/queries/site-content.ts';
import {
  claimHookCall,
  finishHookCall,
  insertBuildReport,
  insertBuilt,
  insertPublishRequest,
  PUBLISH_TIMEOUT_MS,
} from '#db/queries/publishing.ts';
import { auth, makeStaff } from '#functions/test/fixtures/index.ts';
import { forgetIsolateAlerts } from '#functions/services/operations/alerts.ts';
import { parseTokenExpiry } from '#functions/services/operations/deploy-token.ts';
import { CRONS, runScheduled } from './index.ts';

const db = createDb(env.DB);
const WEBHOOK = 'https://alerts.example/hooks/ops';
const HOOK = 'https://api.github.com/repos/bridgeway/site/dispatches';
const TOKEN = 'github_pat_11AAAAAAA0test0token0for0the0watch0job';
const DAY = 24 * 3600_000;
/** A deployed Worker's settings: alerts on, Publish through GitHub's dispatch endpoint with a token. */
const deployed = {
  ...env,
  ALERTS: 'on',
  ALERT_WEBHOOK_URL: WEBHOOK,
  DEPLOY_HOOK_URL: HOOK,
  DEPLOY_HOOK_TOKEN: TOKEN,
} as Env;

async function alertMails(subject: string) {
  const { staffNotificationEmail } = await getSite(db);
  return db
    .select({ subject: outbox.subject, text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.to, staffNotificationEmail), like(outbox.subject, `Alert: ${subject}%`)));
}

/** GitHub's API (its answer to the token: `expires` in the header, or a status) and the alert webhook. */
function outside(github: { expires?: string; status?: number } = {}) {
  const calls = { github: [] as Request[], webhook: [] as { kind: string; subject: string }[] };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url === WEBHOOK) {
      calls.webhook.push(await request.json<(typeof calls.webhook)[number]>());
      return new Response('ok');
    }
    calls.github.push(request);
    return new Response(
      github.status === 401 ? '{"message":"Bad credentials"}' : '{"full_name":"bridgeway/site"}',
      {
        status: github.status ?? 200,
        headers: github.expires ? { 'GitHub-Authentication-Token-Expiration': github.expires } : {},
      },
    );
  });
  return calls;
}

const runWatch = (bindings: Env, now = new Date()) => runScheduled(CRONS.watch, bindings, now);
/** GitHub's way of writing a time: `2026-12-31 23:59:59 UTC`. */
const githubTime = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** A Publish pressed at `at` whose hook call ended as `outcome`. */
async function publish(at: Date, outcome: 'started' | 'failed', detail: string | null = null) {
  await insertPublishRequest(db, null, at);
  const id = await claimHookCall(db, new Date(at.getTime() + 1));
  expect(id).not.toBeNull();
  await finishHookCall(db, id!, outcome, detail);
}

beforeEach(async () => {
  await db.delete(publishEvents);
  await db.delete(rateLimits).where(like(rateLimits.key, 'alert%'));
  await db.delete(outbox).where(like(outbox.subject, 'Alert: %'));
  await db.delete(scheduledState).where(eq(scheduledState.job, 'deploy-token'));
  forgetIsolateAlerts();
  for (const level of ['log', 'warn', 'error'] as const)
    vi.spyOn(console, level).mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('a failed Publish', () => {
  it('a build that failed at a step goes to the webhook once (the publish flow e-mails staff itself)', async () => {
    const calls = outside();
    await publish(new Date(Date.now() - 5 * 60_000), 'started');
    await insertBuildReport(db, {
      outcome: 'failed',
      step: 'test',
      logUrl: 'https://github.com/bridgeway/site/actions/runs/1',
    });
    expect((await runWatch(deployed)).watch).toMatchObject({ publishAlerts: 1 });
    expect(calls.webhook).toEqual([
      expect.objectContaining({ kind: 'publish-failed', subject: 'Publish failed' }),
    ]);
    expect(JSON.stringify(calls.webhook)).toContain('https://github.com/bridgeway/site/actions/runs/1');
    // No second e-mail beside the publish flow's own notice.
    expect(await alertMails('Publish')).toEqual([]);
    // However many runs see it.
    expect((await runWatch(deployed)).watch).toMatchObject({ publishAlerts: 0 });
    expect(calls.webhook).toHaveLength(1);
  });

  it('a hook call that failed, and a build silent past the timeout with nobody reading, alert too', async () => {
    const calls = outside();
    await publish(
      new Date(Date.now() - 60_000),
      'failed',
      'the build service answered with an error (HTTP 404)',
    );
    expect((await runWatch(deployed)).watch).toMatchObject({ publishAlerts: 1 });
    expect(JSON.stringify(calls.webhook)).toContain('HTTP 404');

    await db.delete(publishEvents);
    await db.delete(rateLimits).where(like(rateLimits.key, 'alert%'));
    await publish(new Date(Date.now() - PUBLISH_TIMEOUT_MS + 5 * 60_000), 'started');
    expect((await runWatch(deployed)).watch).toMatchObject({ publishAlerts: 0 }); // not silent long enough yet
    expect((await runWatch(deployed, new Date(Date.now() + 10 * 60_000))).watch).toMatchObject({
      publishAlerts: 1,
    });
    expect(calls.webhook.at(-1)).toMatchObject({ subject: 'Publish has had no word from its build' });
  });

  it('a build that reported back, or one waiting for a reviewer, is no incident', async () => {
    const calls = outside();
    await publish(new Date(Date.now() - 3 * PUBLISH_TIMEOUT_MS), 'started');
    await insertBuilt(db, { contentVersion: 0 });
    expect((await runWatch(deployed)).watch).toMatchObject({ publishAlerts: 0 });
    await publish(new Date(Date.now() - 60_000), 'started');
    await insertBuildReport(db, { outcome: 'waiting' });
    expect((await runWatch(deployed, new Date(Date.now() + 3 * PUBLISH_TIMEOUT_MS))).watch).toMatchObject({
      publishAlerts: 0,
    });
    expect(calls.webhook).toEqual([]);
  });

  it('without a webhook, or without a deploy hook, nothing is sent', async () => {
    const calls = outside();
    await publish(new Date(Date.now() - 60_000), 'failed', 'x');
    const { ALERT_WEBHOOK_URL: _w, ...noWebhook } = deployed as Env & { ALERT_WEBHOOK_URL: string };
    expect((await runWatch(noWebhook)).watch).toMatchObject({ publishAlerts: 0 });
    const { DEPLOY_HOOK_URL: _h, ...noHook } = deployed as Env & { DEPLOY_HOOK_URL: string };
    expect((await runWatch(noHook)).watch).toMatchObject({ publishAlerts: 0 });
    expect(calls.webhook).toEqual([]);
  });
});

describe('the GitHub token Publish uses', () => {
  const dashboard = async (bindings: Env, role: 'admin' | 'editor' = 'admin') => {
    const staff = await makeStaff(role);
    const res = await app.request(
      'http://127.0.0.1:8787/api/admin/dashboard',
      { headers: auth(staff.token) },
      bindings,
    );
    expect(res.status).toBe(200);
    return res.json<{ warnings?: { setting: string; message: string }[] }>();
  };

  it('reads the expiry GitHub names for it, once a day, and asks with the token itself', async () => {
    const expires = new Date(Date.now() + 200 * DAY);
    const calls = outside({ expires: githubTime(expires) });
    expect((await runWatch(deployed)).watch).toMatchObject({ tokenChecked: 1, tokenAlerts: 0 });
    expect(calls.github.map((r) => r.url)).toEqual(['https://api.github.com/repos/bridgeway/site']);
    expect(calls.github[0]!.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(calls.github[0]!.method).toBe('GET');
    // Nothing to warn about, 200 days ahead.
    expect((await dashboard(deployed)).warnings).toEqual([]);
    // Not again the same day; again the next.
    expect((await runWatch(deployed)).watch).toMatchObject({ tokenChecked: 0 });
    expect((await runWatch(deployed, new Date(Date.now() + DAY + 60_000))).watch).toMatchObject({
      tokenChecked: 1,
    });
    expect(calls.github).toHaveLength(2);
    // The stored state never holds the token.
    const stored = JSON.stringify(await db.select().from(scheduledState));
    expect(stored).not.toContain(TOKEN);
  });

  it('from 30 days before it expires: a warning on the admins’ dashboard and one alert a week', async () => {
    const expires = new Date(Date.now() + 20 * DAY);
    const calls = outside({ expires: githubTime(expires) });
    expect((await runWatch(deployed)).watch).toMatchObject({ tokenChecked: 1, tokenAlerts: 1 });
    const { warnings } = await dashboard(deployed);
    expect(warnings).toEqual([
      {
        setting: 'DEPLOY_HOOK_TOKEN',
        message: expect.stringContaining(`expires on ${expires.toISOString().slice(0, 10)}, in 20 days`),
      },
    ]);
    expect(warnings![0]!.message).toContain('wrangler secret put DEPLOY_HOOK_TOKEN');
    // Editors publish but hold no secrets: not theirs to act on.
    expect((await dashboard(deployed, 'editor')).warnings).toBeUndefined();
    const [mail] = await alertMails('Publish’s GitHub token');
    expect(mail!.subject).toBe('Alert: Publish’s GitHub token expires soon');
    expect(calls.webhook).toEqual([expect.objectContaining({ kind: 'deploy-token' })]);
    // Checked again tomorrow: still within the week, no second alert.
    expect((await runWatch(deployed, new Date(Date.now() + DAY + 60_000))).watch).toMatchObject({
      tokenChecked: 1,
      tokenAlerts: 0,
    });
  });

  it('31 days ahead is no warning yet; a token GitHub refuses is one at once', async () => {
    outside({ expires: githubTime(new Date(Date.now() + 31 * DAY + 3600_000)) });
    await runWatch(deployed);
    expect((await dashboard(deployed)).warnings).toEqual([]);

    vi.restoreAllMocks();
    for (const level of ['log', 'warn', 'error'] as const)
      vi.spyOn(console, level).mockImplementation(() => {});
    outside({ status: 401 });
    expect((await runWatch(deployed, new Date(Date.now() + DAY + 60_000))).watch).toMatchObject({
      tokenChecked: 1,
      tokenAlerts: 1,
    });
    const [warning] = (await dashboard(deployed)).warnings!;
    expect(warning!.message).toMatch(/^GitHub refused the token Publish uses/);
  });

  it('a replaced token is asked about at once, and the old one’s warning goes', async () => {
    outside({ expires: githubTime(new Date(Date.now() + 5 * DAY)) });
    await runWatch(deployed);
    expect((await dashboard(deployed)).warnings).toHaveLength(1);
    const replaced = { ...deployed, DEPLOY_HOOK_TOKEN: `${TOKEN}-new` } as Env;
    // What GitHub said was about the other token.
    expect((await dashboard(replaced)).warnings).toEqual([]);
    vi.restoreAllMocks();
    for (const level of ['log', 'warn', 'error'] as const)
      vi.spyOn(console, level).mockImplementation(() => {});
    const calls = outside({ expires: githubTime(new Date(Date.now() + 360 * DAY)) });
    expect((await runWatch(replaced)).watch).toMatchObject({ tokenChecked: 1 });
    expect(calls.github).toHaveLength(1);
    expect((await dashboard(replaced)).warnings).toEqual([]);
  });

  it('a deploy hook that is not GitHub’s (Workers Builds) has no token to ask about', async () => {
    const calls = outside();
    const builds = {
      ...deployed,
      DEPLOY_HOOK_URL: 'https://api.cloudflare.com/client/v4/workers/builds/deploy_hooks/abc',
      DEPLOY_HOOK_TOKEN: '',
    } as Env;
    expect((await runWatch(builds)).watch).toMatchObject({ tokenChecked: 0 });
    expect(calls.github).toEqual([]);
  });

  it('reads GitHub’s ways of writing the expiry', () => {
    expect(parseTokenExpiry('2026-12-31 23:59:59 UTC')?.toISOString()).toBe('2026-12-31T23:59:59.000Z');
    expect(parseTokenExpiry('2026-06-01 00:00:00 -0700')?.toISOString()).toBe('2026-06-01T07:00:00.000Z');
    expect(parseTokenExpiry('2026-06-01T00:00:00Z')?.toISOString()).toBe('2026-06-01T00:00:00.000Z');
    for (const bad of [null, '', 'never', '2026-13-45 99:00:00 UTC'])
      expect(parseTokenExpiry(bad)).toBeNull();
  });
});
