// A stand-in for the production deploy hook, on loopback. Like GitHub's repository_dispatch (and
// Workers Builds' Deploy Hooks) it answers the POST at once and builds afterwards; the build does
// what the shipped workflow does, offline: it reads which environment the Publish named
// (scripts/lib/deploy-target.ts, the workflow's first job), runs `astro build` against SNAPSHOT_URL
// of the running production Worker (no local database read) into the folder a deploy uploads, then
// deploys through scripts/lib/deploy-steps.ts (bookmark, migrations, `wrangler deploy`, the undo
// commands printed) against the stand-in for Cloudflare (./cloud.ts), and reports the content
// version back (POST /api/build/done).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import { run } from '../lib/run.ts';
import { reportBuildDone } from '../lib/build-report.ts';
import { deployTarget } from '../lib/deploy-target.ts';
import { deployWithUndo, type UndoRecord, type Wrangler } from '../lib/deploy-steps.ts';
import type { DeployTarget } from '#schemas/build.ts';

export interface HookBuild {
  startedAt: Date;
  /** The environment the Publish named (the hook's body). */
  target: Promise<DeployTarget>;
  done: Promise<{ contentVersion: number; seconds: number; undo: UndoRecord; printed: string }>;
}

export async function startDeployHook(options: {
  snapshotUrl: string;
  buildToken: string;
  /** The folder the build writes and the deploy uploads. */
  buildDir: string;
  buildInfoFile: string;
  wrangler: Wrangler;
  commit?: string;
  /** Production's origin, as the operator's wrangler.toml holds it (docs/deploying.md step 4). */
  siteUrl: string;
  log: (text: string) => void;
}) {
  const builds: HookBuild[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const build = async (target: DeployTarget) => {
    // The stand-in for Cloudflare is production's: anything else would deploy the wrong Worker.
    if (target !== 'production') throw new Error(`the rehearsal deploys production only, not ${target}`);
    const started = performance.now();
    rmSync(options.buildDir, { recursive: true, force: true });
    rmSync(options.buildInfoFile, { force: true });
    await run(
      'astro',
      ['build', '--outDir', options.buildDir],
      {
        SNAPSHOT_URL: options.snapshotUrl,
        BUILD_TOKEN: options.buildToken,
        BUILD_INFO_FILE: options.buildInfoFile,
        // As on a build machine: production's SITE_URL (here given as the operator's wrangler.toml
        // would hold it after docs/deploying.md step 4) and no wrangler environment chosen (the top level).
        SITE_URL: options.siteUrl,
        CLOUDFLARE_ENV: '',
      },
      options.log,
    );
    const { contentVersion } = JSON.parse(readFileSync(options.buildInfoFile, 'utf8')) as {
      contentVersion: number;
    };
    let printed = '';
    const undo = await deployWithUndo({
      wrangler: options.wrangler,
      envArgs: [],
      commit: options.commit,
      log: (line) => {
        printed += `${line}\n`;
        options.log(`${line}\n`);
      },
    });
    await reportBuildDone(options.snapshotUrl, options.buildToken, {
      contentVersion,
      ...(options.commit ? { commit: options.commit } : {}),
    });
    return { contentVersion, seconds: (performance.now() - started) / 1000, undo, printed };
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/deploy-hook') return void res.writeHead(404).end();
      // The workflow's first job: which environment this Publish deploys (refused: nothing built).
      const target = Promise.resolve().then(() => deployTarget('repository_dispatch', JSON.parse(body)));
      // One build at a time, as a build queue would run them.
      const done = queue.then(
        () => target.then(build),
        () => target.then(build),
      );
      queue = done.catch(() => undefined);
      builds.push({ startedAt: new Date(), target, done });
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ success: true, result: { build_uuid: crypto.randomUUID() } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/deploy-hook`,
    builds,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
