import { execFileSync } from 'node:child_process';
import { builtOrigin, ownStack } from '../../scripts/lib/e2e-stacks.ts';

/**
 * The environment an npm script needs to act on this worker's stack (scripts/lib/e2e-stacks.ts): its
 * database, the built site its server serves, its own build record, and the origin the site is built
 * with. Two workers may publish at once: nothing of one's rebuild is the other's.
 */
const ownStackEnv = {
  ...process.env,
  WRANGLER_PERSIST_TO: ownStack.persistTo,
  ASSETS_DIR: ownStack.assets,
  BUILD_INFO_FILE: `${ownStack.persistTo}/build-info.json`,
  SITE_URL: builtOrigin,
};

/** Runs an npm script against this worker's stack; answers what it printed. */
export const runOnOwnStack = (...args: string[]) =>
  execFileSync('npm', ['run', '--silent', ...args], { env: ownStackEnv, stdio: 'pipe' }).toString();

/** The rebuild a Publish triggers (locally `npm run publish`; `npm start` runs it from a watcher). */
export const publishSite = () => runOnOwnStack('publish');
