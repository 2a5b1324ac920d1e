// Alerts a person can act on: server errors above a rate and a failed scheduled job reach the staff
// notification address (the outbox) and ALERT_WEBHOOK_URL, once an incident, also while D1 itself
// is down (then through the webhook alone). A failed Publish and the deploy token: watch.test.ts.
import { createScheduledController, env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import worker, { app } from '#functions/index.ts';
import { createDb } from '#db/client.ts';
import { outbox, rateLimits } from '#db/schema/index.ts';
import { getSite } from '#db/queries/site-content.ts';
import { jobs, type ScheduledJob } from '#functions/scheduled/index.ts';
import { forgetIsolateAlerts, SERVER_ERROR_THRESHOLD, SERVER_ERROR_WINDOW_MS } from './alerts.ts';

const db = createDb(env.DB);
const WEBHOOK = 'https://alerts.example/hooks/ops';
/** A deployed Worker's alerting, in a test: on, with a webhook beside the staff e-mail. */
const alerting = { ...env, ALERTS: 'on', ALERT_WEBHOOK_URL: WEBHOOK } as Env;

/** The alert e-mails the staff notification address received. */
async function alertMails(subject?: string) {
  const { staffNotificationEmail } = await getSite(db);
  return db
    .select({ subject: outbox.subject, text: outbox.text })
    .from(outbox)
    .where(
      and(
        eq(outbox.to, staffNotificationEmail),
        like(outbox.subject, subject ? `Alert: ${subject}%` : 'Alert: %'),
      ),
    );
}

/** Answers the alert webhook (and passes every other request through); records what it was sent. */
function webhook() {
  const real = globalThis.fetch;
  const posts: { text: string; kind: string; subject: string }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== WEBHOOK) return real(input, init);
    posts.push(await new Request(input, init).json<(typeof posts)[number]>());
    return new Response('ok');
  });
  return posts;
}

/** A 5xx answer with D1 healthy: card payments asked for where no Stripe key is set (503). */
const failing = (bindings: Env, n: number) =>
  app.request(
    'http://127.0.0.1:8787/api/payment/create-payment-intent',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `203.0.113.${n}` },
      body: '{}',
    },
    { ...bindings, STRIPE_SECRET_KEY: '' },
  );

const quiet = () => {
  for (const level of ['log', 'warn', 'error'] as const)
    vi.spyOn(console, level).mockImplementation(() => {});
};

beforeEach(async () => {
  // Each test its own incident: no claim or count left by the one before.
  await db.delete(rateLimits).where(like(rateLimits.key, 'alert%'));
  await db.delete(outbox).where(like(outbox.subject, 'Alert: %'));
  forgetIsolateAlerts();
  quiet();
});
afterEach(() => vi.restoreAllMocks());

describe('server errors above a rate', () => {
  it(`the ${SERVER_ERROR_THRESHOLD}th 5xx within the window alerts staff and the webhook, once`, async () => {
    const posts = webhook();
    for (let i = 1; i < SERVER_ERROR_THRESHOLD; i++) expect((await failing(alerting, i)).status).toBe(503);
    expect(await alertMails()).toEqual([]);
    expect(posts).toEqual([]);

    expect((await failing(alerting, 99)).status).toBe(503);
    const [mail, ...more] = await alertMails();
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Alert: ${SERVER_ERROR_THRESHOLD} server errors within 5 minutes`);
    expect(mail!.text).toContain('503 on /api/payment/create-payment-intent');
    expect(mail!.text).toContain('status >= 500');
    expect(posts).toEqual([
      expect.objectContaining({ kind: 'server-errors', subject: mail!.subject.replace('Alert: ', '') }),
    ]);
    expect(posts[0]!.text).toMatch(/^\[127\.0\.0\.1:8787 test\] 10 server errors/);

    // The same incident goes on: nothing more, whatever the count.
    for (let i = 0; i < SERVER_ERROR_THRESHOLD * 2; i++) await failing(alerting, 150 + i);
    expect(await alertMails()).toHaveLength(1);
    expect(posts).toHaveLength(1);
  });

  it('errors spread over more than the window are not an incident', async () => {
    const posts = webhook();
    for (let i = 1; i < SERVER_ERROR_THRESHOLD; i++) await failing(alerting, i);
    // The window ends: the count starts again.
    await db
      .update(rateLimits)
      .set({ windowStart: Date.now() - SERVER_ERROR_WINDOW_MS - 1 })
      .where(eq(rateLimits.key, 'alert-count:server-errors'));
    for (let i = 1; i < SERVER_ERROR_THRESHOLD; i++) await failing(alerting, 50 + i);
    expect(await alertMails()).toEqual([]);
    expect(posts).toEqual([]);
  });

  it('answers that are not server errors do not count; and nothing is sent where alerts are off', async () => {
    const posts = webhook();
    for (let i = 0; i < SERVER_ERROR_THRESHOLD + 2; i++)
      await app.request('http://127.0.0.1:8787/api/no-such-route', {}, alerting);
    // The health check's 503 names a missing setting (here: mail, in a deployed Worker): polled, not failing.
    const misconfigured = { ...alerting, ENVIRONMENT: 'production' };
    for (let i = 0; i < SERVER_ERROR_THRESHOLD + 2; i++)
      expect((await app.request('http://127.0.0.1:8787/api/health', {}, misconfigured)).status).toBe(503);
    for (let i = 0; i < SERVER_ERROR_THRESHOLD + 2; i++)
      await failing({ ...env, ALERT_WEBHOOK_URL: WEBHOOK } as Env, i); // a test Worker: off by default
    expect(await alertMails()).toEqual([]);
    expect(posts).toEqual([]);
  });

  it('with D1 itself failing, the webhook alone carries the alert, once for this isolate', async () => {
    const posts = webhook();
    const brokenD1 = new Proxy(env.DB, {
      get(target, prop, receiver) {
        if (prop === 'withSession') return () => receiver;
        if (prop === 'getBookmark') return () => null;
        if (prop === 'prepare' || prop === 'batch' || prop === 'exec')
          return () => {
            throw new Error('D1_ERROR: Network connection lost.');
          };
        return Reflect.get(target, prop);
      },
    });
    const down = { ...alerting, DB: brokenD1 };
    const read = () => app.request('http://127.0.0.1:8787/api/features', {}, down);
    for (let i = 1; i < SERVER_ERROR_THRESHOLD; i++) expect((await read()).status).toBe(503);
    expect(posts).toEqual([]);
    await read();
    expect(posts).toEqual([expect.objectContaining({ kind: 'server-errors' })]);
    for (let i = 0; i < SERVER_ERROR_THRESHOLD * 2; i++) await read();
    expect(posts).toHaveLength(1);
    // No mail could be queued while D1 was down.
    expect(await alertMails()).toEqual([]);
  });
});

describe('a failed scheduled job', () => {
  const added: ScheduledJob[] = [];
  const add = (job: ScheduledJob) => {
    added.push(job);
    jobs.push(job);
  };
  afterEach(() => {
    for (const job of added.splice(0)) jobs.splice(jobs.indexOf(job), 1);
  });

  it('alerts staff and the webhook, naming the job and its error; once an hour a job', async () => {
    const posts = webhook();
    add({
      name: 'test-alert-boom',
      cron: '13 13 13 13 *',
      run: async () => {
        throw new TypeError('provider answered 500 for ada@example.com');
      },
    });
    add({
      name: 'test-alert-other',
      cron: '14 14 14 14 *',
      run: async () => {
        throw new RangeError('out of range');
      },
    });
    const fire = (cron: string) =>
      expect(
        worker.scheduled(createScheduledController({ cron, scheduledTime: Date.now() }), alerting),
      ).rejects.toThrow(/Scheduled run .* failed/);
    await fire('13 13 13 13 *');
    const [mail, ...more] = await alertMails('Scheduled job');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Alert: Scheduled job test-alert-boom failed');
    expect(mail!.text).toContain('failed with TypeError');
    expect(mail!.text).toContain('type = "scheduled-error"');
    // Never the error's own words: they may quote what a job handled.
    expect(mail!.text).not.toContain('ada@example.com');
    expect(posts).toEqual([
      expect.objectContaining({ kind: 'cron-failed', subject: 'Scheduled job test-alert-boom failed' }),
    ]);
    expect(JSON.stringify(posts)).not.toContain('ada@example.com');

    // The same job failing again within the hour (every 5 minutes, say): no second alert.
    await fire('13 13 13 13 *');
    expect(await alertMails('Scheduled job')).toHaveLength(1);
    // Another job is another incident.
    await fire('14 14 14 14 *');
    expect((await alertMails('Scheduled job')).map((m) => m.subject).sort()).toEqual([
      'Alert: Scheduled job test-alert-boom failed',
      'Alert: Scheduled job test-alert-other failed',
    ]);
    expect(posts).toHaveLength(2);
  });

  it('a run that succeeds alerts nobody', async () => {
    const posts = webhook();
    add({ name: 'test-alert-fine', cron: '15 15 15 15 *', run: async () => ({ fine: 1 }) });
    await worker.scheduled(createScheduledController({ cron: '15 15 15 15 *' }), alerting);
    expect(await alertMails()).toEqual([]);
    expect(posts).toEqual([]);
  });
});
