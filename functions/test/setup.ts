import { env, applyD1Migrations } from 'cloudflare:test';
import { createDb } from '#db/client.ts';
import { seedDatabase, validateContent } from '#db/seed.ts';
import { rawContent } from './content.ts';

// Every test file starts from the real migrations and the real seed content.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedDatabase(createDb(env.DB), validateContent(rawContent));
