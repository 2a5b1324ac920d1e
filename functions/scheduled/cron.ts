import type { Db } from '#db/client.ts';
import type { RunBudget } from '../lib/call-budget.ts';

// Kept apart from index.ts: job modules import these, and index.ts imports the job modules (a cycle
// through index.ts would leave CRONS uninitialised while a job module is evaluated).

export { CRONS } from '#schemas/schedule.ts';

/** What a job is handed: the Worker's bindings (D1 and R2 counted), a counted fetch and the budget. */
export interface JobContext {
  env: Env;
  db: Db;
  now: Date;
  /** fetch() for calls out of the Worker (the mail provider, a rates feed): each one is counted. */
  fetch: typeof fetch;
  budget: RunBudget;
}

/**
 * One scheduled job (Cron Trigger). Each returns counts of what it did; the handler writes one log
 * line per run with them and the calls the run made. Jobs must be idempotent (a cron may fire twice
 * or be retried) and resumable: a run that reaches its budget stops, and the next run carries on.
 */
export interface ScheduledJob {
  /** Short name for the log line, e.g. 'mail-retry' (a key of CRONS). */
  name: string;
  /** The Cron Trigger that runs it: CRONS[name]. */
  cron: string;
  run(ctx: JobContext): Promise<Record<string, number>>;
}
