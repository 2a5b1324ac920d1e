// Browser tests get a fresh database of their own (.wrangler/e2e), seeded and built from.
import { rmSync } from 'node:fs';
import { run } from './lib/run.ts';

const port = process.env.E2E_PORT ?? '8799';
rmSync('.wrangler/e2e', { recursive: true, force: true });
const env = { WRANGLER_PERSIST_TO: '.wrangler/e2e', SITE_URL: `http://127.0.0.1:${port}` };
await run('node', ['scripts/prepare-db.ts'], env);
await run('astro', ['build'], env);
