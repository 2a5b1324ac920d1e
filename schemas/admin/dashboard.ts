import { z } from 'zod';
import { publishStatusResponse } from '../build.ts';

/** Rows of each status in a pipeline, by status (only statuses that have rows). */
const countsByStatus = z.record(z.string(), z.number().int());

/** GET /api/admin/dashboard: editors see the publishing state only, admins the counts too. */
export const dashboardResponse = z.object({
  role: z.string(),
  publish: publishStatusResponse,
  inboxUnread: z.number().int().optional(),
  partnersAwaiting: z.number().int().optional(),
  subscriptions: countsByStatus.optional(),
  partnerRequests: countsByStatus.optional(),
  jobApplications: countsByStatus.optional(),
  payments: countsByStatus.optional(),
  /** Admins: settings that need a person before they break something (a deploy token about to expire). */
  warnings: z.array(z.object({ setting: z.string(), message: z.string() })).optional(),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
