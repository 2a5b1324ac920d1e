// Browser tests get a fresh database of their own (.wrangler/e2e), seeded and built from; each
// further Playwright worker's stack gets a copy of it, and of the built site (scripts/lib/e2e-stacks.ts).
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { run } from './lib/run.ts';
import { builtOrigin, e2eStacks, isStackFolder } from './lib/e2e-stacks.ts';

const [first, ...others] = e2eStacks;
// Every stack's state goes, this run's and those of a run with more workers: a stack left behind
// would serve its older copy of the site (a test then fails for a change already made).
for (const name of existsSync('.wrangler') ? readdirSync('.wrangler') : [])
  if (isStackFolder(name)) rmSync(`.wrangler/${name}`, { recursive: true, force: true });
const env = { WRANGLER_PERSIST_TO: first!.persistTo, SITE_URL: builtOrigin };
await run('node', ['scripts/prepare-db.ts'], env);
await run('astro', ['build'], env);
for (const stack of others) {
  cpSync(first!.persistTo, stack.persistTo, { recursive: true });
  cpSync(first!.assets, stack.assets, { recursive: true });
}
