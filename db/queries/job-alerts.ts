import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { readInChunks } from '../d1-limits.ts';
import { jobAlerts, jobApplicants, jobs } from '../schema/index.ts';
import { JOB_ALERT_LIMIT, type JobAlertDto } from '#schemas/job-alerts.ts';

type AlertRow = typeof jobAlerts.$inferSelect;

export const toAlertDto = (r: AlertRow): JobAlertDto => ({
  id: r.id,
  keywords: r.keywords,
  category: r.category,
  location: r.location,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Saves an alert only while the person has fewer than JOB_ALERT_LIMIT: the count and the insert are
 * one statement (`insert … select … where (select count(*) …) < limit`), so parallel requests can
 * never pass the limit together. Undefined when the limit is reached.
 */
export async function createAlert(
  db: Db,
  applicantId: string,
  input: { keywords?: string | undefined; category?: string | undefined; location?: string | undefined },
  now = new Date(),
) {
  const id = crypto.randomUUID();
  const at = now.getTime();
  // Raw SQL (docs/decisions/013): the cap is the `where` of one `insert … select`, race-safe; Drizzle cannot say it.
  const [row] = await db.all<{ id: string }>(sql`
    insert into job_alerts (id, applicant_id, keywords, category, location, digested_until, created_at, updated_at)
    select ${id}, ${applicantId}, ${input.keywords || null}, ${input.category || null}, ${input.location || null}, ${at}, ${at}, ${at}
    where (select count(*) from job_alerts where applicant_id = ${applicantId}) < ${JOB_ALERT_LIMIT}
    returning id`);
  if (!row) return undefined;
  const [alert] = await db.select().from(jobAlerts).where(eq(jobAlerts.id, id));
  return alert;
}

/** The person's alerts, newest first. */
export const listAlerts = (db: Db, applicantId: string) =>
  db
    .select()
    .from(jobAlerts)
    .where(eq(jobAlerts.applicantId, applicantId))
    .orderBy(desc(jobAlerts.createdAt));

/** Deletes one of the person's alerts; false when it is not theirs (or gone). */
export async function deleteOwnAlert(db: Db, applicantId: string, id: string) {
  const rows = await db
    .delete(jobAlerts)
    .where(and(eq(jobAlerts.id, id), eq(jobAlerts.applicantId, applicantId)))
    .returning({ id: jobAlerts.id });
  return rows.length === 1;
}

/** Deletes an alert by id (a verified unsubscribe link); false when it was already gone. */
export async function deleteAlert(db: Db, id: string) {
  const rows = await db.delete(jobAlerts).where(eq(jobAlerts.id, id)).returning({ id: jobAlerts.id });
  return rows.length === 1;
}

/** An alert and its owner, if it still exists. */
export async function findAlert(db: Db, id: string) {
  const [row] = await db.select().from(jobAlerts).where(eq(jobAlerts.id, id));
  return row;
}

/**
 * Claims up to `limit` alerts whose last digest is at least `minGapMs` old and that no run holds, in
 * one conditional UPDATE … RETURNING: each claimed alert is held until `leaseUntil` (the claim
 * re-checks the condition on each row as it writes it, so a cron firing twice, or two overlapping
 * runs, never both get one). Nothing else changes: `digested_until` moves only once the digest is
 * out (markDigested), so a run that stops first leaves the alert due again when the claim lapses.
 */
export async function claimDueAlerts(
  db: Db,
  { now, minGapMs, leaseUntil, limit }: { now: Date; minGapMs: number; leaseUntil: Date; limit: number },
) {
  const due = and(
    lte(jobAlerts.digestedUntil, new Date(now.getTime() - minGapMs)),
    or(isNull(jobAlerts.digestClaimedUntil), lte(jobAlerts.digestClaimedUntil, now)),
  );
  const oldest = db
    .select({ id: jobAlerts.id })
    .from(jobAlerts)
    .where(due)
    .orderBy(asc(jobAlerts.digestedUntil))
    .limit(limit);
  return db
    .update(jobAlerts)
    .set({ digestClaimedUntil: leaseUntil })
    .where(and(inArray(jobAlerts.id, oldest), due))
    .returning();
}

/**
 * Records alerts as digested up to `now` (their digest went to the provider, waits in the outbox
 * for a retry, or had nothing to say), in one statement, and only while this run's claim
 * (`leaseUntil`) still holds them. Returns how many it moved.
 */
export async function markDigested(db: Db, ids: string[], now: Date, leaseUntil: Date) {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(jobAlerts)
    .set({
      previousDigestedUntil: sql`${jobAlerts.digestedUntil}`,
      digestedUntil: now,
      digestClaimedUntil: null,
    })
    .where(and(inArray(jobAlerts.id, ids), eq(jobAlerts.digestClaimedUntil, leaseUntil)))
    .returning({ id: jobAlerts.id });
  return rows.length;
}

/** Gives back claims a run could not afford to work through: the next run takes them at once. */
export async function releaseAlerts(db: Db, ids: string[], leaseUntil: Date) {
  if (ids.length === 0) return;
  await db
    .update(jobAlerts)
    .set({ digestClaimedUntil: null })
    .where(and(inArray(jobAlerts.id, ids), eq(jobAlerts.digestClaimedUntil, leaseUntil)));
}

/** The owners' e-mail and name of alerts. */
export async function alertOwners(db: Db, applicantIds: string[]) {
  if (applicantIds.length === 0) return new Map<string, { email: string; fullName: string }>();
  const rows = await readInChunks([...new Set(applicantIds)], (ids) =>
    db
      .select({ id: jobApplicants.id, email: jobApplicants.email, fullName: jobApplicants.fullName })
      .from(jobApplicants)
      .where(inArray(jobApplicants.id, ids)),
  );
  return new Map(rows.map((r) => [r.id, r]));
}

const needle = (text: string) => text.trim().toLowerCase();
const has = (column: SQLWrapper, text: string) => sql`instr(lower(${column}), ${needle(text)}) > 0`;

/**
 * Open jobs published in (`after`, `until`] that match an alert: every keyword in the title,
 * company, location or description; the category exactly (case-insensitive); the location within
 * the job's location. The same rules as the job list's filters.
 */
export async function newJobsFor(
  db: Db,
  alert: Pick<AlertRow, 'keywords' | 'category' | 'location'>,
  after: Date,
  until: Date,
  limit = 20,
) {
  const words = (alert.keywords ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  return db
    .select({
      id: jobs.id,
      title: jobs.title,
      company: jobs.company,
      location: jobs.location,
      category: jobs.category,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'open'),
        gt(jobs.createdAt, after),
        lte(jobs.createdAt, until),
        ...words.map(
          (w) =>
            sql`(${has(jobs.title, w)} or ${has(jobs.company, w)} or ${has(jobs.location, w)} or ${has(jobs.description, w)})`,
        ),
        alert.category ? sql`lower(${jobs.category}) = ${needle(alert.category)}` : undefined,
        alert.location ? has(jobs.location, alert.location) : undefined,
      ),
    )
    .orderBy(desc(jobs.createdAt))
    .limit(limit);
}
