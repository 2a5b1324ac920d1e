import type { Db } from '#db/client.ts';
import {
  claimReminders,
  findConsultation,
  releaseReminder,
  type ReminderKind,
} from '#db/queries/consultations.ts';
import { getSite } from '#db/queries/site-content.ts';
import { config } from '../../lib/config.ts';
import type { RunBudget } from '../../lib/call-budget.ts';
import { logLine } from '../../lib/log.ts';
import { createMailer, MailNotSentError } from '../mail/mailer.ts';
import { mailFacts } from './booking.ts';
import { meetingEmail } from './emails.ts';
import { manageUrl, signManageToken } from './manage-links.ts';

const MINUTE = 60_000;

/**
 * Each reminder is due `beforeMs` ahead of the meeting and goes out only while it is on time: up
 * to `lateMs` after that moment (the job runs every 5 minutes; a run that was missed, or a mail
 * provider that was down, must not make a "starts in an hour" e-mail arrive after the meeting).
 * The soonest first: the one-hour reminder cannot wait for the next run.
 */
export const REMINDERS: readonly { kind: ReminderKind; beforeMs: number; lateMs: number }[] = [
  { kind: '1h', beforeMs: 60 * MINUTE, lateMs: 15 * MINUTE },
  { kind: '24h', beforeMs: 24 * 60 * MINUTE, lateMs: 60 * MINUTE },
];

/** The most meetings one claim takes. */
const CLAIM_BATCH = 25;
/**
 * What one reminder costs a run at most: the meeting read (1), the outbox row and its outcome (2),
 * the provider call (1 subrequest), and giving the claim back when the send fails (1).
 */
const REMINDER_COST = { queries: 4, subrequests: 1 } as const;
/** Each kind's own statements: the claim; and the brand, read once a run. */
const KIND_COST = { queries: 2 } as const;

/**
 * Sends the reminders that are due and on time, each at most once: the claim is one conditional
 * UPDATE that marks them sent (only booked meetings, only a reminder not yet sent for the current
 * time, which a move clears). A send that fails is given back, to be tried by the next run while it
 * is still on time, and never queued for a retry after it.
 */
export async function sendReminders(
  db: Db,
  env: Env,
  now: Date,
  options: { fetch?: typeof fetch; budget?: RunBudget } = {},
) {
  const mailer = createMailer(db, env, options.fetch ? { fetch: options.fetch } : {});
  const { tokenSecret, tokenIssuer, siteUrl } = config(env);
  const counts = { sent: 0, failed: 0, deferred: 0 };
  let brand: Awaited<ReturnType<typeof getSite>> | undefined;
  for (const rule of REMINDERS) {
    const limit = options.budget
      ? options.budget.howMany(REMINDER_COST, CLAIM_BATCH, KIND_COST)
      : CLAIM_BATCH;
    if (limit === 0) {
      counts.deferred++;
      continue;
    }
    const claimed = await claimReminders(db, rule.kind, {
      now,
      beforeMs: rule.beforeMs,
      lateMs: rule.lateMs,
      limit,
    });
    for (const { id } of claimed) {
      const found = await findConsultation(db, id);
      if (!found) continue;
      brand ??= await getSite(db);
      const token = await signManageToken(tokenSecret, tokenIssuer, id);
      const kind = rule.kind === '1h' ? 'reminder1h' : 'reminder24h';
      try {
        await mailer.send(
          meetingEmail(kind, brand, mailFacts(found), { siteUrl, manage: manageUrl(id, token, siteUrl) }),
        );
        counts.sent++;
      } catch (error) {
        if (!(error instanceof MailNotSentError)) throw error;
        counts.failed++;
        logLine('warn', {
          type: 'consultation-reminder',
          event: 'not-sent',
          kind: rule.kind,
          consultationId: id,
        });
        await releaseReminder(db, rule.kind, id, now);
      }
    }
  }
  return counts;
}
