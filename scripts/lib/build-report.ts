import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { BuildDone, BuildReport } from '#schemas/build.ts';

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
 * Tells the live Worker how the publish it started goes (POST /api/build/done with the build token):
 * started, waiting for a reviewer, failed at a step (with the run's log), or deployed. The Worker
 * that served the snapshot is the one told. A new Worker version can take a few seconds to answer
 * everywhere, so a failed report is tried again a few times.
 */
export async function reportBuild(
  snapshotUrl: string,
  token: string,
  body: BuildReport | BuildDone,
  attempts = 4,
) {
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

/**
 * Tells the live Worker that the build carrying `contentVersion` is deployed, so the back office
 * shows "published at …".
 */
export const reportBuildDone = (snapshotUrl: string, token: string, body: BuildDone, attempts = 4) =>
  reportBuild(snapshotUrl, token, body, attempts);

/** The variables a workflow step is given (GITHUB_*, and the jobs' results the workflow passes on). */
type RunVariables = Record<string, string | undefined>;

/** A GitHub Actions run's page, where its log is (from the variables every step is given). */
export function runLogUrl(env: RunVariables = process.env): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = env;
  if (!GITHUB_SERVER_URL || !GITHUB_REPOSITORY || !GITHUB_RUN_ID) return undefined;
  return `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`;
}

/** A job's result as GitHub gives it to the jobs that need it (`needs.<job>.result`). */
type JobResult = 'success' | 'failure' | 'cancelled' | 'skipped' | '';

/**
 * The step a failed run of .github/workflows/deploy.yml stopped at, from its jobs' results: the
 * tests; the deploy job's own phase (build or deploy) when it ran; else its approval (a reviewer
 * refused it, or the run was cancelled while it waited). Null when nothing failed.
 */
export function failedStep(run: {
  test: JobResult;
  deploy: JobResult;
  /** The deploy job's last phase begun (its `step` output): 'build', 'deploy', or none. */
  deployStep: string;
}): 'test' | 'approval' | 'build' | 'deploy' | null {
  if (run.test === 'failure' || run.test === 'cancelled') return 'test';
  if (run.deploy !== 'failure' && run.deploy !== 'cancelled') return null;
  if (run.deployStep === 'deploy' || run.deployStep === 'build') return run.deployStep;
  return 'approval';
}

/**
 * What a step of .github/workflows/deploy.yml tells the Worker, from the run's variables: null when
 * the run is not a Publish (a push or a run by hand: nobody in the back office waits on it) or,
 * for `failed`, when nothing failed.
 */
export function runReport(
  outcome: 'building' | 'waiting' | 'failed',
  env: RunVariables = process.env,
): BuildReport | null {
  if (env.GITHUB_EVENT_NAME !== 'repository_dispatch') return null;
  const logUrl = runLogUrl(env);
  const log = logUrl ? { logUrl } : {};
  if (outcome !== 'failed') return { outcome, ...log };
  const step = failedStep({
    test: (env.TEST_RESULT ?? '') as JobResult,
    deploy: (env.DEPLOY_RESULT ?? '') as JobResult,
    deployStep: env.DEPLOY_STEP ?? '',
  });
  return step ? { outcome, step, ...log } : null;
}
