import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns.ts';
import { staff } from './accounts.ts';

export const paymentStatuses = ['requires_payment_method', 'processing', 'succeeded', 'canceled'] as const;

export const payments = sqliteTable('payments', {
  id: text('id').primaryKey(),
  intentId: text('intent_id').unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  payerName: text('payer_name').notNull(),
  payerEmail: text('payer_email').notNull(),
  status: text('status', { enum: paymentStatuses }).notNull().default('requires_payment_method'),
  /** Stripe's `created` of the last applied event, so older events never overwrite newer ones. */
  lastEventAt: integer('last_event_at'),
  ...timestamps,
}, (t) => [index('payments_created_idx').on(t.createdAt)]);

/** Webhook events already applied (replays change nothing). */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  ...timestamps,
});

/** Outgoing e-mail. In development this is the mailbox; in production, a delivery log. */
export const outbox = sqliteTable('outbox', {
  id: text('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  status: text('status', { enum: ['queued', 'sent', 'failed'] }).notNull().default('queued'),
  ...timestamps,
}, (t) => [index('outbox_to_idx').on(t.to, t.createdAt)]);

export const auditLog = sqliteTable('audit_log', {
  id: text('id').primaryKey(),
  staffId: text('staff_id').references(() => staff.id),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  before: text('before', { mode: 'json' }).$type<unknown>(),
  after: text('after', { mode: 'json' }).$type<unknown>(),
  ...timestamps,
}, (t) => [index('audit_created_idx').on(t.createdAt)]);

/** Fixed-window counters for rate limits, keyed by purpose and subject (address or account). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
  ...timestamps,
});

export const publishEventKinds = ['requested', 'hook', 'built'] as const;
export const hookOutcomes = ['calling', 'started', 'failed'] as const;

/**
 * Publishing, one row per event: 'requested' (staff pressed Publish), 'hook' (a deploy-hook call:
 * `outcome` calling → started or failed, `detail` says why it failed), 'built' (a build reported
 * itself done: the content version it was built from and the commit it deployed).
 */
export const publishEvents = sqliteTable('publish_events', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: publishEventKinds }).notNull(),
  staffId: text('staff_id').references(() => staff.id),
  outcome: text('outcome', { enum: hookOutcomes }),
  detail: text('detail'),
  contentVersion: integer('content_version'),
  commit: text('commit'),
  ...timestamps,
}, (t) => [index('publish_created_idx').on(t.createdAt), index('publish_kind_created_idx').on(t.kind, t.createdAt)]);

/**
 * The content version: how many content edits the database has seen. One row (id 1); a trigger
 * (migration 0005) adds one with every `content.*` audit entry, in the same transaction as the edit,
 * so a build knows exactly which edits it carries and nothing that writes content has to remember it.
 */
export const contentVersion = sqliteTable('content_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
});
