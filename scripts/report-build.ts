// A step of .github/workflows/deploy.yml: tells the Worker whose Publish started this run how it
// goes (POST /api/build/done with BUILD_TOKEN), so the back office shows it in editors' words.
//   node scripts/report-build.ts building   the run started (or a reviewer approved the deploy)
//   node scripts/report-build.ts waiting    the tests passed; the deploy waits for a reviewer
//   node scripts/report-build.ts failed     the run stopped: the step from TEST_RESULT, DEPLOY_RESULT
//                                           and DEPLOY_STEP (the jobs' results), with the run's log
// Publishes only (a push or a run by hand has nobody waiting in the back office). Runs on Node 22
// alone, before `npm ci`: it imports nothing from node_modules. It never fails the job: a report
// that does not arrive leaves the Worker to say, after its timeout, that the build fell silent.
import { reportBuild, runReport } from './lib/build-report.ts';

const outcome = process.argv[2];
if (outcome !== 'building' && outcome !== 'waiting' && outcome !== 'failed') {
  console.error('Usage: node scripts/report-build.ts building|waiting|failed');
  process.exit(2);
}
const report = runReport(outcome);
const { SNAPSHOT_URL: snapshotUrl, BUILD_TOKEN: token } = process.env;
if (!report) console.log(`Not reported: ${outcome === 'failed' ? 'nothing failed, or ' : ''}not a Publish.`);
else if (!snapshotUrl || !token)
  console.log(
    `::warning::Not reported (${outcome}): SNAPSHOT_URL and BUILD_TOKEN are needed to tell the Worker.`,
  );
else {
  try {
    await reportBuild(snapshotUrl, token, report);
    console.log(
      `Reported "${outcome}"${'step' in report ? ` at the ${report.step} step` : ''} to ${new URL(snapshotUrl).origin}.`,
    );
  } catch (error) {
    console.log(`::warning::${(error as Error).message}`);
  }
}
