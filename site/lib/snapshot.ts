import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { emptySnapshot, type BuildSnapshot } from '#schemas/build.ts';
import { fetchPagedSnapshot } from './snapshot-fetch.ts';

export type { BuildSnapshot };

/**
 * Where the build records the content version it rendered, for whoever deploys it to report back
 * (`npm run deploy`, the local publish): one small file outside dist/, so it is never served.
 */
export const buildInfoFile = () => resolve(process.env.BUILD_INFO_FILE ?? '.wrangler/build-info.json');

// The local reader runs in Node (wrangler's platform proxy over the local D1) and is imported by URL
// so that the Worker-side database code stays out of the site's type program and bundle.
// Resolved from the project root, not import.meta.url: pages that read the snapshot are bundled
// into dist/.prerender, where a path relative to this file no longer points at scripts/.
const readerUrl = new URL('scripts/lib/catalog-snapshot.ts', `file://${process.cwd()}/`).href;

/**
 * Production builds run on a build machine with no database: they fetch the snapshot from the live
 * Worker (SNAPSHOT_URL, with BUILD_TOKEN as the bearer), built there by the same query module, in
 * pages read side by side (site/lib/snapshot-fetch.ts).
 */
async function fetchSnapshot(url: string): Promise<BuildSnapshot> {
  const token = process.env.BUILD_TOKEN;
  if (!token)
    throw new Error('SNAPSHOT_URL is set but BUILD_TOKEN is not: the snapshot needs the build token');
  let responseBytes = 0;
  const snapshot = await fetchPagedSnapshot(url, async (pageUrl) => {
    const res = await fetch(pageUrl, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(60_000),
    });
    if (!res.ok)
      throw new Error(
        `GET ${pageUrl} answered HTTP ${res.status}${res.status === 401 ? ' (check BUILD_TOKEN)' : ''}`,
      );
    const text = await res.text();
    responseBytes = Math.max(responseBytes, Buffer.byteLength(text));
    return JSON.parse(text) as unknown;
  });
  console.log(`[snapshot] largest response ${(responseBytes / 1e6).toFixed(2)} MB`);
  return snapshot;
}

async function readLocal(): Promise<BuildSnapshot> {
  const reader = (await import(/* @vite-ignore */ readerUrl)) as {
    readCatalogSnapshot: () => Promise<BuildSnapshot>;
  };
  return reader.readCatalogSnapshot();
}

// Held on globalThis, not in this module: the content loaders and the pre-rendered pages load this
// module separately (the pages from their bundle), and both must see the same read, at one version.
const held = globalThis as typeof globalThis & { [key: symbol]: Promise<BuildSnapshot> | undefined };
const KEY = Symbol.for('bridgeway-global.build-snapshot');

/** The build's one read of the content, shared by every loader and page. */
export function getSnapshot(): Promise<BuildSnapshot> {
  const url = process.env.SNAPSHOT_URL;
  held[KEY] ??= (url ? fetchSnapshot(url) : readLocal())
    .then((s) => {
      mkdirSync(dirname(buildInfoFile()), { recursive: true });
      writeFileSync(
        buildInfoFile(),
        JSON.stringify({
          contentVersion: s.contentVersion,
          source: url ? 'snapshot-url' : 'local',
          readAt: new Date().toISOString(),
        }),
      );
      console.log(
        `[snapshot] content version ${s.contentVersion} from ${url ? new URL(url).origin : 'the local database'}`,
      );
      return s;
    })
    .catch((error: Error) => {
      // Type-checking (astro check) syncs content too; it needs the shapes, not the rows, so it may
      // run before the local database exists. A real build must not silently come out empty.
      if (process.env.SNAPSHOT_OPTIONAL !== '1') {
        throw new Error(
          url
            ? `Could not read the content snapshot: ${error.message}`
            : `Could not read the local database (run \`npm start\` or \`node scripts/prepare-db.ts\` first): ${error.message}`,
        );
      }
      console.warn(`[snapshot] no content yet, using empty collections: ${error.message}`);
      return emptySnapshot;
    });
  return held[KEY];
}
