import { z } from 'zod';
import { listQuery } from './admin/index.ts';
import { RETENTION } from './retention.ts';

/**
 * Outgoing e-mail: its delivery statuses, the retry policy, and the back office's contract for
 * failed and dead messages. One definition, imported by the outbox table (db/schema), the mailer,
 * the retry job, the admin route and the back office page.
 */

/**
 * `sending`: claimed by one sender until its lease ends; `sent`; `failed`: waiting for its next
 * retry; `dead`: given up after the last retry (or at once, for a message that is never resent).
 */
export const outboxStatuses = ['sending', 'sent', 'failed', 'dead'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/** What staff read for each status. */
export const outboxStatusLabels: Record<OutboxStatus, string> = {
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed, will retry',
  dead: 'Given up',
};

const MINUTE = 60_000;

/** The retry policy of failed sends (functions/services/mail/mail-delivery.ts, the every-5-minutes cron). */
export const MAIL_RETRY = {
  /** Wait after the 1st, 2nd and 3rd failed attempt; after the 4th attempt fails the message is dead. */
  delaysMs: [5 * MINUTE, 30 * MINUTE, 120 * MINUTE],
  /** A claimed message no sender finished (a Worker that died mid-send) is claimable again after this. */
  leaseMs: 10 * MINUTE,
  /** The most messages one cron run sends. */
  batchSize: 25,
} as const;

/** Attempts a message gets in all: the immediate send and one per delay. */
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY.delaysMs.length + 1;

/** Outbox rows are deleted this long after they were written (the daily retention job). */
export const OUTBOX_RETENTION_DAYS = RETENTION.outboxDays;

/** The statuses the back office lists (the failed-mail page). */
export const undeliveredStatuses = ['failed', 'dead'] as const satisfies readonly OutboxStatus[];

/** The back office's list query (schemas/admin/shared.ts listQuery) with the statuses this list has. */
export const undeliveredQuery = listQuery.extend({
  status: z.enum(undeliveredStatuses, 'status must be failed or dead').optional(),
});

/** One failed or dead message as staff see it. `to` and `subject` are null for editors (admins only). */
export const undeliveredMessageSchema = z.object({
  id: z.string(),
  status: z.enum(outboxStatuses),
  to: z.string().nullable(),
  subject: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  /** Why Retry is not offered, or null when it is. */
  retryBlocked: z.string().nullable(),
});
export type UndeliveredMessage = z.infer<typeof undeliveredMessageSchema>;

export const undeliveredPageSchema = z.object({
  items: z.array(undeliveredMessageSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** False for editors: recipients and subjects are hidden from them. */
  showsRecipients: z.boolean(),
});
export type UndeliveredPage = z.infer<typeof undeliveredPageSchema>;

export const retryResultSchema = z.object({
  success: z.literal(true),
  status: z.enum(outboxStatuses),
  message: z.string(),
});
export type RetryResult = z.infer<typeof retryResultSchema>;

/** Why a message cannot be resent from the back office. */
export const retryBlockedMessages = {
  oneTimeCode: 'One-time codes are never resent: the code was withdrawn, and the person asks for a new one.',
  bodyRemoved:
    'The text of this message was removed when it was given up (production keeps message text only while a retry is due), so it cannot be resent.',
} as const;

/** Messages of the retry action. */
export const retryMessages = {
  sent: 'The message was sent.',
  failed: 'The provider refused it again; the next retry is scheduled.',
  dead: 'The provider refused it again; the message is given up.',
  busy: 'This message is being sent right now, or is no longer failed. Reload the list.',
} as const;

/**
 * A file sent with a message. Only text files so far (a calendar invitation): `content` is the
 * text itself, which the outbox stores as it stores the body, and the transport encodes.
 */
export const mailAttachment = z.object({
  filename: z.string(),
  /** The full media type with its parameters, e.g. `text/calendar; charset=utf-8; method=REQUEST`. */
  contentType: z.string(),
  content: z.string(),
});
export type MailAttachment = z.infer<typeof mailAttachment>;

/** One message in the development mailbox (GET /api/dev/outbox, newest first). */
export const mailboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  /** Null once the body is cleared (settled messages keep no body unless configured to). */
  text: z.string().nullable(),
  html: z.string().nullable(),
  /** Files sent with it: name, media type and text. */
  attachments: z.array(mailAttachment),
  createdAt: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessage>;
export const mailboxResponse = z.array(mailboxMessage);
