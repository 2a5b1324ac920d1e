// The first job of .github/workflows/deploy.yml: which environment this run deploys
// (scripts/lib/deploy-target.ts), and which GitHub environment its deploy job waits in (a reviewed
// one for new code, one without reviewers for a Publish of the commit production runs), written
// to the job's outputs for the others. Exits non-zero, and nothing is deployed, when the event
// names none or production is asked for from another branch than main.
//
// `--verify`: the deploy job's check before it deploys, that a run in the environment without
// reviewers still carries the commit production runs (GITHUB_DEPLOY_ENVIRONMENT names the job's).
import { appendFileSync, readFileSync } from 'node:fs';
import { deployEnvironment, deployTarget, liveCommit, verifyDeployEnvironment } from './lib/deploy-target.ts';

const eventName = process.env.GITHUB_EVENT_NAME ?? '';
const eventPath = process.env.GITHUB_EVENT_PATH;
const commit = process.env.GITHUB_SHA ?? '';
try {
  const event: unknown = eventPath ? JSON.parse(readFileSync(eventPath, 'utf8')) : null;
  const target = deployTarget(eventName, event);
  const siteUrl = target === 'staging' ? process.env.SITE_URL_STAGING : process.env.SITE_URL_PRODUCTION;
  const live = target === 'production' ? await liveCommit(siteUrl) : null;
  if (process.argv.includes('--verify')) {
    verifyDeployEnvironment({
      environment: process.env.GITHUB_DEPLOY_ENVIRONMENT ?? '',
      commit,
      liveCommit: live,
    });
    console.log(`Deploying ${commit.slice(0, 12)} in ${process.env.GITHUB_DEPLOY_ENVIRONMENT}.`);
  } else {
    const { environment, reason } = deployEnvironment({
      target,
      eventName,
      ref: process.env.GITHUB_REF ?? '',
      commit,
      liveCommit: live,
    });
    if (process.env.GITHUB_OUTPUT)
      appendFileSync(process.env.GITHUB_OUTPUT, `environment=${target}\ngithub_environment=${environment}\n`);
    console.log(
      `This ${eventName} run builds and deploys ${target} only, in the GitHub environment ${environment} (${reason}).`,
    );
  }
} catch (error) {
  console.error(`Nothing deployed: ${(error as Error).message}`);
  process.exitCode = 1;
}
