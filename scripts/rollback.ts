// npm run rollback -- --version <id> [--bookmark <bookmark>] [--env staging]: undoes a deploy with
// the two commands `npm run deploy` printed (scripts/lib/deploy-steps.ts; README "Rolling back"):
// the previous Worker version back (code and pages together), and, with --bookmark, the database
// restored to D1 Time Travel's bookmark from before that deploy's migrations. Asks before
// restoring data (everything written since the bookmark is lost); --yes for scripts.
import { parseArgs } from 'node:util';
import { chosenEnvironment } from './lib/wrangler-config.ts';
import { rollBack, wranglerCli } from './lib/deploy-steps.ts';
import { confirmRemoteWrite } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    env: { type: 'string' },
    version: { type: 'string' },
    bookmark: { type: 'string' },
    yes: { type: 'boolean', default: false },
  },
});
const environment = chosenEnvironment(values.env ? ['--env', values.env] : []);
try {
  if (!values.version && !values.bookmark)
    throw new Error('usage: npm run rollback -- --version <id> [--bookmark <bookmark>] [--env staging]');
  if (values.bookmark)
    await confirmRemoteWrite(
      environment === 'staging' ? 'staging' : 'production',
      `restore the database to bookmark ${values.bookmark} (every write since is lost)`,
      values.yes,
    );
  const ran = await rollBack(
    wranglerCli,
    {
      previousVersion: values.version ?? null,
      bookmark: values.bookmark ?? '',
      envArgs: environment ? ['--env', environment] : [],
    },
    { data: Boolean(values.bookmark) },
  );
  console.log(`Rolled back: ${ran.map((args) => `wrangler ${args.join(' ')}`).join('; ')}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
