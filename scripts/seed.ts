// Loads content/*.json into a database: validated first, idempotent (existing rows are kept).
// Usage: npm run seed [-- --overwrite] [-- --env staging|production [--yes]] [-- --env-file FILE]
//   (no --env)        the local D1 that `wrangler dev` / `npm start` serve (WRANGLER_PERSIST_TO picks another)
//   --env staging|production   that environment's remote D1 (wrangler's remote bindings), after a
//                     confirmation prompt; --yes answers it for scripts
//   --env-file FILE   the local D1's vars from FILE instead of .dev.vars (the launch rehearsal)
import { parseArgs } from 'node:util';
import { contentDir, loadContent } from './lib/content.ts';
import { seedDatabase } from '#db/seed.ts';
import { seedCounsellors } from '#db/seed-consultations.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { demoAccountsDecision, seedDemoAccounts } from './lib/demo-accounts.ts';
import { confirmRemoteWrite, openTarget, parseTarget } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    overwrite: { type: 'boolean', default: false },
    env: { type: 'string' },
    yes: { type: 'boolean', default: false },
    'env-file': { type: 'string' },
  },
});
try {
  const target = parseTarget(values.env);
  const overwrite = values.overwrite;
  const content = await loadContent();
  if (target !== 'local')
    await confirmRemoteWrite(
      target,
      `load content/ (${overwrite ? 'replacing' : 'keeping'} rows that already exist)`,
      values.yes,
    );
  const platform = await openTarget(target, { envFile: values['env-file'] });
  try {
    // A remote or overwriting seed changes what the live pages should show: audit it, which also
    // moves the content version on so the back office asks for a publish.
    const audit = target !== 'local' || overwrite ? { via: `npm run seed (${target})` } : undefined;
    const statements = await seedDatabase(platform.db, content, { overwrite, ...(audit ? { audit } : {}) });
    console.log(
      `Seeded content into the ${target} database (${statements} rows checked${overwrite ? ', overwritten' : ''}).`,
    );
    // Counsellors are people staff add under /api/admin/counsellors, not content: the sample ones
    // make consultations bookable on a local database only, and only those not there yet.
    if (target === 'local') {
      const counsellorFile = JSON.parse(
        await readFile(join(contentDir, 'counsellors.json'), 'utf8'),
      ) as unknown;
      const counsellorsAdded = await seedCounsellors(
        platform.db,
        counsellorFile,
        new Set(content['offices.json'].map((o) => o.id)),
      );
      console.log(`Counsellors: ${counsellorsAdded} added.`);
    }
    const demo = demoAccountsDecision(target, platform.env);
    if (demo.allowed) await seedDemoAccounts(platform.db);
    else console.log(`Demo accounts: not created (${demo.reason}).`);
  } finally {
    await platform.dispose();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
