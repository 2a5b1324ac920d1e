import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import type { Db } from '#db/client.ts';
import { insertBuildReport, insertBuilt, localRequestDue } from '#db/queries/publishing.ts';
import { run } from './run.ts';
import { openLocalPlatform } from './platform.ts';

export interface BuildOptions {
  /** The folder the Worker serves (wrangler.toml [assets] directory, or `wrangler dev --assets`). */
  outDir?: string;
  /** Extra environment for `astro build`: SITE_URL, SNAPSHOT_URL and BUILD_TOKEN, ... */
  env?: Record<string, string | undefined>;
  /** Where the build's output goes (default: this terminal). */
  log?: (text: string) => void;
}

/**
 * Builds the site into a folder of its own and swaps it in when the build has succeeded, so the
 * served folder is never half-written (wrangler dev notices the new folder and reloads) and a
 * failed build leaves the old site in place. Returns the content version the build rendered.
 */
export async function buildAndSwap({ outDir = 'dist', env = {}, log }: BuildOptions = {}) {
  const next = `${outDir}.next`;
  const old = `${outDir}.old`;
  const infoFile = env.BUILD_INFO_FILE ?? process.env.BUILD_INFO_FILE ?? '.wrangler/build-info.json';
  rmSync(next, { recursive: true, force: true });
  rmSync(infoFile, { force: true });
  await run('astro', ['build', '--outDir', next], { ...env, BUILD_INFO_FILE: infoFile }, log);
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as { contentVersion: number };
  // Two renames: the folder is missing only between them (microseconds), never partly written.
  rmSync(old, { recursive: true, force: true });
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(next, outDir);
  rmSync(old, { recursive: true, force: true });
  return { contentVersion: info.contentVersion };
}

/** The local site's origin for a rebuild: SITE_URL from the shell, else npm start's. */
export const localSiteUrl = () => process.env.SITE_URL || `http://127.0.0.1:${process.env.PORT ?? '8787'}`;

/**
 * Rebuilds the static site from the local D1 and records a 'built' event dated at the build's start
 * (edits saved during the build still show as waiting), with the content version it rendered. A
 * build that fails is recorded too, dated the same way, so the back office says it failed at the
 * build step instead of "a rebuild is on its way" for ever; the error is thrown on.
 */
export async function rebuildSite(db?: Db, options: { siteUrl?: string } = {}) {
  const startedAt = new Date();
  let outcome: { contentVersion: number } | { error: unknown };
  try {
    outcome = await buildAndSwap({
      // ASSETS_DIR: the folder the local Worker serves when it is not dist/ (a browser-test stack's
      // own copy, `wrangler dev --assets`: scripts/lib/e2e-stacks.ts).
      outDir: process.env.ASSETS_DIR || undefined,
      env: { SITE_URL: options.siteUrl ?? localSiteUrl() },
    });
  } catch (error) {
    outcome = { error };
  }
  const record = (into: Db) =>
    'error' in outcome
      ? insertBuildReport(into, { outcome: 'failed', step: 'build', at: startedAt })
      : recordBuilt(into, startedAt, outcome.contentVersion);
  if (db) await record(db);
  else {
    const platform = await openLocalPlatform();
    try {
      await record(platform.db);
    } finally {
      await platform.dispose();
    }
  }
  if ('error' in outcome) throw outcome.error;
}

const recordBuilt = (db: Db, at: Date, contentVersion: number | null) =>
  insertBuilt(db, { contentVersion, at });

/**
 * `npm start`'s small publish watcher: every few seconds, if a publish was requested after the
 * last build, rebuild (one build at a time; requests during a build make one more build).
 */
export function startPublishWatcher(options: {
  initialBuild: { at: Date; contentVersion: number | null };
  readyUrl: string;
  siteUrl: string;
  intervalMs?: number;
}) {
  void watch(options).catch((error: Error) => console.error(`[publish] watcher stopped: ${error.message}`));
}

async function watch({
  initialBuild,
  readyUrl,
  siteUrl,
  intervalMs = 5000,
}: Parameters<typeof startPublishWatcher>[0]) {
  // A platform proxy opened while wrangler dev starts takes sockets it needs: wait until it serves.
  for (;;) {
    const ok = await fetch(readyUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 2000));
  }
  // One platform proxy for the watcher's life: polling reads the same local D1 wrangler dev writes.
  const { db, dispose } = await openLocalPlatform();
  process.once('exit', () => void dispose());
  await recordBuilt(db, initialBuild.at, initialBuild.contentVersion);
  let building = false;
  const tick = async () => {
    if (building) return;
    // A request newer than the last build and the last failed one: a failing build waits for the
    // next Publish instead of running again every few seconds.
    if (!(await localRequestDue(db))) return;
    building = true;
    console.log('[publish] rebuilding the site…');
    try {
      await rebuildSite(db, { siteUrl });
      console.log('[publish] site rebuilt.');
    } catch (error) {
      console.error(`[publish] build failed: ${(error as Error).message}`);
    } finally {
      building = false;
    }
  };
  const timer = setInterval(
    () => void tick().catch((e: Error) => console.error(`[publish] ${e.message}`)),
    intervalMs,
  );
  timer.unref();
}
