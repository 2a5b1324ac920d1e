import type { Db } from '#db/client.ts';
import {
  fileReferences,
  imageReferenceQueries,
  imageReferences,
  KEYS_PER_QUERY,
  keysWithRows,
  lastBuildAt,
  type FilePrefix,
} from '#db/queries/files.ts';
import { RunBudget } from '../../lib/call-budget.ts';

/**
 * An object younger than this is never deleted: an upload stores the object first and writes its
 * row after (functions/services/files/files.ts), and an editor may upload an image well before saving the
 * content that shows it.
 */
export { ORPHAN_GRACE_MS } from '#schemas/retention.ts';
import { ORPHAN_GRACE_MS } from '#schemas/retention.ts';

export interface OrphanSweepCounts {
  /** Objects looked at. */
  listed: number;
  /** Within the grace period: left alone. */
  young: number;
  /** Still referenced by a row. */
  kept: number;
  deleted: number;
  /** Unreferenced images kept because the live pages were built before the last content change. */
  deferred: number;
}

/** Where a sweep stopped: the prefix it was in and the last key it looked at there. */
export interface SweepPosition {
  prefix: FilePrefix;
  startAfter: string | null;
}

const prefixes = Object.keys(fileReferences) as FilePrefix[];

/** Whether a stored position is one this code can resume from (a prefix may have been renamed since). */
export const isSweepPosition = (value: unknown): value is SweepPosition =>
  typeof value === 'object' &&
  value !== null &&
  prefixes.includes((value as SweepPosition).prefix) &&
  ((value as SweepPosition).startAfter === null || typeof (value as SweepPosition).startAfter === 'string');

/**
 * Deletes R2 objects whose rows are gone (a document or CV whose row was deleted, an image no content
 * shows any more), under the prefixes the schema references (db/queries/files.ts); objects under any
 * other prefix are never touched. Pages through R2's list in key order, `pageSize` keys a page.
 *
 * With a budget (the Cron run's) it lists only the pages the budget affords and returns where it
 * stopped (`position`); the next run passes that back as `from` and carries on. `position` is null
 * once a pass has reached the end of the last prefix.
 *
 * Images: the live pages are static HTML built at the last Publish and may still show an image the
 * database no longer mentions; unreferenced images are deleted only when the last build is newer
 * than the last content change.
 */
export async function deleteOrphanedFiles(
  db: Db,
  bucket: R2Bucket,
  now: Date,
  options: { pageSize?: number; budget?: RunBudget; from?: SweepPosition | null } = {},
): Promise<OrphanSweepCounts & { position: SweepPosition | null }> {
  const pageSize = options.pageSize ?? 1000;
  const budget = options.budget ?? new RunBudget({ queries: Infinity, subrequests: Infinity });
  // A page: its list and its delete, and the statements that check its keys against the rows.
  const pageCost = { subrequests: 2, queries: Math.ceil(pageSize / KEYS_PER_QUERY) };
  const imagesCost = { ...pageCost, queries: imageReferenceQueries() + 1 };
  const cutoff = now.getTime() - ORPHAN_GRACE_MS;
  const counts: OrphanSweepCounts = { listed: 0, young: 0, kept: 0, deleted: 0, deferred: 0 };
  let images: Awaited<ReturnType<typeof imageReferences>> | undefined;
  let imagesLive = false;

  const first = options.from ? Math.max(0, prefixes.indexOf(options.from.prefix)) : 0;
  let startAfter = options.from?.startAfter ?? null;
  for (const prefix of prefixes.slice(first)) {
    for (;;) {
      // One statement kept back: the caller records where the sweep stopped.
      if (!budget.affords(prefix === 'images/' && !images ? imagesCost : pageCost, { queries: 1 }))
        return { ...counts, position: { prefix, startAfter } };
      const listing = await bucket.list({ prefix, limit: pageSize, ...(startAfter && { startAfter }) });
      counts.listed += listing.objects.length;
      const old = listing.objects.filter((o) => o.uploaded.getTime() <= cutoff).map((o) => o.key);
      counts.young += listing.objects.length - old.length;
      let referenced: Set<string>;
      if (prefix === 'images/') {
        if (!images && old.length > 0) {
          images = await imageReferences(db);
          const built = await lastBuildAt(db);
          imagesLive = built !== null && built.getTime() >= images.lastContentChange.getTime();
        }
        referenced = images?.keys ?? new Set();
      } else {
        referenced = await keysWithRows(db, prefix, old);
      }
      const orphans = old.filter((key) => !referenced.has(key));
      counts.kept += old.length - orphans.length;
      if (prefix === 'images/' && !imagesLive) {
        counts.deferred += orphans.length;
      } else if (orphans.length > 0) {
        // One call deletes up to 1,000 keys (R2's limit), which a page never exceeds.
        await bucket.delete(orphans);
        counts.deleted += orphans.length;
      }
      const last = listing.objects.at(-1);
      if (!listing.truncated || !last) break;
      // Key order: resuming after the last key listed skips nothing (a deleted key is behind it).
      startAfter = last.key;
    }
    startAfter = null;
  }
  return { ...counts, position: null };
}
