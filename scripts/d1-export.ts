/**
 * Exports the D1 database's data as SQL that a new D1 database can import (docs/operations.md, "Backups").
 *
 *   npm run db:export -- --remote --output backup.sql [--env staging]
 *   npm run db:export -- --local --output backup.sql
 *
 * `wrangler d1 export` refuses a database with virtual tables ("cannot export databases with
 * Virtual Tables (fts5)"), and we have two FTS5 indexes (subjects_fts, jobs_fts). So this exports
 * the data of every ordinary table (`--table` for each, `--no-schema`), leaving out the FTS tables
 * and their shadow tables and wrangler's own d1_migrations. To restore into an empty database, apply
 * the migrations first (they create the schema, the FTS tables and the triggers that fill them as
 * the rows are inserted), then execute the file:
 *
 *   npx wrangler d1 migrations apply DB --remote
 *   npx wrangler d1 execute DB --remote --file backup.sql
 */
import { execFileSync } from 'node:child_process';
import { run } from './lib/run.ts';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const value = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const output = value('--output');
const where = flag('--remote') ? '--remote' : flag('--local') ? '--local' : undefined;
if (!output || !where) {
  console.error('usage: npm run db:export -- (--remote | --local) --output FILE [--env NAME]');
  process.exit(2);
}
const envArgs = value('--env') ? ['--env', value('--env')!] : [];

// Every table; which are virtual (CREATE VIRTUAL TABLE) decides which names to leave out, with
// their shadow tables (<name>_data, <name>_idx, <name>_content, <name>_docsize, <name>_config).
const listing = execFileSync(
  'wrangler',
  [
    'd1',
    'execute',
    'DB',
    where,
    ...envArgs,
    '--json',
    '--command',
    "select name, sql from sqlite_master where type = 'table' order by rowid",
  ],
  { encoding: 'utf8' },
);
const rows = (JSON.parse(listing) as { results: { name: string; sql: string | null }[] }[])[0]!.results;
const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql ?? '')).map((r) => r.name);
const internal = (name: string) =>
  name.startsWith('sqlite_') || name.startsWith('_cf_') || name === 'd1_migrations';
const tables = rows
  .map((r) => r.name)
  .filter((name) => !internal(name) && !virtual.some((v) => name === v || name.startsWith(`${v}_`)));

console.log(
  `Exporting ${tables.length} tables (leaving out ${virtual.join(', ') || 'no virtual tables'} and their shadow tables)…`,
);
await run('wrangler', [
  'd1',
  'export',
  'DB',
  where,
  ...envArgs,
  '--no-schema',
  '--output',
  output,
  ...tables.flatMap((t) => ['--table', t]),
]);
console.log(
  `Wrote ${output}. Restore: apply the migrations to an empty database, then \`wrangler d1 execute DB ${where} --file ${output}\`.`,
);
