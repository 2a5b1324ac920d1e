// npm run rollback -- --version <id> [--bookmark <bookmark> [--since <time>]] [--env staging]: undoes a deploy with
// the two commands `npm run deploy` printed (scripts/lib/deploy-steps.ts; docs/deploying.md, "Rolling back"):
// the previous Worker version back (code and pages together), and, with --bookmark, the database
// restored to D1 Time Travel's bookmark from before that deploy's migrations. Asks before
// restoring data (everything written since the bookmark is lost); --yes for scripts. A data restore
// also erases the payments Stripe's webhook wrote since: it ends by printing the `npm run reconcile`
// that puts them back (`--since`, the bookmark's time the deploy printed beside it).
import { parseArgs } from 'node:util';
import { chosenEnvironment } from './lib/wrangler-config.ts';
import { reconcileCommand, rollBack, wranglerCli } from './lib/deploy-steps.ts';
import { confirmRemoteWrite } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    env: { type: 'string' },
    version: { type: 'string' },
    bookmark: { type: 'string' },
    since: { type: 'string' },
    yes: { type: 'boolean', default: false },
  },
});
const environment = chosenEnvironment(values.env ? ['--env', values.env] : []);
try {
  if (!values.version && !values.bookmark)
    throw new Error(
      'usage: npm run rollback -- --version <id> [--bookmark <bookmark> [--since <time>]] [--env staging]',
    );
  if (values.bookmark)
    await confirmRemoteWrite(
      environment === 'staging' ? 'staging' : 'production',
      `restore the database to bookmark ${values.bookmark} (every write since is lost)`,
      values.yes,
    );
  const envArgs = environment ? ['--env', environment] : [];
  const since = values.since ?? '<the bookmark’s time, from the deploy log>';
  const ran = await rollBack(
    wranglerCli,
    {
      previousVersion: values.version ?? null,
      bookmark: values.bookmark ?? '',
      bookmarkedAt: since,
      envArgs,
    },
    { data: Boolean(values.bookmark) },
  );
  console.log(`Rolled back: ${ran.map((args) => `wrangler ${args.join(' ')}`).join('; ')}`);
  if (values.bookmark)
    console.log(
      `Now put back the payments and refunds Stripe recorded since the bookmark (STRIPE_SECRET_KEY in the shell):\n  ${reconcileCommand(since, envArgs)}`,
    );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
