import type { Db } from '#db/client.ts';
import {
  fileReferences,
  imageReferences,
  keysWithRows,
  lastBuildAt,
  type FilePrefix,
} from '#db/queries/files.ts';

/**
 * An object younger than this is never deleted: an upload stores the object first and writes its
 * row after (functions/services/files.ts), and an editor may upload an image well before saving the
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

/**
 * Deletes R2 objects whose rows are gone (a document or CV whose row was deleted, an image no content
 * shows any more), under the prefixes the schema references (db/queries/files.ts); objects under any
 * other prefix are never touched. Pages through R2's list with its cursor, at most `maxPages` pages
 * of `pageSize` per prefix a run (the next run carries on: deleted objects no longer fill pages).
 *
 * Images: the live pages are static HTML built at the last Publish and may still show an image the
 * database no longer mentions; unreferenced images are deleted only when the last build is newer
 * than the last content change.
 */
export async function deleteOrphanedFiles(
  db: Db,
  bucket: R2Bucket,
  now: Date,
  options: { pageSize?: number; maxPages?: number } = {},
) {
  const pageSize = options.pageSize ?? 1000;
  const maxPages = options.maxPages ?? 50;
  const cutoff = now.getTime() - ORPHAN_GRACE_MS;
  const counts: OrphanSweepCounts = { listed: 0, young: 0, kept: 0, deleted: 0, deferred: 0 };
  let images: Awaited<ReturnType<typeof imageReferences>> | undefined;
  let imagesLive = false;

  for (const prefix of Object.keys(fileReferences) as FilePrefix[]) {
    let cursor: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const listing = await bucket.list({ prefix, limit: pageSize, ...(cursor && { cursor }) });
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
      if (!listing.truncated) break;
      cursor = listing.cursor;
    }
  }
  return counts;
}
