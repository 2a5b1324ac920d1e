import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { readPublishStatus } from '#db/queries/publishing.ts';
import { dashboardCounts } from '#db/queries/dashboard.ts';
import { deployTokenWarnings, readDeployTokenState } from '#functions/services/operations/deploy-token.ts';
import { staffOnly } from './shared.ts';
import type { DashboardResponse } from '#schemas/admin/index.ts';
import type { Wire } from '#schemas/responses.ts';

/** Counts for the dashboard; editors see only the publishing state (their work). */
export const adminDashboard = new Hono<AppEnv>().use(staffOnly).get('/', async (c) => {
  const db = c.var.db;
  const publish = await readPublishStatus(db, { mode: config(c.env).publishing });
  c.header('Cache-Control', 'private, no-store');
  if (c.var.auth.role !== 'admin')
    return c.json({ role: c.var.auth.role, publish } satisfies Wire<DashboardResponse>);
  return c.json({
    role: c.var.auth.role,
    publish,
    ...(await dashboardCounts(db)),
    // Admins hold the secrets: they see what needs replacing before Publish stops working.
    warnings: deployTokenWarnings(await readDeployTokenState(db, c.env), new Date()),
  } satisfies Wire<DashboardResponse>);
});
