import { createDb } from '#db/client.ts';
import { describeError, logLine } from '../lib/log.ts';
import type { ScheduledJob } from './cron.ts';
import { countedBucket, countedD1, countedFetch, isBudgetExhausted, RunBudget } from '../lib/call-budget.ts';
import { mailRetry } from './mail-retry.ts';
import { orphanedFiles } from './orphaned-files.ts';
import { outboxRetention } from './outbox-retention.ts';
import { expireUnverifiedAccounts } from './expire-unverified-accounts.ts';
import { pruneRateLimits } from './prune-rate-limits.ts';
import { pruneSessions } from './prune-sessions.ts';
import { jobAlertDigest } from './job-alert-digest.ts';
import { exchangeRatesJob } from './exchange-rates.ts';
import { consultationReminders } from './consultation-reminders.ts';
import { consultationRetention } from './consultation-retention.ts';
import { watch } from './watch.ts';
import { mergeAccountsJob } from './merge-accounts.ts';
import { ALERT_QUIET_MS, raiseAlert } from '../services/operations/alerts.ts';

export { CRONS, type ScheduledJob } from './cron.ts';
export { RunBudget } from '../lib/call-budget.ts';

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
  watch,
  consultationReminders,
  mergeAccountsJob,
  consultationRetention,
];

/** What one job's run came to: its counts, or the class of the error that stopped it. */
export type JobOutcome = Record<string, number> | { error: string };

/** A Cron Trigger that names no job: wrangler.toml and CRONS are out of step. */
export class UnknownCronError extends Error {
  constructor(cron: string) {
    super(`No scheduled job runs on the cron "${cron}" (schemas/schedule.ts CRONS)`);
    this.name = 'UnknownCronError';
  }
}

/**
 * Runs the job of the cron that fired, against a budget of calls (./budget.ts): its D1 and R2
 * bindings and its fetch count every call, and refuse one past the budget. Writes one log line with
 * the job's counts and the calls it made; a failing job's line carries its error. Never throws for a
 * job: the caller decides what a failure means (the Worker's handler fails the invocation).
 */
export async function runScheduled(
  cron: string,
  env: Env,
  now = new Date(),
  budget: RunBudget = new RunBudget(),
): Promise<Record<string, JobOutcome>> {
  const due = jobs.filter((j) => j.cron === cron);
  if (due.length === 0) {
    logLine('error', { type: 'scheduled-error', cron, job: null, error: 'UnknownCronError' });
    throw new UnknownCronError(cron);
  }
  const DB = countedD1(env.DB, budget);
  const counted: Env = { ...env, DB, FILES: countedBucket(env.FILES, budget) };
  const context = { env: counted, db: createDb(DB), now, fetch: countedFetch(budget), budget };
  const results: Record<string, JobOutcome> = {};
  for (const job of due) {
    try {
      results[job.name] = await job.run(context);
    } catch (error) {
      // A call past the budget is the job's own miscount: named as such, whatever wraps it.
      const described = describeError(error);
      const name = isBudgetExhausted(error) ? 'BudgetExhausted' : described.error;
      const { message } = described;
      results[job.name] = { error: name };
      logLine('error', { type: 'scheduled-error', cron, job: job.name, error: name, message });
    }
  }
  logLine('info', {
    type: 'scheduled',
    cron,
    at: now.toISOString(),
    results,
    calls: { ...budget.used },
    budget: { ...budget.limits },
  });
  return results;
}

/** Whether any job of a run failed. */
export const anyFailed = (results: Record<string, JobOutcome>) =>
  Object.values(results).some((r) => 'error' in r);

/** The error a failed run's invocation ends with, so Cron Events and Workers Logs show it failed. */
export class ScheduledRunFailed extends Error {
  constructor(cron: string, results: Record<string, JobOutcome>) {
    const failed = Object.entries(results).filter(([, r]) => 'error' in r);
    super(
      `Scheduled run ${cron} failed: ${failed.map(([name, r]) => `${name} (${(r as { error: string }).error})`).join(', ')}`,
    );
    this.name = 'ScheduledRunFailed';
  }
}

/**
 * Tells staff that a run failed: one alert for each failed job (one a job an hour, however often
 * its cron fires meanwhile), naming the job, its error's class and where to look. Its calls are
 * not the run's: a job stopped by its budget must still be reported.
 */
export async function alertFailedRun(env: Env, cron: string, results: Record<string, JobOutcome>) {
  for (const [job, outcome] of Object.entries(results)) {
    if (!('error' in outcome)) continue;
    await raiseAlert(env, {
      kind: 'cron-failed',
      subject: `Scheduled job ${job} failed`,
      lines: [
        `The scheduled job ${job} (cron "${cron}") failed with ${outcome.error} at ${new Date().toISOString()}.`,
        'Workers Logs: filter type = "scheduled-error" for its error line (job, error, masked message), and type = "scheduled" for each run\'s counts; Settings → Trigger Events lists the failed invocations.',
        'A job that ran out of its budget (BudgetExhausted) carries on at its next run; any other error repeats until it is fixed.',
        `No other alert about ${job} is sent for ${Math.round(ALERT_QUIET_MS / 60_000)} minutes.`,
      ],
      claims: [{ key: `cron-failed:${job}`, windowMs: ALERT_QUIET_MS }],
    });
  }
}
