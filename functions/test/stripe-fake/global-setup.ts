import { startFakeStripe } from './server.ts';

/** Vitest global setup: the fake Stripe API on the port vitest.config.ts chose and gave the Worker. */
export default async function setup() {
  const fake = await startFakeStripe(Number(process.env.STRIPE_FAKE_PORT));
  return () => fake.close();
}
