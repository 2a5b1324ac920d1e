import { createDb, type Db } from '../../db/client.ts';
import { exchangeRatesJob } from './exchange-rates.ts';

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

/** The crons declared in wrangler.toml `[triggers]`; keep the two in step. */
export const CRONS = {
  /** Every five minutes: mail retries, short housekeeping. */
  frequent: '*/5 * * * *',
  /** Once a day, 06:00 UTC: retention, digests, long housekeeping. */
  daily: '0 6 * * *',
} as const;

/** Every job, in the order they run. Add a job by importing it and listing it here. */
export const jobs: ScheduledJob[] = [exchangeRatesJob];

/**
 * The Worker's `scheduled` handler: runs the jobs of the cron that fired. A failing job is logged
 * and does not stop the others.
 */
export async function runScheduled(cron: string, env: Env, now = new Date()) {
  const db = createDb(env.DB);
  const results: Record<string, Record<string, number> | { error: string }> = {};
  for (const job of jobs.filter((j) => j.cron === cron)) {
    try {
      results[job.name] = await job.run({ env, db, now });
    } catch (error) {
      results[job.name] = { error: error instanceof Error ? error.name : 'Error' };
    }
  }
  console.log(JSON.stringify({ type: 'scheduled', cron, at: now.toISOString(), results }));
  return results;
}
