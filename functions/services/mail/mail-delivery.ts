import type { Db } from '#db/client.ts';
import {
  buryLapsedUnretryable,
  claimDue,
  claimForRetry,
  countDue,
  findOutboxMessage,
  recordAttempt,
  type ClaimedMessage,
  type StoredBody,
} from '#db/queries/outbox.ts';
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY, retryBlockedMessages, retryMessages } from '#schemas/mail.ts';
import { config } from '../../lib/config.ts';
import { logLine } from '../../lib/log.ts';
import { createTransport, type MailTransport } from './mail-transport.ts';
import type { RunBudget } from '../../lib/call-budget.ts';

/** How one attempt ended. */
export type AttemptStatus = 'sent' | 'failed' | 'dead';

/** The lease of a claim made at `now`. */
export const leaseFrom = (now: Date) => new Date(now.getTime() + MAIL_RETRY.leaseMs);

/**
 * Delivers a claimed message and records the outcome: sent; failed with its next retry (5 min,
 * 30 min, 2 h after the 1st, 2nd, 3rd attempt); or dead after the 4th attempt, at once for a
 * message that is never resent (`retryable: false`) or one the provider refuses outright.
 * `storeBodyOnFailure`: the immediate send in production writes the body only now that a retry
 * needs it. Delivered and dead messages lose their body unless `keepBodies`.
 */
export async function deliverClaimed(
  db: Db,
  transport: MailTransport,
  claim: Pick<ClaimedMessage, 'id' | 'to' | 'subject' | 'attempts'>,
  body: StoredBody,
  options: { now: Date; keepBodies: boolean; retryable: boolean; storeBodyOnFailure?: boolean },
): Promise<AttemptStatus> {
  const result = await transport.deliver({ id: claim.id, to: claim.to, subject: claim.subject, ...body });
  if (result.ok) {
    await recordAttempt(
      db,
      claim,
      { status: 'sent', providerId: result.providerId, keepBody: options.keepBodies },
      options.now,
    );
    return 'sent';
  }
  const dead = !options.retryable || result.permanent || claim.attempts >= MAIL_MAX_ATTEMPTS;
  logLine('warn', {
    type: 'mail',
    event: dead ? 'dead' : 'failed',
    outboxId: claim.id,
    attempt: claim.attempts,
    reason: result.error,
  });
  if (dead) {
    await recordAttempt(
      db,
      claim,
      { status: 'dead', error: result.error, keepBody: options.keepBodies },
      options.now,
    );
    return 'dead';
  }
  const nextAttemptAt = new Date(options.now.getTime() + MAIL_RETRY.delaysMs[claim.attempts - 1]!);
  await recordAttempt(
    db,
    claim,
    { status: 'failed', error: result.error, nextAttemptAt, ...(options.storeBodyOnFailure && { body }) },
    options.now,
  );
  return 'failed';
}

/** A claimed row's body, or undefined when production no longer keeps it. */
function bodyOf(row: ClaimedMessage): StoredBody | undefined {
  if (row.text === null || row.html === null) return undefined;
  return {
    text: row.text,
    html: row.html,
    headers: row.headers ?? undefined,
    ...(row.attachments?.length ? { attachments: row.attachments } : {}),
  };
}

/** What one retried message costs a run: the provider call, and the statement recording its outcome. */
const RETRY_COST = { subrequests: 1, queries: 1 } as const;

/**
 * The retry job (every 5 minutes): claims the due failed messages (one conditional UPDATE, so an
 * overlapping run never gets the same ones) and tries each once more. With a budget (the Cron run's,
 * functions/lib/call-budget.ts) it claims only as many as the budget affords: the rest stay due for
 * the next run, never claimed and left to wait out a lease. Returns counts for the log.
 */
export async function retryDueMail(
  db: Db,
  env: Env,
  now: Date,
  options: { fetch?: typeof fetch; budget?: RunBudget } = {},
) {
  const settings = config(env).mail;
  const transport = createTransport(settings, options.fetch);
  const counts = { claimed: 0, sent: 0, failed: 0, dead: 0, interrupted: 0, deferred: 0 };
  counts.interrupted = await buryLapsedUnretryable(db, now, settings.keepBodies);
  // Kept back: the claim itself, and counting what is left when the budget bounds the claim.
  const limit = options.budget
    ? options.budget.howMany(RETRY_COST, MAIL_RETRY.batchSize, { queries: 2 })
    : MAIL_RETRY.batchSize;
  const claimed = limit > 0 ? await claimDue(db, now, limit, leaseFrom(now)) : [];
  counts.claimed = claimed.length;
  // Whether more were due than this run claimed: one more statement, only when the budget bound it.
  if (limit < MAIL_RETRY.batchSize && claimed.length === limit) counts.deferred = await countDue(db, now);
  for (const row of claimed) {
    const body = bodyOf(row);
    if (!body) {
      // A sender died before it could store the body (production stores it only on failure).
      await recordAttempt(
        db,
        row,
        { status: 'dead', error: 'text not kept', keepBody: settings.keepBodies },
        now,
      );
      counts.dead++;
      continue;
    }
    counts[
      await deliverClaimed(db, transport, row, body, {
        now,
        keepBodies: settings.keepBodies,
        retryable: true,
      })
    ]++;
  }
  return counts;
}

/** Why a staff retry was refused. */
export class RetryRefusedError extends Error {
  constructor(
    readonly reason: 'not-found' | 'busy' | 'one-time-code' | 'body-removed',
    message: string,
  ) {
    super(message);
    this.name = 'RetryRefusedError';
  }
}

/**
 * "Retry now" from the back office: resets a failed or dead message to a fresh first attempt and
 * sends it at once. The claim is one conditional UPDATE, so two staff pressing Retry together send
 * it once; the other is refused as busy.
 */
export async function retryNow(
  db: Db,
  env: Env,
  id: string,
  now = new Date(),
): Promise<{ before: { status: string; attempts: number }; status: AttemptStatus }> {
  const settings = config(env).mail;
  const found = await findOutboxMessage(db, id);
  if (!found) throw new RetryRefusedError('not-found', 'No such message');
  if (!found.retryable) throw new RetryRefusedError('one-time-code', retryBlockedMessages.oneTimeCode);
  if (!found.hasBody) throw new RetryRefusedError('body-removed', retryBlockedMessages.bodyRemoved);
  const before = { status: found.status, attempts: found.attempts };
  const claim = await claimForRetry(db, id, now, leaseFrom(now));
  const body = claim && bodyOf(claim);
  if (!claim || !body) throw new RetryRefusedError('busy', retryMessages.busy);
  const status = await deliverClaimed(db, createTransport(settings), claim, body, {
    now,
    keepBodies: settings.keepBodies,
    retryable: true,
  });
  return { before, status };
}
