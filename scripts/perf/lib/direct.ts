// Runs the built Worker in workerd through the Miniflare API, without `wrangler dev`'s proxy layer,
// so a benchmark measures the Worker rather than the dev proxy in front of it.
//
// `wrangler dev` runs two Miniflare instances: a proxy Worker (which holds requests while it
// rebuilds, injects the live-reload script and forwards every request) in front of the user Worker.
// Here the same bundle `wrangler deploy` would upload (`wrangler deploy --dry-run --outdir`) runs in
// one Miniflare instance, and clients talk to workerd's own socket. Miniflare is the copy wrangler
// itself depends on (same workerd build as `wrangler dev`), deliberately not a separate dependency
// whose version could drift from it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isUp, type RunningServer } from './server.ts';
import { readWranglerConfig } from '#scripts/lib/wrangler-config.ts';
import { parseDevVars } from '#scripts/lib/dev-vars.ts';

/** The wrangler.toml settings the Worker needs (top level), read by wrangler's own config reader. */
function wranglerConfig() {
  const config = readWranglerConfig();
  const d1 = config.d1_databases.find((d) => d.binding === 'DB');
  const bucket = config.r2_buckets.find((b) => b.binding === 'FILES');
  if (!config.compatibility_date || !d1?.database_id || !bucket?.bucket_name)
    throw new Error('wrangler.toml lacks compatibility_date, the DB database_id or the FILES bucket_name');
  return {
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    vars: Object.fromEntries(
      Object.entries(config.vars).filter((e): e is [string, string] => typeof e[1] === 'string'),
    ),
    d1Id: d1.database_id,
    bucket: bucket.bucket_name,
  };
}

/** Local secrets (.dev.vars, KEY=value lines), as wrangler dev would load them. */
function devVars(file = '.dev.vars') {
  return existsSync(file) ? parseDevVars(readFileSync(file, 'utf8')) : {};
}

/** Bundles the Worker exactly as `wrangler deploy` would, without uploading it. */
export function bundleWorker(outdir = '.wrangler/load-direct/bundle') {
  if (!existsSync('dist')) mkdirSync('dist');
  const r = spawnSync('wrangler', ['deploy', '--dry-run', '--outdir', outdir], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, CI: 'true' },
  });
  if (r.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${r.stderr?.toString()}`);
  return join(outdir, 'index.js');
}

/**
 * Serves the bundled Worker on 127.0.0.1:port, bound to the same local D1/R2 state wrangler dev
 * uses for `persistTo` (its `v3` folder, same database id, so the same SQLite file). Never run it
 * beside a wrangler dev on the same state: two workerd processes would share one SQLite file.
 */
export async function startDirect({
  port,
  persistTo = '.wrangler/state',
  bindings = {},
}: {
  port: number;
  persistTo?: string;
  bindings?: Record<string, string>;
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  if (await isUp(url)) throw new Error(`Port ${port} is already in use.`);
  const config = wranglerConfig();
  const script = resolve(bundleWorker());
  // wrangler's own miniflare (nested under it when another package pins a different one).
  const fromWrangler = createRequire(createRequire(import.meta.url).resolve('wrangler'));
  const { Miniflare, convertV4MiniflareOptions } = (await import(
    pathToFileURL(fromWrangler.resolve('miniflare')).href
  )) as typeof import('miniflare');
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port,
      workers: [
        {
          name: 'bridgeway-global',
          modules: [{ type: 'ESModule', path: script }],
          compatibilityDate: config.compatibilityDate,
          compatibilityFlags: config.compatibilityFlags,
          // A local tool: development on a loopback URL (wrangler.toml's top level is production).
          bindings: {
            ...config.vars,
            ...devVars(),
            ENVIRONMENT: 'development',
            SITE_URL: url,
            ...(process.env.EDGE_CACHE_SECONDS !== undefined
              ? { EDGE_CACHE_SECONDS: process.env.EDGE_CACHE_SECONDS }
              : {}),
            ...bindings,
          },
          d1Databases: { DB: config.d1Id },
          r2Buckets: { FILES: config.bucket },
        },
      ],
      resourcePersistencePath: resolve(persistTo, 'v3'),
      logRequests: false,
    }),
  );
  await mf.ready;
  if (!(await isUp(url))) {
    await mf.dispose();
    throw new Error(`The Worker did not answer on ${url}`);
  }
  let stopped = false;
  return {
    url,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await mf.dispose();
    },
  };
}
