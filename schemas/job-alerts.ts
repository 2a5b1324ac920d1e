import { z } from 'zod';

/**
 * Job alerts: a job seeker's saved search (keywords, category, location), e-mailed daily with the
 * new jobs that match it, with a one-click unsubscribe (RFC 8058) that needs no sign-in.
 * `POST/GET /api/job-alerts`, `DELETE /api/job-alerts/{id}` (applicant token in `X-Applicant-Token`).
 */

/** The most alerts one person keeps. */
export const JOB_ALERT_LIMIT = 10;

export const JOB_ALERT_MESSAGES = {
  created: 'Job alert saved. We will e-mail you new jobs that match it once a day.',
  deleted: 'Job alert deleted.',
  limit: `You can keep up to ${JOB_ALERT_LIMIT} job alerts. Delete one to save another.`,
  empty: 'Search for something (keywords, a category or a location) before saving it as an alert.',
  notFound: 'Job alert not found',
} as const;

const field = (name: string) =>
  z.string(`${name} must be text`).trim().max(100, `${name} must be at most 100 characters`).optional();

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

/** "nurse in Healthcare near London": how an alert reads in lists and e-mails. */
export function describeAlert(a: {
  keywords: string | null;
  category: string | null;
  location: string | null;
}) {
  const parts = [
    a.keywords ? `"${a.keywords}"` : 'All jobs',
    a.category ? `in ${a.category}` : '',
    a.location ? `near ${a.location}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}
