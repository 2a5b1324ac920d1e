// Failed sends are retried by the scheduled handler (every 5 minutes) with backoff
// 5 min → 30 min → 2 h, then dead; each claim is one conditional UPDATE, so overlapping runs never
// send a message twice. Driven through runScheduled(CRONS['mail-retry'], env, now) in workerd, against
// the fake provider (functions/test/mail-fake).
import { env } from 'cloudflare:test';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '#db/client.ts';
import { outbox } from '#db/schema/index.ts';
import { createMailer } from '../services/mail/mailer.ts';
import { codeEmail, notificationEmail } from '../services/mail/emails.ts';
import { HttpTransport } from '../services/mail/mail-transport.ts';
import { program, received, withFakeMail } from '../test/mail-fake/client.ts';
import { CRONS, RunBudget, runScheduled } from './index.ts';
import { testBrand } from '../test/fixtures/index.ts';

const db = createDb(env.DB);
const MIN = 60_000;
const production = withFakeMail({ ENVIRONMENT: 'production' });
const row = async (to: string) => (await db.select().from(outbox).where(eq(outbox.to, to)))[0]!;
/** Runs the every-5-minutes cron at `at`; returns the mail-retry job's counts. */
const frequentAt = async (at: number, bindings: Env = production) =>
  (await runScheduled(CRONS['mail-retry'], bindings, new Date(at)))['mail-retry'];

describe('mail retry job', () => {
  it('retries a failed send 5 minutes, 30 minutes and 2 hours later, then marks it dead and drops its body', async () => {
    const to = 'retry-backoff@example.com';
    await program(to, 4);
    const t0 = Date.now();
    expect(
      await createMailer(db, production).send(
        notificationEmail(testBrand, to, 'Status update', ['Your application moved.']),
      ),
    ).toBe('queued');
    expect(await row(to)).toMatchObject({ status: 'failed', attempts: 1 });
    const due1 = (await row(to)).nextAttemptAt!.getTime();
    expect(due1 - t0).toBeGreaterThanOrEqual(5 * MIN);
    expect(due1 - t0).toBeLessThan(5 * MIN + 2_000);

    // Before it is due: nothing happens.
    expect(await frequentAt(due1 - 1_000)).toMatchObject({ claimed: 0 });
    // 5 minutes: the 2nd attempt fails; the next is 30 minutes later.
    expect(await frequentAt(due1)).toMatchObject({ claimed: 1, failed: 1 });
    expect(await row(to)).toMatchObject({
      status: 'failed',
      attempts: 2,
      nextAttemptAt: new Date(due1 + 30 * MIN),
    });
    expect(await frequentAt(due1 + 30 * MIN - 1_000)).toMatchObject({ claimed: 0 });
    // 30 minutes: the 3rd attempt fails; the next is 2 hours later.
    expect(await frequentAt(due1 + 30 * MIN)).toMatchObject({ claimed: 1, failed: 1 });
    expect(await row(to)).toMatchObject({
      status: 'failed',
      attempts: 3,
      nextAttemptAt: new Date(due1 + 150 * MIN),
    });
    // 2 hours: the 4th and last attempt fails; the message is dead and production drops its body.
    expect(await frequentAt(due1 + 150 * MIN)).toMatchObject({ claimed: 1, dead: 1 });
    expect(await row(to)).toMatchObject({
      status: 'dead',
      attempts: 4,
      nextAttemptAt: null,
      lastError: 'HTTP 503',
      text: null,
      html: null,
    });
    expect(await frequentAt(due1 + 24 * 60 * MIN)).toMatchObject({ claimed: 0 });

    const requests = await received(to);
    expect(requests.map((r) => r.answered)).toEqual([503, 503, 503, 503]);
    // Every attempt carried the same idempotency key: the outbox id.
    expect(new Set(requests.map((r) => r.idempotencyKey))).toEqual(new Set([(await row(to)).id]));
  });

  it('delivers on a later attempt, then keeps no body in production', async () => {
    const to = 'retry-recovers@example.com';
    await program(to, 2);
    await createMailer(db, production).send(
      notificationEmail(testBrand, to, 'Receipt', ['Amount paid: $10.00']),
    );
    const due1 = (await row(to)).nextAttemptAt!.getTime();
    expect(await frequentAt(due1)).toMatchObject({ failed: 1 });
    expect(await frequentAt(due1 + 30 * MIN)).toMatchObject({ sent: 1 });
    const sent = await row(to);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, text: null, html: null, lastError: null });
    expect(sent.providerId).toBe((await received(to)).at(-1)!.id);
  });

  it('production without mail settings: messages wait as failed, and the first run after the settings exist sends them', async () => {
    const to = 'retry-configured-later@example.com';
    const bare = { ...env, ENVIRONMENT: 'production' } as Env;
    expect(
      await createMailer(db, bare).send(
        notificationEmail(testBrand, to, 'Hello', ['Queued while unconfigured.']),
      ),
    ).toBe('queued');
    const due1 = (await row(to)).nextAttemptAt!.getTime();
    expect(await frequentAt(due1, bare)).toMatchObject({ failed: 1 });
    expect(await received(to)).toEqual([]);
    // The operator sets MAIL_API_URL, MAIL_API_KEY and MAIL_FROM (a deploy): the next due run delivers.
    expect(await frequentAt(due1 + 30 * MIN, production)).toMatchObject({ sent: 1 });
    expect((await received(to))[0]!.body.text).toContain('Queued while unconfigured.');
  });

  it('a sender that died mid-attempt: its claim lapses after 10 minutes and the message is claimed again; a one-time code is given up', async () => {
    const now = Date.now();
    const lapsed = (id: string, to: string, retryable: boolean) => ({
      id,
      to,
      subject: 'Lapsed',
      text: 'Body',
      html: '<p>Body</p>',
      status: 'sending' as const,
      attempts: 1,
      retryable,
      nextAttemptAt: new Date(now + 10 * MIN),
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
    await db
      .insert(outbox)
      .values([
        lapsed(crypto.randomUUID(), 'retry-lapsed@example.com', true),
        lapsed(crypto.randomUUID(), 'retry-lapsed-code@example.com', false),
      ]);
    // Still within the lease: untouched.
    expect(await frequentAt(now + 5 * MIN)).toMatchObject({ claimed: 0, interrupted: 0 });
    expect(await frequentAt(now + 10 * MIN)).toMatchObject({ claimed: 1, sent: 1, interrupted: 1 });
    expect(await row('retry-lapsed@example.com')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await row('retry-lapsed-code@example.com')).toMatchObject({
      status: 'dead',
      lastError: 'interrupted',
      text: null,
    });
    expect(await received('retry-lapsed-code@example.com')).toEqual([]);
  });

  it('one-time codes are sent straight away and never retried', async () => {
    const to = 'retry-code@example.com';
    await program(to, 1);
    await expect(
      createMailer(db, production).send(codeEmail(testBrand, to, 'Ada', '246810', 'verify')),
    ).rejects.toThrow();
    expect(await frequentAt(Date.now() + 6 * MIN)).toMatchObject({ claimed: 0 });
    expect(await frequentAt(Date.now() + 3 * 60 * MIN)).toMatchObject({ claimed: 0 });
    expect((await received(to)).length).toBe(1);
  });
});

describe('overlapping retry runs', () => {
  /** Writes `n` failed messages, all due at `due`, and programs the provider to answer each slowly. */
  async function failedBatch(prefix: string, n: number, due: number) {
    const recipients = Array.from({ length: n }, (_, i) => `${prefix}-${i}@example.com`);
    await Promise.all(recipients.map((to) => program(to, 0, { delayMs: 15 })));
    const now = new Date(due - 5 * MIN);
    // One statement a row: D1 binds at most 100 values a statement.
    const [first, ...rest] = recipients.map((to) =>
      db.insert(outbox).values({
        id: crypto.randomUUID(),
        to,
        subject: 'Parallel',
        text: 'Body',
        html: '<p>Body</p>',
        status: 'failed' as const,
        attempts: 1,
        nextAttemptAt: new Date(due),
        retryable: true,
        lastError: 'HTTP 503',
        createdAt: now,
        updatedAt: now,
      }),
    );
    await db.batch([first!, ...rest]);
    return recipients;
  }

  it('four runs started together send each due message exactly once (the claim is one conditional UPDATE)', async () => {
    const due = Date.now() + 60 * MIN;
    const recipients = await failedBatch('parallel', 30, due);
    const runs = await Promise.all([0, 1, 2, 3].map(() => frequentAt(due)));
    // The batch is 25 a run: between them the runs claimed all 30, none twice.
    expect(runs.reduce((n, r) => n + Number((r as { claimed: number }).claimed), 0)).toBe(30);
    const perRecipient = await Promise.all(recipients.map(async (to) => (await received(to)).length));
    expect(perRecipient).toEqual(recipients.map(() => 1));
    const rows = await db.select().from(outbox).where(inArray(outbox.to, recipients));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 2)).toBe(true);
  });

  it('control: a read-then-write claim run the same way sends messages twice (what the test above would catch)', async () => {
    const due = Date.now() + 90 * MIN;
    const recipients = await failedBatch('naive', 10, due);
    const transport = new HttpTransport({
      url: `http://127.0.0.1:${env.MAIL_FAKE_PORT}/emails`,
      apiKey: 'test-mail-key',
      from: 'x@example.com',
    });
    // The race the conditional UPDATE closes: select the due rows, then mark and send them.
    const naiveRun = async () => {
      const dueRows = await db
        .select()
        .from(outbox)
        .where(
          and(
            inArray(outbox.to, recipients),
            eq(outbox.status, 'failed'),
            lte(outbox.nextAttemptAt, new Date(due)),
          ),
        );
      for (const r of dueRows) {
        await db.update(outbox).set({ status: 'sending' }).where(eq(outbox.id, r.id));
        // A fresh idempotency key per attempt, as a sender without one would send.
        await transport.deliver({
          id: crypto.randomUUID(),
          to: r.to,
          subject: r.subject,
          text: r.text!,
          html: r.html!,
        });
      }
    };
    await Promise.all([naiveRun(), naiveRun()]);
    const deliveries = (await Promise.all(recipients.map(received))).reduce(
      (n, list) => n + list.filter((r) => r.outcome === 'delivered').length,
      0,
    );
    expect(deliveries).toBeGreaterThan(recipients.length);
  });
  it('more due messages than one run affords: it claims only what its budget allows, the rest stay due (not held by a claim) and the next run sends them, each once', async () => {
    const due = Date.now() + 600 * MIN;
    const recipients = await failedBatch('budget', 8, due);
    const budget = new RunBudget({ queries: 6, subrequests: 100 });
    const first = await runScheduled(CRONS['mail-retry'], production, new Date(due + 60 * MIN), budget);
    expect(budget.used.queries).toBeLessThanOrEqual(6);
    expect(first['mail-retry']).toMatchObject({ claimed: 3, sent: 3 });
    expect((first['mail-retry'] as { deferred: number }).deferred).toBeGreaterThanOrEqual(5);
    const waiting = await db.select().from(outbox).where(inArray(outbox.to, recipients));
    expect(waiting.filter((r) => r.status === 'sending')).toEqual([]);
    // The next run, a minute later (no lease to wait out), takes the rest.
    await runScheduled(CRONS['mail-retry'], production, new Date(due + 61 * MIN));
    const after = await db.select().from(outbox).where(inArray(outbox.to, recipients));
    expect(after.map((r) => r.status)).toEqual(recipients.map(() => 'sent'));
    for (const to of recipients)
      expect((await received(to)).filter((r) => r.outcome === 'delivered')).toHaveLength(1);
  });
});
