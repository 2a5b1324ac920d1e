import { readJobState, writeJobState } from '#db/queries/scheduled-state.ts';
import { deleteOrphanedFiles, isSweepPosition } from '../services/files/orphaned-files.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

/**
 * Hourly: R2 objects whose rows are gone are deleted, after a 24-hour grace period. Each run lists
 * as many pages as its budget affords, starting where the last run stopped (scheduled_state), so a
 * bucket larger than one run's budget is still swept end to end.
 */
export const orphanedFiles: ScheduledJob = {
  name: 'orphaned-files',
  cron: CRONS['orphaned-files'],
  async run({ db, env, now, budget }) {
    const stored = await readJobState(db, 'orphaned-files');
    const from = isSweepPosition(stored) ? stored : null;
    const { position, ...counts } = await deleteOrphanedFiles(db, env.FILES, now, { budget, from });
    if (position || from) await writeJobState(db, 'orphaned-files', position, now);
    return { ...counts, resumed: from ? 1 : 0, unfinished: position ? 1 : 0 };
  },
};
