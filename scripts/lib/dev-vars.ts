import { existsSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** Creates .dev.vars with a fresh random token secret on a new clone; never overwrites one. */
export function ensureDevVars(root = join(import.meta.dirname, '..', '..')) {
  const file = join(root, '.dev.vars');
  if (existsSync(file)) return;
  writeFileSync(file, `# Local secrets for wrangler dev (not committed)\nTOKEN_SECRET=${randomBytes(32).toString('hex')}\n`);
  console.log('Created .dev.vars with a random TOKEN_SECRET.');
}
