import { pruneExpiredSessions } from '#db/queries/sessions.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

/** Deletes sessions past their end (12 hours, or 7 days with remember me): requireAuth refuses them already. */
export const pruneSessions: ScheduledJob = {
  name: 'prune-sessions',
  cron: CRONS['prune-sessions'],
  run: async ({ db, now }) => ({ deleted: await pruneExpiredSessions(db, now.getTime()) }),
};
