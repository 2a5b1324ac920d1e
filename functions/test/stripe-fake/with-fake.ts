/**
 * Browser tests: starts the fake Stripe API on a free port, then runs the given command (wrangler
 * dev) with the Worker pointed at it and test-mode Stripe settings passed as `--var`s. The fake
 * delivers its events, signed, to the Worker's webhook (as `stripe listen --forward-to` would), and
 * its address is written to STRIPE_FAKE_INFO (JSON) so the tests can reach it. Stops the fake when
 * the command ends, and the command when this process is told to stop.
 *
 *   STRIPE_FAKE_INFO=.wrangler/e2e/stripe-fake.json node functions/test/stripe-fake/with-fake.ts wrangler dev --port 8799 ...
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { startFakeStripe } from './server.ts';

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: with-fake.ts <command> [args...]');

const webhookSecret = 'whsec_test_e2e_fake';
const workerPort = args[args.indexOf('--port') + 1];
const fake = await startFakeStripe(0, '127.0.0.1', {
  webhookSecret,
  ...(args.includes('--port') && workerPort
    ? { forwardTo: `http://127.0.0.1:${workerPort}/api/payment/webhook` }
    : {}),
});
if (process.env.STRIPE_FAKE_INFO) {
  mkdirSync(dirname(process.env.STRIPE_FAKE_INFO), { recursive: true });
  writeFileSync(process.env.STRIPE_FAKE_INFO, JSON.stringify({ url: fake.url, webhookSecret }));
}
const vars = {
  STRIPE_SECRET_KEY: 'sk_test_e2e_fake',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_fake',
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(fake.port),
  STRIPE_API_PROTOCOL: 'http',
};
const varArgs = Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
const child = spawn(command, [...args, ...varArgs], { stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', async (code, signal) => {
  await fake.close();
  process.exit(code ?? (signal ? 1 : 0));
});
