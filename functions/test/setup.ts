import { afterAll, vi } from 'vitest';
import { env, applyD1Migrations } from 'cloudflare:test';
import { createDb } from '#db/client.ts';
import { seedDatabase, validateContent } from '#db/seed.ts';
import { rawContent } from './content.ts';
import { resetStorage } from './reset-storage.ts';

// Every test file starts from the real migrations and the real seed content, on storage emptied of
// what the file before it in the same workerd left (vitest.config.ts: `isolate: false`).
await resetStorage(env.DB, env.FILES);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedDatabase(createDb(env.DB), validateContent(rawContent));

// A spy a file leaves in place (console, fetch, crypto) would reach the next file's tests.
afterAll(() => {
  vi.restoreAllMocks();
});
