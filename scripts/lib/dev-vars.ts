import { existsSync, readFileSync, appendFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/**
 * What local development needs on top of wrangler.toml, whose top level is production. `wrangler
 * dev` and the platform proxy read `.dev.vars`; `wrangler deploy` never does, so nothing here can
 * reach a deployed Worker.
 */
const devDefaults = (): Record<string, string> => ({
  ENVIRONMENT: 'development',
  SITE_URL: 'http://127.0.0.1:8787',
  TOKEN_SECRET: randomBytes(32).toString('hex'),
});

/** KEY=value lines of a .dev.vars / .env file (comments and blank lines skipped). */
export function parseDevVars(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#') && l.includes('='))
      .map((l) => [
        l.slice(0, l.indexOf('=')).trim(),
        l
          .slice(l.indexOf('=') + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      ]),
  );
}

/**
 * Creates .dev.vars on a new clone (development settings and a fresh random TOKEN_SECRET) and adds
 * any of them an older file lacks; never changes a value already there.
 */
export function ensureDevVars(root = join(import.meta.dirname, '..', '..')) {
  const file = join(root, '.dev.vars');
  const existing = existsSync(file) ? parseDevVars(readFileSync(file, 'utf8')) : undefined;
  const missing = Object.entries(devDefaults()).filter(([key]) => !existing || !(key in existing));
  if (!missing.length) return;
  const lines = missing.map(([key, value]) => `${key}=${value}`).join('\n');
  if (!existing) {
    writeFileSync(
      file,
      `# Local development settings and secrets for wrangler dev (never committed, never deployed)\n${lines}\n`,
    );
    console.log('Created .dev.vars (development settings and a random TOKEN_SECRET).');
  } else {
    const text = readFileSync(file, 'utf8');
    appendFileSync(file, `${text.endsWith('\n') || !text ? '' : '\n'}${lines}\n`);
    console.log(`Added ${missing.map(([key]) => key).join(', ')} to .dev.vars.`);
  }
}
