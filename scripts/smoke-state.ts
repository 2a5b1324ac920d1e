// Before the smoke runs go side by side (npm run test:smoke): the load test gets a copy of the
// browser tests' database, since the fuzzer writes to that one at the same time and two workerd
// processes must not share one SQLite file (a write from one answers the other's with SQLITE_BUSY).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { e2eStack } from './lib/e2e-stacks.ts';

/** The load smoke run's database folder (its WRANGLER_PERSIST_TO in package.json). */
const LOAD_STATE = '.wrangler/smoke-load';

const source = e2eStack(0).persistTo;
if (!existsSync(source)) {
  console.error(`${source} is missing: the smoke runs use the browser tests' database (npm run e2e:build).`);
  process.exit(1);
}
rmSync(LOAD_STATE, { recursive: true, force: true });
cpSync(source, LOAD_STATE, { recursive: true });
