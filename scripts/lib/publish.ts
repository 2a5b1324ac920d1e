import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publishEvents } from '../../db/schema/index.ts';
import { run } from './run.ts';
import { openLocalPlatform } from './platform.ts';

/** Rebuilds the static site from the local D1 and records a 'built' event dated at the build's start. */
export async function rebuildSite(db?: Db) {
  const startedAt = new Date();
  await run('astro', ['build']);
  if (db) return recordBuilt(db, startedAt);
  const platform = await openLocalPlatform();
  try {
    await recordBuilt(platform.db, startedAt);
  } finally {
    await platform.dispose();
  }
}

const recordBuilt = (db: Db, at: Date) => db.insert(publishEvents).values({ id: crypto.randomUUID(), kind: 'built', createdAt: at, updatedAt: at });

async function latest(db: Db, kind: 'requested' | 'built') {
  const [row] = await db.select({ at: publishEvents.createdAt }).from(publishEvents).where(eq(publishEvents.kind, kind)).orderBy(desc(publishEvents.createdAt)).limit(1);
  return row?.at.getTime() ?? 0;
}

/**
 * `npm start`'s small publish watcher: every few seconds, if a publish was requested after the
 * last build, rebuild (one build at a time; requests during a build make one more build).
 */
export function startPublishWatcher(options: { initialBuildAt: Date; readyUrl: string; intervalMs?: number }) {
  void watch(options).catch((error: Error) => console.error(`[publish] watcher stopped: ${error.message}`));
}

async function watch({ initialBuildAt, readyUrl, intervalMs = 5000 }: { initialBuildAt: Date; readyUrl: string; intervalMs?: number }) {
  // A platform proxy opened while wrangler dev starts takes sockets it needs: wait until it serves.
  for (;;) {
    const ok = await fetch(readyUrl).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  // One platform proxy for the watcher's life: polling reads the same local D1 wrangler dev writes.
  const { db, dispose } = await openLocalPlatform();
  process.once('exit', () => void dispose());
  await recordBuilt(db, initialBuildAt);
  let building = false;
  const tick = async () => {
    if (building) return;
    const due = (await latest(db, 'requested')) > (await latest(db, 'built'));
    if (!due) return;
    building = true;
    console.log('[publish] rebuilding the site…');
    try {
      await rebuildSite(db);
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
