import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns.ts';
import { jobApplicants } from './accounts.ts';

/**
 * A job seeker's saved search (keywords, category, location), e-mailed daily with the new jobs that
 * match it (functions/scheduled/job-alert-digest.ts). At most 10 per applicant (JOB_ALERT_LIMIT),
 * enforced by the insert itself.
 */
export const jobAlerts = sqliteTable(
  'job_alerts',
  {
    id: text('id').primaryKey(),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => jobApplicants.id, { onDelete: 'cascade' }),
    keywords: text('keywords'),
    category: text('category'),
    location: text('location'),
    /**
     * Jobs published up to this instant have been considered for this alert: it moves to the run's
     * time only once the digest has gone to the provider (or waits in the outbox for a retry), the
     * old value kept in `previous_digested_until`.
     */
    digestedUntil: integer('digested_until', { mode: 'timestamp_ms' }).notNull(),
    previousDigestedUntil: integer('previous_digested_until', { mode: 'timestamp_ms' }),
    /**
     * A digest run's claim, until this instant: taken in one conditional UPDATE (so a cron firing
     * twice, or two overlapping runs, send once) and cleared when the alert is digested. A run that
     * stopped before sending leaves it to lapse, and the alert is due again, its window unchanged.
     */
    digestClaimedUntil: integer('digest_claimed_until', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    index('job_alerts_applicant_idx').on(t.applicantId),
    index('job_alerts_digested_idx').on(t.digestedUntil),
  ],
);
