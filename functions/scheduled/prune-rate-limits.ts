import { pruneEnded } from '#db/queries/rate-limits.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

/** Deletes rate-limit counters whose window has ended (they would start afresh anyway). */
export const pruneRateLimits: ScheduledJob = {
  name: 'prune-rate-limits',
  cron: CRONS['prune-rate-limits'],
  run: async ({ db, now }) => ({ deleted: await pruneEnded(db, now.getTime()) }),
};
