import { z } from 'zod';
import { searchText } from './common.ts';

/**
 * Job alerts: a job seeker's saved search (keywords, category, location), e-mailed daily with the
 * new jobs that match it, with a one-click unsubscribe (RFC 8058) that needs no sign-in.
 * `POST/GET /api/job-alerts`, `DELETE /api/job-alerts/{id}` (applicant token in `X-Applicant-Token`).
 */

import { JOB_ALERT_MESSAGES } from './job-alerts-text.ts';

export { JOB_ALERT_LIMIT, JOB_ALERT_MESSAGES, describeAlert } from './job-alerts-text.ts';

// A saved search: the same rule as the search box (control characters become spaces).
const field = (name: string) =>
  searchText(100, {
    notText: `${name} must be text`,
    tooLong: `${name} must be at most 100 characters`,
  }).optional();

export const jobAlertSchema = z
  .object({ keywords: field('Keywords'), category: field('Category'), location: field('Location') })
  .refine((a) => Boolean(a.keywords || a.category || a.location), JOB_ALERT_MESSAGES.empty);

export const jobAlertIdParam = z.object({ id: z.string().min(1).max(100) });

export const jobAlertDtoSchema = z.object({
  id: z.string(),
  keywords: z.string().nullable(),
  category: z.string().nullable(),
  location: z.string().nullable(),
  createdAt: z.string(),
});
export type JobAlertDto = z.infer<typeof jobAlertDtoSchema>;

export const jobAlertListSchema = z.object({
  success: z.literal(true),
  alerts: z.array(jobAlertDtoSchema),
  limit: z.number(),
});
export type JobAlertList = z.infer<typeof jobAlertListSchema>;

export const jobAlertCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  alert: jobAlertDtoSchema,
});
export type JobAlertCreated = z.infer<typeof jobAlertCreatedSchema>;

/** The unsubscribe link's query. */
export const unsubscribeQuery = z.object({ token: z.string().max(2000).optional() });
