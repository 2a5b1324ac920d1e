import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publishEvents } from '../../db/schema/index.ts';
import { run } from './run.ts';
import { openLocalPlatform } from './platform.ts';

/** Rebuilds the static site from the local D1 and records a 'built' event dated at the build's start. */
export async function rebuildSite() {
  const startedAt = new Date();
  await run('astro', ['build']);
  await recordBuilt(startedAt);
}

export async function recordBuilt(at: Date) {
  const { db, dispose } = await openLocalPlatform();
  try {
    await db.insert(publishEvents).values({ id: crypto.randomUUID(), kind: 'built', createdAt: at, updatedAt: at });
  } finally {
    await dispose();
  }
}

async function latest(db: Db, kind: 'requested' | 'built') {
  const [row] = await db.select({ at: publishEvents.createdAt }).from(publishEvents).where(eq(publishEvents.kind, kind)).orderBy(desc(publishEvents.createdAt)).limit(1);
  return row?.at.getTime() ?? 0;
}

/**
 * `npm start`'s small publish watcher: every few seconds, if a publish was requested after the
 * last build, rebuild (one build at a time; requests during a build make one more build).
 */
export async function startPublishWatcher({ initialBuildAt, intervalMs = 5000 }: { initialBuildAt: Date; intervalMs?: number }) {
  await recordBuilt(initialBuildAt);
  let building = false;
  const tick = async () => {
    if (building) return;
    const { db, dispose } = await openLocalPlatform();
    let due = false;
    try {
      due = (await latest(db, 'requested')) > (await latest(db, 'built'));
    } finally {
      await dispose();
    }
    if (!due) return;
    building = true;
    console.log('[publish] rebuilding the site…');
    try {
      await rebuildSite();
      console.log('[publish] site rebuilt.');
    } catch (error) {
      console.error(`[publish] build failed: ${(error as Error).message}`);
    } finally {
      building = false;
    }
  };
  const timer = setInterval(() => void tick().catch((e: Error) => console.error(`[publish] ${e.message}`)), intervalMs);
  timer.unref();
}
