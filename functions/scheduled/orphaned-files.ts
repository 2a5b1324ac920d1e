import { deleteOrphanedFiles } from '../services/orphaned-files.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

/** Daily: R2 objects whose rows are gone are deleted, after a 24-hour grace period. */
export const orphanedFiles: ScheduledJob = {
  name: 'orphaned-files',
  cron: CRONS.daily,
  run: async ({ db, env, now }) => ({ ...(await deleteOrphanedFiles(db, env.FILES, now)) }),
};
