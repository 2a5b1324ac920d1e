import { openLocalPlatform } from './platform.ts';
import { readBuildSnapshot } from '#db/queries/build-snapshot.ts';

/**
 * The build's snapshot from the local D1 (development; production builds fetch it from the live
 * Worker instead: site/lib/snapshot.ts). Opened once per build; the proxy is closed before returning.
 */
export async function readCatalogSnapshot() {
  const { db, dispose } = await openLocalPlatform();
  try {
    return await readBuildSnapshot(db);
  } finally {
    await dispose();
  }
}
