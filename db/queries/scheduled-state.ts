import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { scheduledState } from '../schema/index.ts';

/** Where a scheduled job stopped last run (unknown: the job starts from the beginning). */
export async function readJobState(db: Db, job: string): Promise<unknown> {
  const [row] = await db
    .select({ state: scheduledState.state })
    .from(scheduledState)
    .where(eq(scheduledState.job, job));
  return row?.state;
}

/** Records where a job stopped, or forgets it (null) once the job has finished its pass. */
export async function writeJobState(db: Db, job: string, state: unknown, now: Date) {
  if (state === null) {
    await db.delete(scheduledState).where(eq(scheduledState.job, job));
    return;
  }
  await db
    .insert(scheduledState)
    .values({ job, state, updatedAt: now })
    .onConflictDoUpdate({ target: scheduledState.job, set: { state, updatedAt: now } });
}
