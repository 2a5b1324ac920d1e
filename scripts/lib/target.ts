import { createInterface } from 'node:readline/promises';
import { remoteTargets, type RemoteTarget } from './wrangler-config.ts';
import { openLocalPlatform, openRemotePlatform, type Platform } from './platform.ts';

/** Which database a command writes to: the local one (default) or a deployed environment's. */
export type Target = 'local' | RemoteTarget;

/** `--env staging|production` (absent: local). Anything else is refused with the choices. */
export function parseTarget(value: string | undefined): Target {
  if (value === undefined || value === 'local') return 'local';
  if ((remoteTargets as readonly string[]).includes(value)) return value as RemoteTarget;
  throw new Error(
    `--env must be ${remoteTargets.join(' or ')} (or left out for the local database), not "${value}"`,
  );
}

/**
 * Asks before writing to a deployed database: the person types the environment's name. `--yes`
 * (for scripts) skips the question; without a terminal and without `--yes` the answer is no.
 */
export async function confirmRemoteWrite(target: RemoteTarget, action: string, yes: boolean) {
  if (yes) return;
  if (!process.stdin.isTTY)
    throw new Error(
      `Refusing to ${action} in ${target} without confirmation: run it in a terminal, or add --yes.`,
    );
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await rl.question(
      `This will ${action} in the ${target.toUpperCase()} database (remote D1). Type "${target}" to continue: `,
    );
    if (answer.trim() !== target) throw new Error('Not confirmed: nothing was written.');
  } finally {
    rl.close();
  }
}

/** Opens the target's database: the local D1 (optionally with another env file), or the remote one. */
export async function openTarget(target: Target, options: { envFile?: string } = {}): Promise<Platform> {
  if (target === 'local') return openLocalPlatform(options);
  console.log(`Connecting to the ${target} database through wrangler's remote bindings ...`);
  return openRemotePlatform(target);
}
