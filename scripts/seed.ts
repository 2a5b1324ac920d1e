// Loads content/*.json into the local D1: validated first, idempotent (existing rows are kept).
// Usage: npm run seed [-- --overwrite]
import { loadContent } from './lib/content.ts';
import { openLocalPlatform } from './lib/platform.ts';
import { seedDatabase } from '../db/seed.ts';
import { seedDemoAccounts } from './lib/demo-accounts.ts';

const overwrite = process.argv.includes('--overwrite');
const content = await loadContent().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const { env, db, dispose } = await openLocalPlatform();
try {
  const statements = await seedDatabase(db, content, { overwrite });
  console.log(`Seeded content (${statements} rows checked${overwrite ? ', overwritten' : ''}).`);
  if (env.ENVIRONMENT === 'development') await seedDemoAccounts(db);
} finally {
  await dispose();
}
