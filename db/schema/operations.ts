import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns.ts';
import { staff } from './accounts.ts';
import { paymentStatuses, refundStatuses } from '#schemas/payment-text.ts';
import { outboxStatuses, type MailAttachment } from '#schemas/mail.ts';

export { paymentStatuses, refundStatuses };

export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id').unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    payerName: text('payer_name').notNull(),
    payerEmail: text('payer_email').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('requires_payment_method'),
    /** Stripe's `created` of the last applied event, so older events never overwrite newer ones. */
    lastEventAt: integer('last_event_at'),
    /** What the payer pays against (an invoice or student number), up to 64 characters. */
    reference: text('reference'),
    /** Refunded, as Stripe confirmed it (minor units of `currency`): the sum of succeeded refunds. */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /** Held by refunds in flight or done: a refund is reserved here, in one conditional UPDATE, before Stripe is asked. */
    refundReserved: integer('refund_reserved').notNull().default(0),
    /** When Stripe confirmed the payment (the succeeded event's time). */
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    chargeId: text('charge_id'),
    paymentMethodType: text('payment_method_type'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Stripe's fee from the charge's balance transaction, in that transaction's (settlement) currency. */
    fee: integer('fee'),
    feeCurrency: text('fee_currency'),
    ...timestamps,
  },
  (t) => [
    index('payments_created_idx').on(t.createdAt),
    // Insight's weekly payments received.
    index('payments_paid_idx').on(t.status, t.paidAt),
  ],
);

/**
 * Refunds of a payment. A row is written (and its amount reserved on the payment) before Stripe is
 * asked; its id is the Stripe idempotency key and travels in the refund's metadata, so webhooks
 * find it. Refunds made in Stripe's dashboard arrive by webhook and get a row of their own.
 */
export const paymentRefunds = sqliteTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    /** Stripe's refund id (re_...), once Stripe has answered. */
    refundId: text('refund_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('requested'),
    reason: text('reason'),
    note: text('note'),
    failureReason: text('failure_reason'),
    staffId: text('staff_id').references(() => staff.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_refunds_refund_id_idx').on(t.refundId),
    index('payment_refunds_payment_idx').on(t.paymentId, t.createdAt),
  ],
);

/** Webhook events already applied (replays change nothing). */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  ...timestamps,
});

/**
 * Outgoing e-mail and its delivery state (functions/services/mail/mailer.ts; statuses in schemas/mail.ts).
 * Development keeps every body (the outbox is the mailbox); production keeps a body only while the
 * message waits for a retry (docs/decisions/005-outbox-bodies.md), so `text`, `html` and `headers`
 * are nullable.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    /** Extra message headers (e.g. List-Unsubscribe), JSON; kept and cleared with the body. */
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
    /** Files sent with the message (a calendar invitation), JSON; kept and cleared with the body. */
    attachments: text('attachments', { mode: 'json' }).$type<MailAttachment[]>(),
    status: text('status', { enum: outboxStatuses }).notNull().default('sending'),
    /** Delivery attempts made so far (the first is the immediate send). */
    attempts: integer('attempts').notNull().default(0),
    /** `failed`: when the next retry is due. `sending`: when the claim lapses (a sender that died). */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    /**
     * Replace `to` once the message is delivered or given up: the confirmation of an account's
     * erasure must reach the address, and then the address must not stay behind (docs/privacy.md).
     */
    forgetRecipient: integer('forget_recipient', { mode: 'boolean' }).notNull().default(false),
    /** False for a message that must never be resent late (a one-time code: it is withdrawn instead). */
    retryable: integer('retryable', { mode: 'boolean' }).notNull().default(true),
    /** Why the last attempt failed, in our words (`HTTP 503`, `timeout`): never the provider's body. */
    lastError: text('last_error'),
    /** The provider's message id, from its answer. */
    providerId: text('provider_id'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    /**
     * Whom a staff notification is about (`applicant:<id>`, `partner:<id>`, `email:<address>`;
     * db/queries/outbox.ts noticeAbout): an erasure finds the notices that name the person by it,
     * since production keeps no body to search once a message is delivered.
     */
    about: text('about'),
    ...timestamps,
  },
  (t) => [
    index('outbox_to_idx').on(t.to, t.createdAt),
    index('outbox_about_idx').on(t.about),
    // The retry claim: due rows of a status, oldest due first.
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The 30-day retention purge and the back office's newest-first list.
    index('outbox_created_idx').on(t.createdAt),
  ],
);

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    staffId: text('staff_id').references(() => staff.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: text('before', { mode: 'json' }).$type<unknown>(),
    after: text('after', { mode: 'json' }).$type<unknown>(),
    ...timestamps,
  },
  (t) => [index('audit_created_idx').on(t.createdAt)],
);

/** Fixed-window counters for rate limits, keyed by purpose and subject (address or account). */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull(),
    /** When the current window ends (epoch ms): the scheduled prune deletes rows past it. */
    expiresAt: integer('expires_at'),
    ...timestamps,
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

export const publishEventKinds = ['requested', 'hook', 'report', 'built'] as const;
export const hookOutcomes = ['calling', 'started', 'failed'] as const;
/** What a 'report' row says: the build's own word, or the Worker's when the build fell silent. */
export const reportOutcomes = ['building', 'waiting', 'failed', 'timed-out'] as const;

/**
 * Publishing, one row per event: 'requested' (staff pressed Publish), 'hook' (a deploy-hook call:
 * `outcome` calling → started or failed, `detail` says why it failed), 'report' (the build machine
 * said how the publish goes: `outcome` building, waiting for approval or failed, `detail` the step
 * it failed at, `log_url` its page; or the Worker recorded it 'timed-out' after a silence), 'built'
 * (a build reported itself done: the content version it was built from and the commit it deployed).
 */
export const publishEvents = sqliteTable(
  'publish_events',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: publishEventKinds }).notNull(),
    staffId: text('staff_id').references(() => staff.id),
    outcome: text('outcome', { enum: [...hookOutcomes, ...reportOutcomes] }),
    detail: text('detail'),
    logUrl: text('log_url'),
    contentVersion: integer('content_version'),
    commit: text('commit'),
    ...timestamps,
  },
  (t) => [
    index('publish_created_idx').on(t.createdAt),
    index('publish_kind_created_idx').on(t.kind, t.createdAt),
  ],
);

/**
 * The content version: how many content edits the database has seen. One row (id 1); a trigger
 * (migration 0005) adds one with every `content.*` audit entry, in the same transaction as the edit,
 * so a build knows exactly which edits it carries and nothing that writes content has to remember it.
 */
export const contentVersion = sqliteTable('content_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
});

/**
 * Versions of derived copies: a row per copy (`subjects-list`: the stored whole answer of GET
 * /api/subjects), raised by triggers (migration 0025) on every insert, update and delete of the rows
 * the copy is made from, whoever writes them (the back office, the seed, an import, a console
 * statement), in the same transaction as the change.
 */
export const derivedVersions = sqliteTable('derived_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull().default(0),
});

/**
 * Where a scheduled job that works through more than one run's budget stopped (docs/decisions/020):
 * one row a job, its position as JSON (the orphaned-files sweep: the prefix and the last key it
 * looked at), read at the start of the next run.
 */
export const scheduledState = sqliteTable('scheduled_state', {
  job: text('job').primaryKey(),
  state: text('state', { mode: 'json' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});
