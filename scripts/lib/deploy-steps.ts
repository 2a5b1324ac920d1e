// What `npm run deploy` and `npm run rollback` do, as wrangler commands (docs/decisions/021).
//
// A deploy first notes how to undo itself: the version the Worker serves now (`wrangler
// deployments status`) and a D1 Time Travel bookmark taken before any migration (`wrangler d1
// time-travel info`). Then it migrates, deploys, and prints the two commands that undo it: `wrangler
// rollback <previous version>` for code and pages (a version carries its own static assets), and
// `wrangler d1 time-travel restore --bookmark` for data. Every command goes through one runner, so
// the launch rehearsal can run this same code against its offline stand-in for Cloudflare and then
// run the very commands it printed.
import { spawn } from 'node:child_process';

/** Runs `wrangler <args>` and resolves to its standard output (it rejects on a non-zero exit). */
export type Wrangler = (args: string[]) => Promise<string>;

/** The project's own wrangler, non-interactive; its progress shows on this terminal's stderr. */
export const wranglerCli: Wrangler = (args) =>
  new Promise((resolve, reject) => {
    const child = spawn('wrangler', args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      // NODE_ENV production whatever the shell says: wrangler bundles by it, and a development
      // bundle would carry what only development needs (the in-Worker HEIC decoder, React's checks).
      env: { ...process.env, CI: 'true', NODE_ENV: 'production' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`wrangler ${args.join(' ')} exited with ${code}`)),
    );
  });

/** What a deploy leaves behind to undo it. */
export interface UndoRecord {
  /** The version that served before this deploy (null on a Worker's first deploy). */
  previousVersion: string | null;
  /** D1 Time Travel's bookmark from before this deploy's migrations. */
  bookmark: string;
  /**
   * A moment just before the bookmark (ISO): a restore to the bookmark also erases what Stripe's
   * webhook wrote after it, which `npm run reconcile -- --since` this time puts back.
   */
  bookmarkedAt: string;
  /** wrangler's `--env` arguments of the environment deployed. */
  envArgs: string[];
}

/** The JSON a `--json` wrangler command printed (after any banner line it may write first). */
function json<T>(out: string): T {
  const start = out.search(/[[{]/);
  if (start < 0) throw new Error(`wrangler printed no JSON: ${out.slice(0, 200)}`);
  return JSON.parse(out.slice(start)) as T;
}

/** The version serving all traffic now, or null when the Worker has never been deployed. */
async function liveVersion(wrangler: Wrangler, envArgs: string[]) {
  let out: string;
  try {
    out = await wrangler(['deployments', 'status', '--json', ...envArgs]);
  } catch {
    // "The Worker … has no deployments": a first deploy has nothing to roll back to.
    return null;
  }
  const status = json<{ versions?: { version_id: string; percentage: number }[] }>(out);
  const versions = [...(status.versions ?? [])].sort((a, b) => b.percentage - a.percentage);
  return versions[0]?.version_id ?? null;
}

/** The commands that undo a deploy: code and pages, then data, then the payments the data restore erased. */
export function undoCommands({ previousVersion, bookmark, bookmarkedAt, envArgs }: UndoRecord) {
  return {
    code: previousVersion
      ? ['rollback', previousVersion, '--message', 'Rolled back by the runbook', ...envArgs]
      : null,
    data: ['d1', 'time-travel', 'restore', 'DB', `--bookmark=${bookmark}`, ...envArgs],
    payments: reconcileCommand(bookmarkedAt, envArgs),
  };
}

/** `npm run reconcile` from a time, as a line to paste (scripts/reconcile.ts). */
export const reconcileCommand = (since: string, envArgs: string[]) =>
  `npm run reconcile -- --since ${since}${envArgs.length ? ` ${envArgs.join(' ')}` : ''}`;

/** A command as the log prints it, to be pasted into a terminal. */
export const commandLine = (args: string[]) =>
  `npx wrangler ${args.map((a) => (/\s/.test(a) ? `"${a}"` : a)).join(' ')}`;

/**
 * Bookmark, migrate, deploy. Prints the undo commands twice: the data one before migrating (a
 * failed migration can be undone with it), both after deploying. Resolves to the undo record.
 */
export async function deployWithUndo(options: {
  wrangler: Wrangler;
  envArgs: string[];
  commit?: string | undefined;
  skipMigrations?: boolean;
  log?: (line: string) => void;
}): Promise<UndoRecord> {
  const { wrangler, envArgs, log = console.log } = options;
  const previousVersion = await liveVersion(wrangler, envArgs);
  // Before the bookmark is asked for, to the second: Stripe counts whole seconds.
  const bookmarkedAt = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
  const { bookmark } = json<{ bookmark: string }>(
    await wrangler(['d1', 'time-travel', 'info', 'DB', '--json', ...envArgs]),
  );
  const record: UndoRecord = { previousVersion, bookmark, bookmarkedAt, envArgs };
  const undo = undoCommands(record);
  log(
    `D1 bookmark before this deploy (${bookmarkedAt}): ${bookmark}. To restore the data as it was:\n  ${commandLine(undo.data)}\n  then the payments Stripe recorded since: ${undo.payments}`,
  );
  if (!options.skipMigrations) await wrangler(['d1', 'migrations', 'apply', 'DB', '--remote', ...envArgs]);
  await wrangler([
    'deploy',
    ...envArgs,
    ...(options.commit ? ['--var', `BUILD_COMMIT:${options.commit}`] : []),
  ]);
  log(
    [
      'To undo this deploy (docs/deploying.md, "Rolling back"):',
      undo.code
        ? `  code and pages: ${commandLine(undo.code)}`
        : '  code and pages: nothing to roll back to (the first deploy)',
      `  data:           ${commandLine(undo.data)}`,
      `  then payments:  ${undo.payments}`,
    ].join('\n'),
  );
  return record;
}

/** Undoes a deploy: the previous version back, and (with `data`) the database as it was before. */
export async function rollBack(
  wrangler: Wrangler,
  record: UndoRecord,
  { data = false }: { data?: boolean } = {},
): Promise<string[][]> {
  const { code, data: restore } = undoCommands(record);
  const ran: string[][] = [];
  if (code) {
    await wrangler(code);
    ran.push(code);
  }
  if (data) {
    await wrangler(restore);
    ran.push(restore);
  }
  return ran;
}
