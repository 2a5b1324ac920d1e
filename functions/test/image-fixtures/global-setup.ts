import { startImageServer } from './server.ts';

/** Vitest global setup: the test images' server on the port vitest.config.ts chose and gave the Worker. */
export default async function setup() {
  const server = await startImageServer(Number(process.env.IMAGE_FIXTURES_PORT));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
