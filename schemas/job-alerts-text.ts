// The words of job alerts, without zod: islands import them (the list, the save dialog) without
// pulling the validation library into pages that only show alerts (schemas/job-alerts.ts re-exports them).

/** The most alerts one person keeps. */
export const JOB_ALERT_LIMIT = 10;

export const JOB_ALERT_MESSAGES = {
  created: 'Job alert saved. We will e-mail you new jobs that match it once a day.',
  deleted: 'Job alert deleted.',
  limit: `You can keep up to ${JOB_ALERT_LIMIT} job alerts. Delete one to save another.`,
  empty: 'Search for something (keywords, a category or a location) before saving it as an alert.',
  notFound: 'Job alert not found',
} as const;

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
