import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { BuildDone } from '#schemas/build.ts';

/** What a build recorded about itself (site/lib/snapshot.ts writes it next to, never into, dist/). */
export interface BuildInfo {
  contentVersion: number;
  source: 'snapshot-url' | 'local';
}

export function readBuildInfo(file = process.env.BUILD_INFO_FILE ?? '.wrangler/build-info.json'): BuildInfo {
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return JSON.parse(readFileSync(file, 'utf8')) as BuildInfo;
}

/** The commit being deployed: the CI's own variable when there is one, else git's HEAD, else none. */
export function currentCommit(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromCi = env.BUILD_COMMIT || env.GITHUB_SHA || env.WORKERS_CI_COMMIT_SHA;
  if (fromCi) return fromCi.slice(0, 40);
  try {
    return (
      execFileSync('git', ['rev-parse', 'HEAD'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

/**
 * Tells the live Worker that the build carrying `contentVersion` is deployed (POST /api/build/done
 * with the build token), so the back office shows "published at …". The Worker that served the
 * snapshot is the one told. A new Worker version can take a few seconds to answer everywhere, so a
 * failed report is tried again a few times.
 */
export async function reportBuildDone(snapshotUrl: string, token: string, body: BuildDone, attempts = 4) {
  const url = new URL('/api/build/done', snapshotUrl);
  let last = '';
  for (let i = 0; i < attempts; i++) {
    if (i) await new Promise((r) => setTimeout(r, 2000 * i));
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      if (res.ok) return;
      last = `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`;
      if (res.status === 400 || res.status === 401) break; // will not change by trying again
    } catch (error) {
      last = (error as Error).message;
    }
  }
  throw new Error(`Could not report the build to ${url.origin}: ${last}`);
}
