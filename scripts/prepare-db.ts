// Applies the migrations to the local D1 and seeds it: the embedded database `npm start` serves.
import { run } from './lib/run.ts';
import { ensureDevVars } from './lib/dev-vars.ts';
import { persistArgs } from './lib/platform.ts';

ensureDevVars();
await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...persistArgs], { CI: 'true' });
await run('node', ['scripts/seed.ts']);
