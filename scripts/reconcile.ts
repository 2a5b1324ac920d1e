// npm run reconcile -- --since <time> [--env staging|production [--yes]] [--env-file FILE]
// After D1 is restored to a Time Travel bookmark: puts back the payments and refunds Stripe's
// webhook wrote after it, from Stripe's own record (functions/services/payments/reconcile.ts, the
// webhook's handlers; docs/deploying.md, "Rolling back"). `--since` is the bookmark's time (the deploy log
// prints it), or any earlier time: what the database already has is left as it is, so a run from
// too early, or a second run, changes nothing more. Sends no e-mail.
//   (no --env)      the local D1 (WRANGLER_PERSIST_TO picks another), with the Stripe settings of
//                   .dev.vars or --env-file FILE
//   --env X         that environment's remote D1 (wrangler's remote bindings), after a confirmation
//                   prompt (--yes for scripts), with the secret key from the shell: STRIPE_SECRET_KEY
//                   (a restricted key that may read PaymentIntents, Charges, Refunds and Events is enough)
import { parseArgs } from 'node:util';
import { confirmRemoteWrite, openTarget, parseTarget } from './lib/target.ts';
import { createStripe, stripeSettings } from '#functions/services/payments/payments.ts';
import { reconcilePayments } from '#functions/services/payments/reconcile.ts';

const usage =
  'usage: npm run reconcile -- --since 2026-11-23T09:14:00Z [--env staging|production [--yes]] [--env-file FILE]';
const { values } = parseArgs({
  options: {
    since: { type: 'string' },
    env: { type: 'string' },
    yes: { type: 'boolean', default: false },
    'env-file': { type: 'string' },
  },
});
try {
  const target = parseTarget(values.env);
  const since = values.since ? new Date(values.since) : null;
  if (!since || Number.isNaN(since.getTime())) throw new Error(`--since must be a time. ${usage}`);
  if (since.getTime() < Date.now() - 30 * 24 * 3600_000)
    console.warn('Stripe lists events of the last 30 days only: anything older is not reconciled.');
  if (target !== 'local')
    await confirmRemoteWrite(
      target,
      `write back the payments and refunds Stripe recorded since ${since.toISOString()}`,
      values.yes,
    );
  const platform = await openTarget(target, { envFile: values['env-file'] });
  try {
    // The Worker's secret is not readable from here: a deployed environment's key comes from the shell.
    const shellKey = process.env.STRIPE_SECRET_KEY;
    const settings = stripeSettings(
      shellKey ? ({ ...platform.env, STRIPE_SECRET_KEY: shellKey } as Env) : platform.env,
    );
    if (!settings)
      throw new Error(
        'No Stripe secret key: set STRIPE_SECRET_KEY in the shell (the live key, or a restricted key that reads PaymentIntents, Charges, Refunds and Events).',
      );
    const result = await reconcilePayments({ db: platform.db, stripe: createStripe(settings) }, since);
    console.log(
      `Reconciled the ${target} database with Stripe since ${since.toISOString()}: ${result.listed.intents} payments and ${result.listed.events} events listed; ${result.restored.length} payment rows written again, ${result.applied.length} events applied.`,
    );
    for (const id of result.restored) console.log(`  payment ${id}`);
  } finally {
    await platform.dispose();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
