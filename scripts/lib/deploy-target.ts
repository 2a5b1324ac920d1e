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
