import { createDb } from '#db/client.ts';
import { describeError, logLine } from '../lib/log.ts';
import type { ScheduledJob } from './cron.ts';
import { mailRetry } from './mail-retry.ts';
import { orphanedFiles } from './orphaned-files.ts';
import { outboxRetention } from './outbox-retention.ts';
import { expireUnverifiedAccounts } from './expire-unverified-accounts.ts';
import { pruneRateLimits } from './prune-rate-limits.ts';
import { pruneSessions } from './prune-sessions.ts';
import { jobAlertDigest } from './job-alert-digest.ts';
import { exchangeRatesJob } from './exchange-rates.ts';

export { CRONS, type ScheduledJob } from './cron.ts';

/** Every job, in the order they run. Add a job by importing it and listing it here. */
export const jobs: ScheduledJob[] = [
  mailRetry,
  outboxRetention,
  orphanedFiles,
  pruneRateLimits,
  expireUnverifiedAccounts,
  pruneSessions,
  jobAlertDigest,
  exchangeRatesJob,
];

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
      const { error: name, message } = describeError(error);
      results[job.name] = { error: name };
      logLine('error', { type: 'scheduled-error', cron, job: job.name, error: name, message });
    }
  }
  logLine('info', { type: 'scheduled', cron, at: now.toISOString(), results });
  return results;
}
