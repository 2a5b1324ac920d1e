// The first job of .github/workflows/deploy.yml: which environment this run deploys
// (scripts/lib/deploy-target.ts), written to the job's outputs for the others. Exits non-zero, and
// nothing is deployed, when the event names none.
import { appendFileSync, readFileSync } from 'node:fs';
import { deployTarget } from './lib/deploy-target.ts';

const eventName = process.env.GITHUB_EVENT_NAME ?? '';
const eventPath = process.env.GITHUB_EVENT_PATH;
try {
  const event: unknown = eventPath ? JSON.parse(readFileSync(eventPath, 'utf8')) : null;
  const target = deployTarget(eventName, event);
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `environment=${target}\n`);
  console.log(`This ${eventName} run builds and deploys ${target} only.`);
} catch (error) {
  console.error(`Nothing deployed: ${(error as Error).message}`);
  process.exitCode = 1;
}
