// A stand-in for the production deploy hook, on loopback. Like Workers Builds' Deploy Hooks it
// answers the POST at once and builds afterwards; the build does what the shipped CI does, offline:
// `astro build` against SNAPSHOT_URL of the running production Worker (no local database read),
// into a separate folder swapped in when done (`wrangler deploy` in production; here the folder
// `wrangler dev --assets` serves), then reports the content version back (POST /api/build/done).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildAndSwap } from '../lib/publish.ts';
import { reportBuildDone } from '../lib/build-report.ts';

export interface HookBuild {
  startedAt: Date;
  done: Promise<{ contentVersion: number; seconds: number }>;
}

export async function startDeployHook(options: {
  snapshotUrl: string;
  buildToken: string;
  outDir: string;
  buildInfoFile: string;
  commit?: string;
  /** Production's origin, as the operator's wrangler.toml holds it (README step 4). */
  siteUrl: string;
  log: (text: string) => void;
}) {
  const builds: HookBuild[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const build = async () => {
    const started = performance.now();
    const { contentVersion } = await buildAndSwap({
      outDir: options.outDir,
      env: {
        SNAPSHOT_URL: options.snapshotUrl,
        BUILD_TOKEN: options.buildToken,
        BUILD_INFO_FILE: options.buildInfoFile,
        // As on a build machine: production's SITE_URL (here given as the operator's wrangler.toml
        // would hold it after README step 4) and no wrangler environment chosen (the top level).
        SITE_URL: options.siteUrl,
        CLOUDFLARE_ENV: '',
      },
      log: options.log,
    });
    await reportBuildDone(options.snapshotUrl, options.buildToken, {
      contentVersion,
      ...(options.commit ? { commit: options.commit } : {}),
    });
    return { contentVersion, seconds: (performance.now() - started) / 1000 };
  };
  const server = createServer((req, res) => {
    req.resume();
    if (req.method !== 'POST' || req.url !== '/deploy-hook') return void res.writeHead(404).end();
    // One build at a time, as a build queue would run them.
    const done = queue.then(build, build);
    queue = done.catch(() => undefined);
    builds.push({ startedAt: new Date(), done });
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ success: true, result: { build_uuid: crypto.randomUUID() } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/deploy-hook`,
    builds,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
