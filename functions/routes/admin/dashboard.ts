import { Hono } from 'hono';
import { count, eq, and, sql } from 'drizzle-orm';
import type { AppEnv } from '../../lib/app-env.ts';
import * as t from '../../../db/schema/index.ts';
import { config } from '../../lib/config.ts';
import { readPublishStatus } from '../../../db/queries/publishing.ts';
import { staffOnly } from './shared.ts';
import type { DashboardResponse } from '../../../schemas/admin.ts';
import type { Wire } from '../../../schemas/responses.ts';

type Db = AppEnv['Variables']['db'];

async function byStatus(db: Db, table: typeof t.subscriptions | typeof t.partnerRequests | typeof t.jobApplications | typeof t.payments) {
  const rows = await db.select({ status: table.status, n: count() }).from(table as typeof t.subscriptions).groupBy(table.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** Counts for the dashboard; editors see only the publishing state (their work). */
export const adminDashboard = new Hono<AppEnv>()
  .use(staffOnly)
  .get('/', async (c) => {
    const db = c.var.db;
    const publish = await readPublishStatus(db, { hook: Boolean(config(c.env).deployHook) });
    c.header('Cache-Control', 'private, no-store');
    if (c.var.auth.role !== 'admin') return c.json({ role: c.var.auth.role, publish } satisfies Wire<DashboardResponse>);
    const [unread] = await db.all<{ n: number }>(sql`select (select count(*) from contact_messages where status = 'unread') + (select count(*) from assistance_requests where status = 'unread') as n`);
    const [awaiting] = await db.select({ n: count() }).from(t.partners).where(and(eq(t.partners.isVerified, true), eq(t.partners.approvalStatus, 'pending')));
    return c.json({
      role: c.var.auth.role,
      publish,
      inboxUnread: unread?.n ?? 0,
      partnersAwaiting: awaiting?.n ?? 0,
      subscriptions: await byStatus(db, t.subscriptions),
      partnerRequests: await byStatus(db, t.partnerRequests),
      jobApplications: await byStatus(db, t.jobApplications),
      payments: await byStatus(db, t.payments),
    } satisfies Wire<DashboardResponse>);
  });
