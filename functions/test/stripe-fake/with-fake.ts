/**
 * Browser tests: starts the fake Stripe API on a free port, then runs the given command (wrangler
 * dev) with the Worker pointed at it and test-mode Stripe settings passed as `--var`s. Stops the
 * fake when the command ends, and the command when this process is told to stop.
 *
 *   node functions/test/stripe-fake/with-fake.ts wrangler dev --port 8799 ...
 */
import { spawn } from 'node:child_process';
import { startFakeStripe } from './server.ts';

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: with-fake.ts <command> [args...]');

const fake = await startFakeStripe(0);
const vars = {
  STRIPE_SECRET_KEY: 'sk_test_e2e_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_e2e_fake',
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
