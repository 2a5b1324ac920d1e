import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { createDb } from '#db/client.ts';
import { readWranglerConfig, wranglerEnvOf, type RemoteTarget } from './wrangler-config.ts';

/**
 * Where the local D1/R2 live: wrangler's default, or WRANGLER_PERSIST_TO (the browser tests use
 * their own, fresh state). Wrangler keeps its data in a `v3` folder under that directory.
 */
export const persistTo = process.env.WRANGLER_PERSIST_TO;
export const persistArgs = persistTo ? ['--persist-to', persistTo] : [];

export interface LocalPlatformOptions {
  /**
   * Read vars and secrets from this file instead of `.dev.vars` (as `wrangler dev --env-file` does):
   * the launch rehearsal runs a local database as production.
   */
  envFile?: string;
}

/** The local D1 (and R2) that `wrangler dev` uses, opened from Node. Call `dispose` when done. */
export async function openLocalPlatform(options: LocalPlatformOptions = {}) {
  const proxy = await getPlatformProxy<Env>({
    persist: persistTo ? { path: join(persistTo, 'v3') } : true,
    remoteBindings: false,
    ...(options.envFile ? { envFiles: [resolve(options.envFile)] } : {}),
  });
  return { env: proxy.env, db: createDb(proxy.env.DB), dispose: proxy.dispose, target: 'local' as const };
}

/**
 * A deployed environment's D1, opened from Node through wrangler's remote bindings (needs `wrangler
 * login` or CLOUDFLARE_API_TOKEN): the environment's own database binding, marked `remote`, in a
 * generated config beside wrangler.toml's, so wrangler.toml itself never points `wrangler dev` at
 * a live database.
 */
export async function openRemotePlatform(target: RemoteTarget) {
  const config = readWranglerConfig(wranglerEnvOf(target));
  const d1 = config.d1_databases.find((d) => d.binding === 'DB');
  if (!d1?.database_id || /^0{8}-/.test(d1.database_id)) {
    throw new Error(
      `wrangler.toml has no real database_id for ${target}'s DB binding: create the database (docs/deploying.md) and put its id there.`,
    );
  }
  const dir = resolve('.wrangler', 'remote');
  mkdirSync(dir, { recursive: true });
  const configPath = join(dir, `${target}.wrangler.json`);
  writeFileSync(
    configPath,
    JSON.stringify(
      {
        name: config.name,
        compatibility_date: config.compatibility_date,
        compatibility_flags: config.compatibility_flags,
        vars: config.vars,
        d1_databases: [
          { binding: 'DB', database_name: d1.database_name, database_id: d1.database_id, remote: true },
        ],
      },
      null,
      2,
    ),
  );
  const proxy = await getPlatformProxy<Env>({
    configPath,
    remoteBindings: true,
    persist: false,
    envFiles: [],
  });
  return {
    env: proxy.env,
    db: createDb(proxy.env.DB),
    dispose: proxy.dispose,
    target,
    databaseName: d1.database_name,
  };
}

export type Platform =
  Awaited<ReturnType<typeof openLocalPlatform>> | Awaited<ReturnType<typeof openRemotePlatform>>;
