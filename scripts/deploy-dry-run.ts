// npm run deploy:dry-run (in `npm test`, beside the lint): `wrangler deploy --dry-run` for every
// environment wrangler.toml declares, the top level and each [env.*], offline and without a build.
// One line per environment; any warning or error from wrangler fails the run, since a deploy that
// warns ships something other than what the file says (scripts/lib/deploy-dry-run.ts).
import { declaredEnvironments, dryRun, environmentLabel, uploadSize } from './lib/deploy-dry-run.ts';

let failed = false;
// One after the other: each bundles the whole Worker, and the lint has the cores meanwhile.
for (const environment of declaredEnvironments()) {
  const { output, problems } = await dryRun(environment);
  const label = environmentLabel(environment);
  if (problems.length === 0) {
    console.log(`${label}: clean (${uploadSize(output.stdout)})`);
    continue;
  }
  failed = true;
  console.error(
    `${label}: ${problems.length} problem(s)\n${problems.map((p) => `  ${p.replaceAll('\n', '\n  ')}`).join('\n')}`,
  );
}
if (failed) {
  console.error(
    'A deploy of wrangler.toml as it is would warn or fail: fix it so every environment is clean.',
  );
  process.exit(1);
}
