import type { Db } from '#db/client.ts';

// Kept apart from index.ts: job modules import these, and index.ts imports the job modules (a cycle
// through index.ts would leave CRONS uninitialised while a job module is evaluated).

/** The crons declared in wrangler.toml `[triggers]`; keep the two in step. */
export const CRONS = {
  /** Every five minutes: mail retries, short housekeeping. */
  frequent: '*/5 * * * *',
  /** Once a day, 06:00 UTC: retention, digests, long housekeeping. */
  daily: '0 6 * * *',
} as const;

/**
 * One scheduled job (Cron Trigger). Each returns counts of what it did; the handler writes one log
 * line per run with them. Jobs must be idempotent: a cron may fire twice or be retried.
 */
export interface ScheduledJob {
  /** Short name for the log line, e.g. 'mail-retry'. */
  name: string;
  /** Which of wrangler.toml's `[triggers] crons` runs it (the exact cron string). */
  cron: (typeof CRONS)[keyof typeof CRONS];
  run(ctx: { env: Env; db: Db; now: Date }): Promise<Record<string, number>>;
}
