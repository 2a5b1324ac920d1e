import { and, count, desc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { outbox } from '../schema/index.ts';
import { contains } from './text-search.ts';
import { undeliveredStatuses, type MailAttachment } from '#schemas/mail.ts';
import type { PersonType } from '#schemas/privacy.ts';
import { pageOf } from './page.ts';

/**
 * What `outbox.about` holds for a staff notification: the account it is about (a job application,
 * a partner request), or the address a form was sent from (contact and staffing forms need no
 * account). An erasure deletes the notices about the account, and those about the address when
 * the address is the person's (db/queries/personal-data.ts).
 */
export const noticeAbout = {
  account: (type: PersonType, id: string) => `${type}:${id}`,
  address: (email: string) => `email:${email.trim().toLowerCase()}`,
};

/** A message's content as the outbox keeps it while it may still be sent. */
export interface StoredBody {
  text: string;
  html: string;
  headers?: Record<string, string> | undefined;
  attachments?: MailAttachment[] | undefined;
}

/** A message claimed for one delivery attempt: the claim is `(id, attempts)`. */
export interface ClaimedMessage {
  id: string;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  headers: Record<string, string> | null;
  attachments: MailAttachment[] | null;
  attempts: number;
}

const claimedColumns = {
  id: outbox.id,
  to: outbox.to,
  subject: outbox.subject,
  text: outbox.text,
  html: outbox.html,
  headers: outbox.headers,
  attachments: outbox.attachments,
  attempts: outbox.attempts,
};

/**
 * Writes a new message already claimed by its sender (status `sending`, attempt 1, leased until
 * `leaseUntil`), so no retry run can pick it up while the first attempt is under way.
 */
export async function insertClaimed(
  db: Db,
  row: {
    id: string;
    to: string;
    subject: string;
    body: StoredBody | null;
    retryable: boolean;
    now: Date;
    leaseUntil: Date;
    forgetRecipient?: boolean;
    about?: string | undefined;
  },
) {
  await db.insert(outbox).values({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.body?.text ?? null,
    html: row.body?.html ?? null,
    headers: row.body?.headers ?? null,
    attachments: row.body?.attachments ?? null,
    status: 'sending',
    attempts: 1,
    nextAttemptAt: row.leaseUntil,
    retryable: row.retryable,
    forgetRecipient: row.forgetRecipient ?? false,
    about: row.about ?? null,
    createdAt: row.now,
    updatedAt: row.now,
  });
}

/** Retryable messages whose retry is due, or whose sender's claim lapsed. */
const due = (now: Date) =>
  and(
    inArray(outbox.status, ['failed', 'sending']),
    lte(outbox.nextAttemptAt, now),
    eq(outbox.retryable, true),
  );

/** How many messages are due for a retry now (a run that could not claim them all logs the rest). */
export async function countDue(db: Db, now: Date) {
  const [row] = await db.select({ n: count() }).from(outbox).where(due(now));
  return row?.n ?? 0;
}

/**
 * Claims up to `limit` due messages for this sender, in one conditional UPDATE … RETURNING: the
 * claim re-checks the due condition on each row as it writes it, so two overlapping runs can never
 * both claim a message (the second finds it `sending` with a lease in the future). Each claim
 * counts its attempt.
 */
export async function claimDue(
  db: Db,
  now: Date,
  limit: number,
  leaseUntil: Date,
): Promise<ClaimedMessage[]> {
  const oldestDue = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(due(now))
    .orderBy(outbox.nextAttemptAt)
    .limit(limit);
  return db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: leaseUntil,
      updatedAt: now,
    })
    .where(and(inArray(outbox.id, oldestDue), due(now)))
    .returning(claimedColumns);
}

/**
 * Claims one failed or dead message for a staff member's "Retry now", in one conditional UPDATE:
 * only a retryable message that still has its text; the attempt count restarts (the retry is a
 * new first attempt, with the full backoff after it). Undefined when it is not claimable.
 */
export async function claimForRetry(
  db: Db,
  id: string,
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedMessage | undefined> {
  const [claimed] = await db
    .update(outbox)
    .set({ status: 'sending', attempts: 1, nextAttemptAt: leaseUntil, updatedAt: now })
    .where(
      and(
        eq(outbox.id, id),
        inArray(outbox.status, undeliveredStatuses),
        eq(outbox.retryable, true),
        isNotNull(outbox.text),
        isNotNull(outbox.html),
      ),
    )
    .returning(claimedColumns);
  return claimed;
}

/** What `to` becomes on a message sent with `forgetRecipient`, once it is delivered or given up. */
export const FORGOTTEN_RECIPIENT = 'recipient erased';

/** The end of one attempt. `keepBody: false` clears text, html and headers (delivered or given up). */
export type AttemptOutcome =
  | { status: 'sent'; providerId: string | null; keepBody: boolean }
  | { status: 'failed'; error: string; nextAttemptAt: Date; body?: StoredBody }
  | { status: 'dead'; error: string; keepBody: boolean };

/**
 * Records how an attempt ended, only if the claim is still ours (same id, still `sending`, same
 * attempt number): a sender whose lease lapsed and was re-claimed cannot overwrite the newer
 * attempt. True when the row was updated.
 */
export async function recordAttempt(
  db: Db,
  claim: { id: string; attempts: number },
  outcome: AttemptOutcome,
  now: Date,
) {
  const clear = { text: null, html: null, headers: null, attachments: null };
  const changes =
    outcome.status === 'sent'
      ? {
          status: outcome.status,
          providerId: outcome.providerId,
          sentAt: now,
          lastError: null,
          nextAttemptAt: null,
          ...(outcome.keepBody ? {} : clear),
        }
      : outcome.status === 'failed'
        ? {
            status: outcome.status,
            lastError: outcome.error,
            nextAttemptAt: outcome.nextAttemptAt,
            ...(outcome.body && {
              text: outcome.body.text,
              html: outcome.body.html,
              headers: outcome.body.headers ?? null,
              attachments: outcome.body.attachments ?? null,
            }),
          }
        : {
            status: outcome.status,
            lastError: outcome.error,
            nextAttemptAt: null,
            ...(outcome.keepBody ? {} : clear),
          };
  // A message that must not keep its address (an erasure's confirmation) drops it once settled.
  const settled =
    outcome.status === 'failed'
      ? {}
      : { to: sql`case when ${outbox.forgetRecipient} then ${FORGOTTEN_RECIPIENT} else ${outbox.to} end` };
  const updated = await db
    .update(outbox)
    .set({ ...changes, ...settled, updatedAt: now })
    .where(and(eq(outbox.id, claim.id), eq(outbox.status, 'sending'), eq(outbox.attempts, claim.attempts)))
    .returning({ id: outbox.id });
  return updated.length === 1;
}

/**
 * Gives up messages that must never be resent late (one-time codes) whose sender died mid-attempt:
 * their claim lapsed and no retry may pick them up.
 */
export async function buryLapsedUnretryable(db: Db, now: Date, keepBodies: boolean) {
  const rows = await db
    .update(outbox)
    .set({
      status: 'dead',
      lastError: 'interrupted',
      nextAttemptAt: null,
      updatedAt: now,
      ...(keepBodies ? {} : { text: null, html: null, headers: null, attachments: null }),
    })
    .where(and(eq(outbox.status, 'sending'), eq(outbox.retryable, false), lte(outbox.nextAttemptAt, now)))
    .returning({ id: outbox.id });
  return rows.length;
}

/** The status of one message (the retry route tells "not found" from "not retryable"). */
export async function findOutboxMessage(db: Db, id: string) {
  const [row] = await db
    .select({
      id: outbox.id,
      status: outbox.status,
      attempts: outbox.attempts,
      retryable: outbox.retryable,
      hasBody: sql<number>`${outbox.text} is not null and ${outbox.html} is not null`,
    })
    .from(outbox)
    .where(eq(outbox.id, id));
  return row && { ...row, hasBody: Boolean(row.hasBody), status: row.status };
}

/** Failed and dead messages, newest first (the back office's failed-mail list). */
export async function listUndelivered(
  db: Db,
  query: {
    status?: (typeof undeliveredStatuses)[number] | undefined;
    search?: string | undefined;
    limit: number;
    offset: number;
  },
) {
  const needle = query.search?.toLowerCase();
  const where = and(
    query.status ? eq(outbox.status, query.status) : inArray(outbox.status, undeliveredStatuses),
    needle ? or(contains(outbox.to, needle), contains(outbox.subject, needle)) : undefined,
  );
  const { items, total } = await pageOf(
    db
      .select({
        id: outbox.id,
        status: outbox.status,
        to: outbox.to,
        subject: outbox.subject,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        nextAttemptAt: outbox.nextAttemptAt,
        createdAt: outbox.createdAt,
        retryable: outbox.retryable,
        hasBody: sql<number>`${outbox.text} is not null and ${outbox.html} is not null`,
      })
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(outbox).where(where),
  );
  return { items: items.map((r) => ({ ...r, hasBody: Boolean(r.hasBody) })), total };
}

/**
 * Deletes rows written before `before`, at most `batch` per statement (D1 asks for large deletes in
 * chunks) and `maxBatches` statements per call. Returns how many went.
 */
export async function purgeOutboxBefore(db: Db, before: Date, batch = 1000, maxBatches = 50) {
  let deleted = 0;
  for (let i = 0; i < maxBatches; i++) {
    const old = db.select({ id: outbox.id }).from(outbox).where(lt(outbox.createdAt, before)).limit(batch);
    const rows = await db.delete(outbox).where(inArray(outbox.id, old)).returning({ id: outbox.id });
    deleted += rows.length;
    if (rows.length < batch) break;
  }
  return deleted;
}

/**
 * Production safety sweep: clears any body still kept on a message that no retry will send
 * (sent or dead), e.g. rows written before the rule existed. Returns how many were cleared.
 */
export async function clearSettledBodies(db: Db) {
  const rows = await db
    .update(outbox)
    .set({ text: null, html: null, headers: null, attachments: null })
    .where(
      and(
        inArray(outbox.status, ['sent', 'dead']),
        or(
          isNotNull(outbox.text),
          isNotNull(outbox.html),
          isNotNull(outbox.headers),
          isNotNull(outbox.attachments),
        ),
      ),
    )
    .returning({ id: outbox.id });
  return rows.length;
}

/** The development mailbox: the newest 100 messages, or those to one address, with their files. */
export async function listMailbox(db: Db, to?: string) {
  const rows = await db
    .select({
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      html: outbox.html,
      attachments: outbox.attachments,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(to ? eq(outbox.to, to) : undefined)
    .orderBy(desc(outbox.createdAt))
    .limit(100);
  return rows.map((r) => ({ ...r, attachments: r.attachments ?? [] }));
}
