// Browser tests get a fresh database of their own (.wrangler/e2e), seeded and built from; each
// further Playwright worker's stack gets a copy of it, and of the built site (scripts/lib/e2e-stacks.ts).
import { cpSync, rmSync } from 'node:fs';
import { run } from './lib/run.ts';
import { builtOrigin, e2eStacks } from './lib/e2e-stacks.ts';

const [first, ...others] = e2eStacks;
for (const stack of e2eStacks) rmSync(stack.persistTo, { recursive: true, force: true });
const env = { WRANGLER_PERSIST_TO: first!.persistTo, SITE_URL: builtOrigin };
await run('node', ['scripts/prepare-db.ts'], env);
await run('astro', ['build'], env);
for (const stack of others) {
  cpSync(first!.persistTo, stack.persistTo, { recursive: true });
  cpSync(first!.assets, stack.assets, { recursive: true });
}
