// npm run deploy [-- --env staging]: what a build machine runs after `npm run build`.
//   1. notes how to undo itself: the version the Worker serves now, and a D1 Time Travel bookmark
//      taken before any migration, and prints the restore command;
//   2. applies the D1 migrations to the environment's database (remote);
//   3. deploys the Worker and the built dist/ with `wrangler deploy`, tagged with the commit
//      (BUILD_COMMIT, which GET /api/health reports), and prints the rollback commands
//      (scripts/lib/deploy-steps.ts; docs/deploying.md, "Rolling back");
//   4. reports the content version the build carries to the live Worker (POST /api/build/done with
//      BUILD_TOKEN), so the back office shows "published at …".
// Needs wrangler's credentials (CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID on CI). The report
// needs SNAPSHOT_URL and BUILD_TOKEN, the same two the build read its content with.
import { parseArgs } from 'node:util';
import { chosenEnvironment } from './lib/wrangler-config.ts';
import { currentCommit, readBuildInfo, reportBuildDone } from './lib/build-report.ts';
import { deployWithUndo, wranglerCli } from './lib/deploy-steps.ts';

const { values } = parseArgs({
  options: { env: { type: 'string' }, 'skip-migrations': { type: 'boolean', default: false } },
});
const environment = chosenEnvironment(values.env ? ['--env', values.env] : []);
const envArgs = environment ? ['--env', environment] : [];
try {
  const info = readBuildInfo();
  const commit = currentCommit();
  await deployWithUndo({ wrangler: wranglerCli, envArgs, commit, skipMigrations: values['skip-migrations'] });
  const { SNAPSHOT_URL: snapshotUrl, BUILD_TOKEN: token } = process.env;
  if (info.source !== 'snapshot-url' || !snapshotUrl || !token) {
    console.log(
      'Deployed. Not reported to the Worker: this build did not read its content from SNAPSHOT_URL (the back office shows it once a build from the live content is deployed).',
    );
  } else {
    await reportBuildDone(snapshotUrl, token, {
      contentVersion: info.contentVersion,
      ...(commit ? { commit } : {}),
    });
    console.log(
      `Deployed${commit ? ` ${commit.slice(0, 12)}` : ''} with content version ${info.contentVersion}, reported to ${new URL(snapshotUrl).origin}.`,
    );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
