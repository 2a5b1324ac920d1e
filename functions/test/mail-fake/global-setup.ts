import { startFakeMail } from './server.ts';

/** Vitest global setup: the fake mail provider on the port vitest.config.ts chose and gave the Worker. */
export default async function setup() {
  const fake = await startFakeMail(Number(process.env.MAIL_FAKE_PORT));
  return () => fake.close();
}
