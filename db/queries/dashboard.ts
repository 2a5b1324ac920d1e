import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as t from '../schema/index.ts';

type PipelineTable =
  typeof t.programApplications | typeof t.partnerRequests | typeof t.jobApplications | typeof t.payments;

/** One pipeline's rows counted by status. Generic, so `from` takes the one table it is given. */
async function byStatus<T extends PipelineTable>(db: Db, table: T) {
  const rows = await db.select({ status: table.status, n: count() }).from(table).groupBy(table.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** The admin dashboard's counts: unread inbox, partners awaiting approval, each pipeline by status. */
export async function dashboardCounts(db: Db) {
  const [[messages], [requests], [awaiting]] = await Promise.all([
    db.select({ n: count() }).from(t.contactMessages).where(eq(t.contactMessages.status, 'unread')),
    db.select({ n: count() }).from(t.assistanceRequests).where(eq(t.assistanceRequests.status, 'unread')),
    db
      .select({ n: count() })
      .from(t.partners)
      .where(and(eq(t.partners.isVerified, true), eq(t.partners.approvalStatus, 'pending'))),
  ]);
  return {
    inboxUnread: (messages?.n ?? 0) + (requests?.n ?? 0),
    partnersAwaiting: awaiting?.n ?? 0,
    // The response key keeps its published name (the back office reads it); the concept is applications.
    subscriptions: await byStatus(db, t.programApplications),
    partnerRequests: await byStatus(db, t.partnerRequests),
    jobApplications: await byStatus(db, t.jobApplications),
    payments: await byStatus(db, t.payments),
  };
}
