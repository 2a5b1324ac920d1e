import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { oneTimeCodes, type AccountType, type holderTypes } from '../schema/index.ts';

// The statements behind e-mailed one-time codes; the rules (limits, lifetimes, what a try means)
// are functions/services/security/codes.ts.

type Purpose = 'verify' | 'reset' | 'signin' | 'email-change';
/** Whose code, what for, and under which challenge (functions/lib/code-challenges.ts). */
export interface CodeOwner {
  /** An account, or a person (`'person'`): a person's codes serve every door. */
  accountType: (typeof holderTypes)[number];
  accountId: string;
  purpose: Purpose;
  /**
   * The challenge the code was asked for under, held by the asking browser alone: tries name it,
   * and a try under another challenge (or none) never reaches the code. Absent: codes asked for
   * without one (a registration's id is already its own challenge).
   */
  challenge?: string | null;
}

/** The account's codes for a purpose, whatever the challenge (send caps, voiding on success). */
const accountSql = (owner: CodeOwner) =>
  sql`account_type = ${owner.accountType} and account_id = ${owner.accountId} and purpose = ${owner.purpose}`;

/** The codes of this owner under this challenge (`is`: a missing challenge matches only codes with none). */
const ownerSql = (owner: CodeOwner) =>
  sql`${accountSql(owner)} and challenge_id is ${owner.challenge ?? null}`;

/**
 * The statements that store a code within the send limits: one conditional insert that stores
 * nothing when a limit is reached, then, unless `keepOthers`, voiding the owner's earlier open codes
 * if the new one was stored. Not yet run: they go in the caller's batch.
 */
export function issueCodeStatements(
  owner: CodeOwner,
  code: { id: string; hash: string },
  {
    now,
    payload,
    keepOthers,
    expiresAt,
    sendWindowMs,
    maxSends,
    maxAccountSends,
    resendWaitMs,
  }: {
    now: number;
    payload: string | null;
    keepOthers: boolean;
    expiresAt: number;
    sendWindowMs: number;
    maxSends: number;
    /** The cap across every challenge of the account: what one inbox receives, whoever asks. */
    maxAccountSends: number;
    resendWaitMs: number;
  },
) {
  // Raw SQL (docs/decisions/013): Drizzle has no `insert … select … where`; both statements are
  // conditional on what the table holds when they run, inside the caller's batch. The wait and the
  // per-window count are per challenge, so a stranger's requests cannot hold back the owner's own
  // code; the account-wide cap keeps the inbox from being flooded.
  const insert = sql`
    insert into one_time_codes (id, account_type, account_id, purpose, code_hash, expires_at, attempts, payload, challenge_id, created_at, updated_at)
    select ${code.id}, ${owner.accountType}, ${owner.accountId}, ${owner.purpose}, ${code.hash}, ${expiresAt}, 0, ${payload}, ${owner.challenge ?? null}, ${now}, ${now}
    where (select count(*) from one_time_codes where ${ownerSql(owner)} and created_at > ${now - sendWindowMs}) < ${maxSends}
      and (select count(*) from one_time_codes where ${accountSql(owner)} and created_at > ${now - sendWindowMs}) < ${maxAccountSends}
      and not exists (select 1 from one_time_codes where ${ownerSql(owner)} and created_at > ${now - resendWaitMs})`;
  if (keepOthers) return [insert];
  const voidOthers = sql`
    update one_time_codes set consumed_at = ${now}, updated_at = ${now}
    where ${ownerSql(owner)} and consumed_at is null and id <> ${code.id}
      and exists (select 1 from one_time_codes where id = ${code.id})`;
  return [insert, voidOthers];
}

/** When the owner's codes created after `since` were created, newest first. */
export function codesSentSince(db: Db, owner: CodeOwner, since: number) {
  return db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(ownerIs(owner), sql`${oneTimeCodes.createdAt} > ${since}`))
    .orderBy(desc(oneTimeCodes.createdAt));
}

/** Deletes one code (its e-mail could not be sent); the query, not yet awaited. */
export function deleteCode(db: Db, id: string) {
  return db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, id));
}

/** Deletes the owner's open (unconsumed) codes. */
export async function deleteOpenCodes(db: Db, owner: CodeOwner) {
  await db.delete(oneTimeCodes).where(and(ownerIs(owner), isNull(oneTimeCodes.consumedAt)));
}

/**
 * Counts one try on each of the owner's open, unexpired codes with fewer than `cap` tries, in one
 * conditional statement, and returns the codes it counted.
 */
export function countCodeTry(db: Db, owner: CodeOwner, cap: number, now: number) {
  // Raw SQL (docs/decisions/013): one conditional statement counts the try and returns the open
  // codes; the consume (consumeOpenCodes) is conditional on the matched row still being open (`exists`).
  return db.all<{
    id: string;
    code_hash: string;
    attempts: number;
    payload: string | null;
  }>(sql`
    update one_time_codes set attempts = attempts + 1, updated_at = ${now}
    where ${ownerSql(owner)} and consumed_at is null and attempts < ${cap} and expires_at > ${now}
    returning id, code_hash, attempts, payload`);
}

/**
 * Consumes the account's open codes for the purpose (every challenge's: the flow is done) if `id` is
 * still open, in one conditional statement; returns those consumed.
 */
export function consumeOpenCodes(db: Db, owner: CodeOwner, id: string, now: number) {
  return db.all<{ id: string }>(sql`
    update one_time_codes set consumed_at = ${now}, updated_at = ${now}
    where ${accountSql(owner)} and consumed_at is null
      and exists (select 1 from one_time_codes where id = ${id} and consumed_at is null)
    returning id`);
}

/** The owner's newest open code's expiry and tries, or undefined. */
export async function latestOpenCode(db: Db, owner: CodeOwner) {
  const [latest] = await db
    .select({ expiresAt: oneTimeCodes.expiresAt, attempts: oneTimeCodes.attempts })
    .from(oneTimeCodes)
    .where(and(ownerIs(owner), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return latest;
}

function ownerIs(owner: CodeOwner) {
  return and(
    eq(oneTimeCodes.accountType, owner.accountType),
    eq(oneTimeCodes.accountId, owner.accountId),
    eq(oneTimeCodes.purpose, owner.purpose),
    owner.challenge ? eq(oneTimeCodes.challengeId, owner.challenge) : isNull(oneTimeCodes.challengeId),
  );
}

/** Which of these accounts have a code of `type` asked for under `challenge` (the registrations a browser made). */
export async function registrationsWithChallenge(
  db: Db,
  type: AccountType,
  ids: string[],
  challenge: string,
) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ id: oneTimeCodes.accountId })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.accountType, type),
        inArray(oneTimeCodes.accountId, ids),
        eq(oneTimeCodes.challengeId, challenge),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
