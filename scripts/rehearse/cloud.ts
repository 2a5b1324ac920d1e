// An offline stand-in for the Cloudflare account a deploy talks to: it answers the wrangler commands
// of scripts/lib/deploy-steps.ts (the same code `npm run deploy` and `npm run rollback` run) on this
// machine, so the rehearsal deploys, and rolls back, through that code and the very commands it
// prints:
//   - `deploy` keeps the uploaded build as a new version and swaps it into the folder the Worker's
//     `wrangler dev --assets` serves (each version its own assets, as on Cloudflare);
//   - `deployments status --json` names the version live;
//   - `rollback <version>` swaps that version's files back in;
//   - `d1 time-travel info --json` keeps a copy of the Worker's local D1 as the bookmark, and
//     `d1 time-travel restore --bookmark=…` puts it back (the Worker stopped meanwhile);
//   - `d1 migrations apply DB --remote` applies the migrations to the local D1.
// Production only (no `--env`): it stands in for one Worker.
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Wrangler } from '../lib/deploy-steps.ts';

export interface StandInCloud {
  wrangler: Wrangler;
  /** The version serving now. */
  live: () => string | null;
  /** Every command it answered, in order. */
  commands: string[][];
}

export function standInCloud(options: {
  /** The folder the Worker serves (`wrangler dev --assets`). */
  assetsDir: string;
  /** The folder `wrangler deploy` uploads (wrangler.toml's assets directory, for the real one). */
  uploadDir: () => string;
  /** Where versions and bookmarks are kept. */
  stateDir: string;
  /** The Worker's local D1 folder (under its --persist-to). */
  d1Dir: string;
  migrate: () => Promise<void>;
  /** Stops the Worker, runs `meanwhile`, starts it again. */
  restartWorker: (meanwhile: () => Promise<void> | void) => Promise<void>;
}): StandInCloud {
  const versions = join(options.stateDir, 'versions');
  const bookmarks = join(options.stateDir, 'bookmarks');
  mkdirSync(versions, { recursive: true });
  mkdirSync(bookmarks, { recursive: true });
  let live: string | null = null;
  let versionCount = 0;
  let bookmarkCount = 0;
  const commands: string[][] = [];

  /** Serves a version's files: copied beside the served folder, then two renames. */
  const serve = (version: string) => {
    const next = `${options.assetsDir}.next`;
    const old = `${options.assetsDir}.old`;
    rmSync(next, { recursive: true, force: true });
    cpSync(join(versions, version), next, { recursive: true });
    rmSync(old, { recursive: true, force: true });
    if (existsSync(options.assetsDir)) renameSync(options.assetsDir, old);
    renameSync(next, options.assetsDir);
    rmSync(old, { recursive: true, force: true });
    live = version;
  };

  const wrangler: Wrangler = async (args) => {
    commands.push(args);
    if (args.includes('--env'))
      throw new Error(`the stand-in is production's account only: ${args.join(' ')}`);
    const line = args.join(' ');
    if (line.startsWith('deployments status --json')) {
      if (!live) throw new Error('The Worker bridgeway-global has no deployments.');
      return JSON.stringify({ versions: [{ version_id: live, percentage: 100 }] });
    }
    if (line.startsWith('d1 time-travel info DB --json')) {
      const bookmark = `${String(++bookmarkCount).padStart(8, '0')}-rehearsal-${Date.now().toString(16)}`;
      cpSync(options.d1Dir, join(bookmarks, bookmark), { recursive: true });
      return JSON.stringify({ bookmark });
    }
    const restore = /^d1 time-travel restore DB --bookmark=(\S+)$/.exec(line);
    if (restore) {
      const saved = join(bookmarks, restore[1]!);
      if (!existsSync(saved)) throw new Error(`no bookmark ${restore[1]}`);
      await options.restartWorker(() => {
        rmSync(options.d1Dir, { recursive: true, force: true });
        cpSync(saved, options.d1Dir, { recursive: true });
      });
      return JSON.stringify({ bookmark: restore[1] });
    }
    if (line === 'd1 migrations apply DB --remote') {
      await options.migrate();
      return '';
    }
    if (args[0] === 'deploy') {
      const version = `v${++versionCount}-${Math.random().toString(16).slice(2, 10)}`;
      cpSync(options.uploadDir(), join(versions, version), { recursive: true });
      serve(version);
      return `Current Version ID: ${version}`;
    }
    if (args[0] === 'rollback' && args[1]) {
      if (!existsSync(join(versions, args[1]))) throw new Error(`no version ${args[1]}`);
      serve(args[1]);
      return `Worker Version ${args[1]} has been deployed to 100% of traffic.`;
    }
    throw new Error(`the stand-in does not answer wrangler ${line}`);
  };
  return { wrangler, live: () => live, commands };
}
