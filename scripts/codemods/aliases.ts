// Rewrites relative imports that climb out of their folder into the path aliases of package.json
// "imports" (`#schemas/…`, `#db/…`, `#functions/…`, `#site/…`, `#scripts/…`, `#e2e/…`), which Node,
// Vite/Astro, vitest's workerd pool, wrangler's esbuild and TypeScript all resolve the same way.
//
//   node scripts/codemods/aliases.ts            rewrite every tracked source file
//   node scripts/codemods/aliases.ts --check    list what it would change; exit 1 if anything
//   node scripts/codemods/aliases.ts FILE…      rewrite only these files
//
// The rule: an import is rewritten when it goes up two or more folders (`../../x`) or leaves its
// top-level folder (`site/…` importing `../schemas/x.ts`). Imports inside a folder and its parent
// (`./x`, `../x` in the same top-level folder) stay relative: they read better and move together.
// Only module specifiers are touched (import/export … from, import '…', import('…'), vi.mock('…'));
// stylesheets and assets stay relative, as do `new URL('…', import.meta.url)` paths.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const imports =
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { imports?: Record<string, string> })
    .imports ?? {};

/** '#schemas/*' → 'schemas': the alias prefix and the folder it stands for. */
const aliases = Object.entries(imports)
  .filter(([key, target]) => key.endsWith('/*') && target.endsWith('/*'))
  .map(([key, target]) => ({ prefix: key.slice(0, -1), folder: posix.normalize(target.slice(0, -1)) }))
  .map((a) => ({ ...a, folder: a.folder.replace(/^\.\//, '').replace(/\/$/, '') }))
  .sort((a, b) => b.folder.length - a.folder.length);

const CODE = /\.(?:ts|tsx|mts|js|mjs|json)$/;
const SOURCE = /\.(?:ts|tsx|mts|js|mjs|astro)$/;
// import x from '…' / export … from '…' / import '…' / import('…') / vi.mock('…') / vi.importActual('…')
const SPECIFIER =
  /(\bfrom\s*|\bimport\s*|\bimport\(\s*|\bvi\.(?:mock|doMock|importActual)\(\s*)(['"])(\.\.?\/[^'"]+)\2/g;

function topFolder(path: string) {
  return path.split('/')[0] ?? '';
}

/** The alias for a relative specifier in `file` (both relative to the root), or null to keep it. */
function aliasFor(file: string, specifier: string): string | null {
  if (!CODE.test(specifier)) return null;
  const target = posix.normalize(posix.join(posix.dirname(file), specifier));
  const climbs = specifier.split('/').filter((part) => part === '..').length;
  if (climbs < 2 && topFolder(target) === topFolder(file)) return null;
  const alias = aliases.find((a) => target.startsWith(`${a.folder}/`));
  if (!alias) return null;
  return alias.prefix + target.slice(alias.folder.length + 1);
}

function rewrite(file: string, text: string) {
  let changes = 0;
  const out = text.replace(SPECIFIER, (whole, lead: string, quote: string, specifier: string) => {
    const alias = aliasFor(file, specifier);
    if (!alias) return whole;
    changes++;
    return `${lead}${quote}${alias}${quote}`;
  });
  return { out, changes };
}

function trackedSources() {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  // Root files (astro.config.mjs, vitest.config.ts, playwright.config.ts…) are loaded by each tool's
  // own config loader before any resolver is set up: they keep their plain relative paths.
  return listed
    .split('\0')
    .filter((f) => f.includes('/') && SOURCE.test(f) && !f.startsWith('bench/') && !f.endsWith('.d.ts'));
}

function main(args: string[]) {
  const check = args.includes('--check');
  const named = args.filter((a) => !a.startsWith('--')).map((f) => relative(root, resolve(f)));
  const files = named.length ? named : trackedSources();
  let total = 0;
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const { out, changes } = rewrite(file, text);
    if (!changes) continue;
    total += changes;
    if (check) console.log(`${file}: ${changes}`);
    else writeFileSync(join(root, file), out);
  }
  console.log(
    `${check ? 'would rewrite' : 'rewrote'} ${total} import(s)${named.length ? '' : ' across the tree'}`,
  );
  if (check && total) process.exitCode = 1;
}

if (process.argv[1] === import.meta.filename) main(process.argv.slice(2));
