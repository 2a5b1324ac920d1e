// Job alerts (at most 10 a person, one conditional statement), the daily
// digest (claimed per alert, so a cron firing twice sends once) and the signed one-click unsubscribe.
import { env } from 'cloudflare:test';
import { and, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#db/schema/index.ts';
import { JOB_ALERT_LIMIT, JOB_ALERT_MESSAGES, type JobAlertList } from '#schemas/job-alerts.ts';
import { CRONS, RunBudget, runScheduled } from '#functions/scheduled/index.ts';
import { claimDueAlerts } from '#db/queries/job-alerts.ts';
import { DIGEST_LEASE_MS, DIGEST_MIN_GAP_MS } from '#functions/services/mail/job-alert-digest.ts';
import { program, received, withFakeMail } from '#functions/test/mail-fake/client.ts';
import { signUnsubscribeToken } from '#functions/services/mail/unsubscribe-tokens.ts';
import { registerApplicant } from '#functions/test/fixtures/index.ts';
import { db, makeStudentWithData } from '#functions/test/fixtures/index.ts';
import { request, postJson } from '#functions/test/fixtures/index.ts';

const HOUR = 60 * 60 * 1000;
const header = (token: string) => ({ 'X-Applicant-Token': token });
const create = (token: string, body: unknown) => postJson('/api/job-alerts', body, header(token));
const list = async (token: string) =>
  await (await request('/api/job-alerts', { headers: header(token) })).json<JobAlertList>();
const secret = () => env.TOKEN_SECRET;
const issuer = () => env.TOKEN_ISSUER || 'bridgeway-global';

describe('POST/GET/DELETE /api/job-alerts', () => {
  it('saves, lists and deletes alerts of the signed-in applicant only', async () => {
    const me = await registerApplicant('alerts-me');
    const other = await registerApplicant('alerts-other');
    const res = await create(me.token, { keywords: ' nurse ', category: 'Healthcare', location: 'London' });
    expect(res.status).toBe(201);
    const { alert, message } = await res.json<{ alert: { id: string }; message: string }>();
    expect(message).toBe(JOB_ALERT_MESSAGES.created);
    expect(await list(me.token)).toMatchObject({
      success: true,
      limit: JOB_ALERT_LIMIT,
      alerts: [{ id: alert.id, keywords: 'nurse', category: 'Healthcare', location: 'London' }],
    });
    // Another person's token sees none of it and cannot delete it.
    expect((await list(other.token)).alerts).toEqual([]);
    const foreign = await request(`/api/job-alerts/${alert.id}`, {
      method: 'DELETE',
      headers: header(other.token),
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ success: false, message: JOB_ALERT_MESSAGES.notFound });
    expect(
      (await request(`/api/job-alerts/${alert.id}`, { method: 'DELETE', headers: header(me.token) })).status,
    ).toBe(200);
    expect((await list(me.token)).alerts).toEqual([]);
  });

  it('refuses no token, a forged token, a student token and an empty search', async () => {
    const me = await registerApplicant('alerts-refuse');
    const student = await makeStudentWithData('alerts-student', { documents: [] });
    expect((await request('/api/job-alerts')).status).toBe(401);
    expect((await request('/api/job-alerts', { headers: header(`${me.token}x`) })).status).toBe(401);
    expect((await request('/api/job-alerts', { headers: header(student.token) })).status).toBe(403);
    const empty = await create(me.token, { keywords: '  ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ success: false, message: JOB_ALERT_MESSAGES.empty });
    expect((await create(me.token, { keywords: 'x'.repeat(101) })).status).toBe(400);
  });

  it(`keeps at most ${JOB_ALERT_LIMIT} alerts when 15 are saved at once (one conditional insert)`, async () => {
    const me = await registerApplicant('alerts-parallel');
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => create(me.token, { keywords: `search ${i}` })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(JOB_ALERT_LIMIT);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15 - JOB_ALERT_LIMIT);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await refused.json()).toEqual({ success: false, message: JOB_ALERT_MESSAGES.limit });
    expect((await list(me.token)).alerts).toHaveLength(JOB_ALERT_LIMIT);
  });
});

/** An alert owned by a fresh applicant, last digested at `since`. */
async function alertSince(
  since: number,
  search: { keywords?: string; category?: string; location?: string },
) {
  const applicant = await registerApplicant('digest');
  const res = await create(applicant.token, search);
  const { alert } = await res.json<{ alert: { id: string } }>();
  await db
    .update(t.jobAlerts)
    .set({ digestedUntil: new Date(since) })
    .where(eq(t.jobAlerts.id, alert.id));
  return { ...applicant, alertId: alert.id };
}

async function addJob(title: string, publishedAt: number, extra: Partial<typeof t.jobs.$inferInsert> = {}) {
  const id = `job-${crypto.randomUUID().slice(0, 8)}`;
  await db.insert(t.jobs).values({
    id,
    title,
    description: `${title} description`,
    category: 'Healthcare',
    company: 'Digest Care Ltd',
    location: 'London, UK',
    address: '1 Digest Road',
    startDate: '2026-09-01',
    endDate: '2027-09-01',
    recruitmentType: 'Permanent',
    employment: ['Full-time'],
    schedule: 'Days',
    payment: '£30,000',
    hiring: '1',
    tags: [],
    type: 'Full-time',
    requirements: [],
    companyInfo: { name: 'Digest Care Ltd', website: 'https://example.com', about: 'x' },
    createdAt: new Date(publishedAt),
    updatedAt: new Date(publishedAt),
    ...extra,
  });
  return id;
}

// Digests only (registration also e-mails the applicant a confirmation link).
const digestsTo = (email: string) =>
  db
    .select()
    .from(t.outbox)
    .where(and(eq(t.outbox.to, email), like(t.outbox.subject, '%new job%')));
const httpsEnv = () => ({ ...env, SITE_URL: 'https://bridgeway.example' }) as Env;

describe('daily job alert digest', () => {
  it('e-mails new matching jobs once, HTML and text with RFC 8058 headers; a second run sends nothing; no new job sends nothing', async () => {
    const base = Date.now() + 10 * 24 * HOUR; // clear of every job other tests publish
    const matching = await alertSince(base, { keywords: 'zyxdigest nurse', location: 'london' });
    const idle = await alertSince(base, { keywords: 'nothing-matches-this' });
    const newJob = await addJob('Zyxdigest Nurse', base + HOUR);
    await addJob('Zyxdigest Nurse (closed)', base + HOUR, { status: 'closed' });
    await addJob('Zyxdigest Porter', base + HOUR); // not every keyword
    await addJob('Zyxdigest Nurse, old', base - HOUR); // before the last digest

    const now = new Date(base + 21 * HOUR);
    const first = await runScheduled(CRONS['job-alert-digest'], httpsEnv(), now);
    expect(first['job-alert-digest']).toMatchObject({ sent: expect.any(Number) });
    const mails = await digestsTo(matching.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('1 new job for "zyxdigest nurse" near london');
    expect(mail.text).toContain(`https://bridgeway.example/job/${newJob}`);
    expect(mail.text).not.toMatch(/Porter|closed|old/);
    expect(mail.html).toContain('Zyxdigest Nurse</a>');
    expect(mail.headers!['List-Unsubscribe']).toMatch(
      /^<https:\/\/bridgeway\.example\/api\/job-alerts\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(mail.headers!['List-Unsubscribe']!.slice(1, -1));
    expect(await digestsTo(idle.email)).toEqual([]);

    // The cron fires again (the same day): nothing is due, nothing is sent twice.
    const again = await runScheduled(
      CRONS['job-alert-digest'],
      httpsEnv(),
      new Date(now.getTime() + 5 * 60_000),
    );
    expect(again['job-alert-digest']).toMatchObject({ claimed: 0, sent: 0 });
    expect(await digestsTo(matching.email)).toHaveLength(1);
    // The next day, with no newer job: claimed, but no e-mail.
    const nextDay = await runScheduled(
      CRONS['job-alert-digest'],
      httpsEnv(),
      new Date(now.getTime() + 24 * HOUR),
    );
    expect((nextDay['job-alert-digest'] as { empty: number }).empty).toBeGreaterThanOrEqual(2);
    expect(await digestsTo(matching.email)).toHaveLength(1);
  });

  it('two runs started together send each digest once (the claim is one conditional UPDATE)', async () => {
    const base = Date.now() + 40 * 24 * HOUR;
    const alerts = await Promise.all([0, 1, 2].map(() => alertSince(base, { keywords: 'qwparallel' })));
    await addJob('Qwparallel Chef', base + HOUR);
    const now = new Date(base + 21 * HOUR);
    await Promise.all([
      runScheduled(CRONS['job-alert-digest'], httpsEnv(), now),
      runScheduled(CRONS['job-alert-digest'], httpsEnv(), now),
    ]);
    const sent = await db
      .select({ to: t.outbox.to })
      .from(t.outbox)
      .where(
        and(
          inArray(
            t.outbox.to,
            alerts.map((a) => a.email),
          ),
          like(t.outbox.subject, '%new job%'),
        ),
      );
    expect(sent.map((s) => s.to).sort()).toEqual(alerts.map((a) => a.email).sort());
  });
});

/** An alert and its owner written straight to the database (no password hash: many of them, quickly). */
async function quickAlert(since: number, keywords: string) {
  const applicantId = crypto.randomUUID();
  const email = `digest-${applicantId.slice(0, 8)}@example.com`;
  await db.insert(t.jobApplicants).values({
    id: applicantId,
    fullName: 'Digest Reader',
    email,
    phone: '020 7946 0102',
    passwordHash: 'x',
  });
  const alertId = crypto.randomUUID();
  await db.insert(t.jobAlerts).values({ id: alertId, applicantId, keywords, digestedUntil: new Date(since) });
  return { email, alertId };
}

describe("the digest within one run's budget", () => {
  const bindings = () => withFakeMail({ SITE_URL: 'https://bridgeway.example' });

  it('more due alerts than one run affords: each run stays inside its budget, the next runs carry on, and every alert gets exactly one digest', async () => {
    const base = Date.now() + 70 * 24 * HOUR;
    const alerts = await Promise.all(Array.from({ length: 12 }, () => quickAlert(base, 'kvbudget')));
    await addJob('Kvbudget Welder', base + HOUR);
    const now = new Date(base + 21 * HOUR);
    const runs: { counts: Record<string, number>; used: { queries: number; subrequests: number } }[] = [];
    for (let i = 0; i < 10; i++) {
      const budget = new RunBudget({ queries: 30, subrequests: 100 });
      const results = await runScheduled(CRONS['job-alert-digest'], bindings(), now, budget);
      const counts = results['job-alert-digest'] as Record<string, number>;
      runs.push({ counts, used: { ...budget.used } });
      if (counts.claimed === 0) break;
    }
    // A digest costs 4 queries: twelve do not fit in one run of 30.
    expect(runs.filter((r) => r.counts.sent! > 0).length).toBeGreaterThanOrEqual(2);
    for (const run of runs) expect(run.used.queries).toBeLessThanOrEqual(30);
    expect(runs.reduce((n, r) => n + r.counts.sent!, 0)).toBe(12);
    expect(runs.at(-1)!.counts).toMatchObject({ claimed: 0, sent: 0 });
    for (const a of alerts) {
      expect(await digestsTo(a.email)).toHaveLength(1);
      expect(await received(a.email)).toHaveLength(1);
    }
  });

  it('an alert claimed by a run that stopped before sending is not digested: due again once the claim lapses, its window unchanged', async () => {
    const base = Date.now() + 100 * 24 * HOUR;
    const alert = await quickAlert(base, 'kvlapsed');
    const job = await addJob('Kvlapsed Baker', base + HOUR);
    const now = new Date(base + 21 * HOUR);
    // A run claims it, then stops (the invocation ended) before its e-mail went.
    const claimed = await claimDueAlerts(db, {
      now,
      minGapMs: DIGEST_MIN_GAP_MS,
      leaseUntil: new Date(now.getTime() + DIGEST_LEASE_MS),
      limit: 500,
    });
    expect(claimed.map((a) => a.id)).toContain(alert.alertId);
    const [row] = await db.select().from(t.jobAlerts).where(eq(t.jobAlerts.id, alert.alertId));
    expect(row!.digestedUntil.getTime()).toBe(base);
    // Within the claim another run leaves it alone.
    const during = await runScheduled(
      CRONS['job-alert-digest'],
      bindings(),
      new Date(now.getTime() + 60_000),
    );
    expect(await digestsTo(alert.email)).toEqual([]);
    expect(during['job-alert-digest']).toMatchObject({ sent: 0 });
    // Once it lapses the alert goes, with the jobs since its last digest (not since the claim).
    const after = new Date(now.getTime() + DIGEST_LEASE_MS + 60_000);
    await runScheduled(CRONS['job-alert-digest'], bindings(), after);
    const [mail] = await digestsTo(alert.email);
    expect(mail?.text).toContain(`/job/${job}`);
    const [digested] = await db.select().from(t.jobAlerts).where(eq(t.jobAlerts.id, alert.alertId));
    expect(digested).toMatchObject({ digestedUntil: after, digestClaimedUntil: null });
  });

  it('the provider down: the digest waits in the outbox for the retry job, which owns it now; the alert is digested once', async () => {
    const base = Date.now() + 130 * 24 * HOUR;
    const alert = await quickAlert(base, 'kvdown');
    await addJob('Kvdown Driver', base + HOUR);
    await program(alert.email, 1, { status: 503 });
    const now = new Date(base + 21 * HOUR);
    const first = await runScheduled(CRONS['job-alert-digest'], bindings(), now);
    expect(first['job-alert-digest']).toMatchObject({ queued: 1, sent: 0 });
    const [waiting] = await digestsTo(alert.email);
    expect(waiting).toMatchObject({ status: 'failed', attempts: 1 });
    // The next digest run does not send it again; the retry job delivers it.
    await runScheduled(CRONS['job-alert-digest'], bindings(), new Date(now.getTime() + 5 * 60_000));
    await runScheduled(CRONS['mail-retry'], bindings(), new Date(now.getTime() + 6 * 60_000));
    expect(await digestsTo(alert.email)).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
  });
});

describe('unsubscribe link', () => {
  async function alertWithToken() {
    const alert = await alertSince(Date.now(), { keywords: 'unsubscribe me' });
    return { ...alert, token: await signUnsubscribeToken(secret(), issuer(), alert.alertId) };
  }
  const at = (token: string) => `/api/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`;

  it('GET shows a confirm page; POST (one-click) deletes the alert; a used link gets a clear page', async () => {
    const { token, alertId } = await alertWithToken();
    const confirm = await request(at(token));
    expect(confirm.status).toBe(200);
    expect(confirm.headers.get('Content-Type')).toContain('text/html');
    const html = await confirm.text();
    expect(html).toContain('Stop this job alert?');
    expect(html).toContain('<form method="post"');
    // GET alone changes nothing (link scanners open links).
    expect(await db.select().from(t.jobAlerts).where(eq(t.jobAlerts.id, alertId))).toHaveLength(1);

    const oneClick = await request(at(token), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    expect(await db.select().from(t.jobAlerts).where(eq(t.jobAlerts.id, alertId))).toEqual([]);

    for (const method of ['GET', 'POST']) {
      const used = await request(at(token), { method });
      expect(used.status).toBe(200);
      expect(await used.text()).toContain('You are already unsubscribed');
    }
  });

  it('a forged, altered, missing or account token gets a clear page and changes nothing', async () => {
    const { token, alertId } = await alertWithToken();
    const applicant = await registerApplicant('unsub-account');
    const forged = await signUnsubscribeToken('another-secret-0123456789abcdef0123456789', issuer(), alertId);
    const altered = `${token.slice(0, -3)}abc`;
    for (const bad of [forged, altered, applicant.token, 'not-a-token']) {
      for (const method of ['GET', 'POST']) {
        const res = await request(at(bad), { method });
        expect(res.status).toBe(200);
        expect(res.headers.get('Content-Type')).toContain('text/html');
        expect(await res.text()).toContain('This link does not work');
      }
    }
    const none = await request('/api/job-alerts/unsubscribe');
    expect(none.status).toBe(200);
    expect(await none.text()).toContain('This link does not work');
    expect(await db.select().from(t.jobAlerts).where(eq(t.jobAlerts.id, alertId))).toHaveLength(1);
  });
});

describe('the e-mail that confirms a saved alert', () => {
  it('carries the search and a working one-click unsubscribe link, in the text and the List-Unsubscribe header', async () => {
    const me = await registerApplicant('alerts-confirm');
    const res = await create(me.token, { keywords: 'welder', location: 'Rotterdam' });
    expect(res.status).toBe(201);
    const { alert } = await res.json<{ alert: { id: string } }>();
    const [mail, ...more] = await db
      .select()
      .from(t.outbox)
      .where(and(eq(t.outbox.to, me.email), like(t.outbox.subject, 'Your job alert is saved%')));
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your job alert is saved: "welder" near Rotterdam');
    // The address is not confirmed yet: the greeting names nobody.
    expect(mail!.text).toMatch(/^Hello, your job alert for "welder" near Rotterdam is saved\./);
    expect(mail!.text).toContain('http://127.0.0.1:8787/my-applications');
    const link = mail!.text!.match(/Stop this alert with one click: (\S+)/)![1]!;
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:8787\/api\/job-alerts\/unsubscribe\?token=/);
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // The link works without signing in: the alert is gone.
    const path = link.replace('http://127.0.0.1:8787', '');
    const stop = await request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(stop.status).toBe(200);
    expect(await stop.text()).toContain('You are unsubscribed');
    expect((await list(me.token)).alerts.map((a) => a.id)).not.toContain(alert.id);
  });

  it('greets a confirmed applicant by name, and sends nothing for a refused alert', async () => {
    const me = await registerApplicant('alerts-confirmed', { confirmed: true });
    expect((await create(me.token, { category: 'Hospitality' })).status).toBe(201);
    expect((await create(me.token, { keywords: ' ' })).status).toBe(400);
    const mails = await db
      .select({ text: t.outbox.text })
      .from(t.outbox)
      .where(and(eq(t.outbox.to, me.email), like(t.outbox.subject, 'Your job alert is saved%')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(
      /^Hello Test Applicant, your job alert for All jobs in Hospitality is saved\./,
    );
  });
});
