import { join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { createDb } from '../../db/client.ts';

/**
 * Where the local D1/R2 live: wrangler's default, or WRANGLER_PERSIST_TO (the browser tests use
 * their own, fresh state). Wrangler keeps its data in a `v3` folder under that directory.
 */
export const persistTo = process.env.WRANGLER_PERSIST_TO;
export const persistArgs = persistTo ? ['--persist-to', persistTo] : [];

/** The local D1 (and R2) that `wrangler dev` uses, opened from Node. Call `dispose` when done. */
export async function openLocalPlatform() {
  const proxy = await getPlatformProxy<Env>({ persist: persistTo ? { path: join(persistTo, 'v3') } : true });
  return { env: proxy.env, db: createDb(proxy.env.DB), dispose: proxy.dispose };
}
