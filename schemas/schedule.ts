// The scheduled jobs' Cron Triggers: read by the Worker (functions/scheduled/), the launch rehearsal
// and the browser tests that fire a job, and listed in wrangler.toml [triggers].

/**
 * Each job's own Cron Trigger (UTC): one job an invocation, so each has the whole per-invocation
 * budget and a failure names one job (docs/decisions/020-scheduled-work-in-budget.md). wrangler.toml
 * `[triggers] crons` lists exactly these (scripts/lib/schedule.test.ts checks both environments).
 * Every string is distinct: the handler (functions/scheduled/) knows the job by the cron that fired.
 */
export const CRONS = {
  /** Failed mail whose retry is due (5 min, 30 min, 2 h backoff). */
  'mail-retry': '*/5 * * * *',
  /** Rate-limit counters whose window has ended. */
  'prune-rate-limits': '1-59/5 * * * *',
  /**
   * The day's job alert digests: every 5 minutes from 06:00 to 17:55 UTC, each run as many as its
   * budget affords (about 120), so up to ~17,000 a day; an alert is due 20 hours after its last,
   * so its digest stays within the window, and one not reached today goes tomorrow, nothing lost.
   */
  'job-alert-digest': '2-59/5 6-17 * * *',
  /** Orphaned R2 objects: a budget's worth of listing an hour, resumed where the last run stopped. */
  'orphaned-files': '15 * * * *',
  'outbox-retention': '20 6 * * *',
  'expire-unverified-accounts': '25 6 * * *',
  'prune-sessions': '30 6 * * *',
  'exchange-rates': '35 6 * * *',
  /**
   * What no request reveals: a Publish that failed or never reported back, and (once a day) the
   * expiry of the GitHub token Publish uses. Raises alerts (functions/scheduled/watch.ts).
   */
  watch: '4-59/10 * * * *',
  /** Reminders of free consultations, 24 hours and 1 hour before, each only while on time. */
  'consultation-reminders': '3-59/5 * * * *',
  /** Accounts from before people existed, merged into one person each until none is left. */
  'merge-accounts': '6-59/10 * * * *',
  /** Free consultations past their keeping (schemas/retention.ts). */
  'consultation-retention': '40 6 * * *',
} as const;
