// Which environment a run of .github/workflows/deploy.yml builds and deploys, from the event that
// started it. One answer for every job of the run (the build, the deploy and the GitHub environment
// whose approval production waits for), and a refusal rather than a guess: a Publish whose hook
// named no known environment deploys nothing.
import { deployHookPayload, deployTargets, type DeployTarget } from '#schemas/build.ts';

/** Why a run refused to pick an environment (the workflow's log shows it). */
export class DeployTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeployTargetError';
  }
}

const isTarget = (value: unknown): value is DeployTarget =>
  (deployTargets as readonly unknown[]).includes(value);

/**
 * The environment for a GitHub event: a push to main is production; a run started by hand names
 * its own; a Publish (repository_dispatch "publish") carries the environment of the Worker whose
 * back office pressed it (functions/routes/admin/publish.ts).
 */
export function deployTarget(eventName: string, event: unknown): DeployTarget {
  if (eventName === 'push') return 'production';
  if (eventName === 'workflow_dispatch') {
    const chosen = (event as { inputs?: { environment?: unknown } } | null)?.inputs?.environment;
    if (isTarget(chosen)) return chosen;
    throw new DeployTargetError(
      `Run by hand with environment "${String(chosen)}": choose production or staging`,
    );
  }
  if (eventName === 'repository_dispatch') {
    const payload = deployHookPayload.safeParse(event);
    if (payload.success) return payload.data.client_payload.environment;
    throw new DeployTargetError(payload.error.issues[0]?.message ?? 'Not a publish event');
  }
  throw new DeployTargetError(`The event "${eventName}" deploys nothing`);
}

/** The commands the workflow runs for an environment, as `npm run` arguments. */
export const deployCommands = (target: DeployTarget) => ({
  build: ['run', 'build', '--', '--env', target],
  deploy: ['run', 'deploy', '--', '--env', target],
});

/**
 * The GitHub environments a deploy job runs in. Code goes out through `production`, the one with
 * Required reviewers where the plan has them; `production-content` has none and carries only a
 * Publish of the commit production already runs (new content, the same code).
 */
export const githubEnvironments = {
  reviewed: 'production',
  content: 'production-content',
  staging: 'staging',
} as const;
export type GithubEnvironment = (typeof githubEnvironments)[keyof typeof githubEnvironments];

/** Production deploys only from this branch (the one branch protection guards). */
export const PRODUCTION_REF = 'refs/heads/main';

/**
 * The GitHub environment a run's deploy job waits in, with why. A push is code: reviewed. A Publish
 * or a run by hand whose commit is the one the live Worker reports (GET /api/health `commit`) adds
 * content to code already deployed: no reviewer. Anything else, including a live commit nobody could
 * read, is reviewed. Production deploys only from main.
 */
export function deployEnvironment(run: {
  target: DeployTarget;
  eventName: string;
  ref: string;
  commit: string;
  liveCommit: string | null;
}): { environment: GithubEnvironment; reason: string } {
  if (run.target === 'staging') return { environment: githubEnvironments.staging, reason: 'staging' };
  if (run.ref !== PRODUCTION_REF)
    throw new DeployTargetError(`Production deploys only from main, not ${run.ref || 'an unknown ref'}`);
  if (run.eventName === 'push')
    return { environment: githubEnvironments.reviewed, reason: 'a push to main is new code' };
  if (run.liveCommit && run.commit === run.liveCommit)
    return {
      environment: githubEnvironments.content,
      reason: `commit ${run.commit.slice(0, 12)} is the one production runs: content only`,
    };
  return {
    environment: githubEnvironments.reviewed,
    reason: run.liveCommit
      ? `commit ${run.commit.slice(0, 12)} is not the one production runs (${run.liveCommit.slice(0, 12)}): new code`
      : 'the commit production runs could not be read: treated as new code',
  };
}

/**
 * The deploy job's own check, right before it deploys (one deploy an environment at a time, so
 * nothing can land between this check and the deploy): in the environment without reviewers, the
 * commit must still be the one production runs. A code deploy that landed after the run chose its
 * environment would otherwise be undone by this run's older code, unreviewed.
 */
export function verifyDeployEnvironment(run: {
  environment: string;
  commit: string;
  liveCommit: string | null;
}) {
  if (run.environment !== githubEnvironments.content) return;
  if (!run.liveCommit || run.liveCommit !== run.commit)
    throw new DeployTargetError(
      `This run may deploy without a reviewer only the commit production runs (${run.commit.slice(0, 12)}); production now runs ${run.liveCommit?.slice(0, 12) ?? 'an unreadable commit'}. Press Publish again.`,
    );
}

/** The commit the live Worker reports (GET /api/health), or null when it cannot be read. */
export async function liveCommit(siteUrl: string | undefined, doFetch: typeof fetch = fetch) {
  if (!siteUrl || !URL.canParse(siteUrl)) return null;
  try {
    const res = await doFetch(new URL('/api/health', siteUrl), {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });
    const body = await res.json<{ commit?: unknown }>();
    return res.ok && typeof body.commit === 'string' && body.commit ? body.commit : null;
  } catch {
    return null;
  }
}
