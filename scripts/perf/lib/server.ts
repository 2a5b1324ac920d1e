// Starts `wrangler dev` on a port of our own for a benchmark and stops it again. Run through an npm
// script so that Node 22 and node_modules/.bin come first on PATH.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { localDevArgs } from '#scripts/lib/local-dev.ts';
import { freePort } from '#functions/test/stripe-fake/free-port.ts';

/**
 * Ends a detached child and everything it started (wrangler runs workerd under it): SIGTERM to the
 * process group, and SIGKILL half a second later for what did not stop.
 */
export async function endProcessGroup(pid: number) {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  await new Promise((r) => setTimeout(r, 500));
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/** True when something already answers on the URL. */
export async function isUp(url: string) {
  try {
    const res = await fetch(`${url}/api/features`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * Serves dist/ and the Worker with `wrangler dev` on 127.0.0.1:port. `persistTo` picks another
 * local database (the scale runs use .wrangler/scale). Resolves once /api/features answers.
 */
export async function startServer({
  port,
  persistTo,
  quiet = true,
  stripeFake = false,
  assets,
  vars = {},
}: {
  port: number;
  persistTo?: string;
  quiet?: boolean;
  stripeFake?: boolean;
  /** Serve another build than dist/ (the scale run's dist-scale). */
  assets?: string;
  /** More vars for the Worker (the scale run's BUILD_TOKEN). */
  vars?: Record<string, string>;
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  if (await isUp(url))
    throw new Error(`Port ${port} is already in use: stop that server or pass --url ${url} to use it.`);
  // wrangler refuses to start when the assets directory is missing (API-only runs need no build).
  if (!existsSync('dist')) mkdirSync('dist');
  // A local tool: the Worker runs as development (the fuzz reads codes from the dev outbox) on a
  // loopback request URL, whatever .dev.vars says (wrangler.toml's top level is production).
  const args = [
    'dev',
    ...localDevArgs(port, await freePort()),
    '--var',
    `SITE_URL:${url}`,
    '--var',
    'ENVIRONMENT:development',
    '--show-interactive-dev-session=false',
    '--log-level',
    'warn',
  ];
  if (persistTo) args.push('--persist-to', persistTo);
  if (assets) args.push('--assets', assets);
  for (const [name, value] of Object.entries(vars)) args.push('--var', `${name}:${value}`);
  // EDGE_CACHE_SECONDS=0 in the caller's environment measures without the Worker's edge cache.
  if (process.env.EDGE_CACHE_SECONDS !== undefined)
    args.push('--var', `EDGE_CACHE_SECONDS:${process.env.EDGE_CACHE_SECONDS}`);
  // With `stripeFake`, the Worker talks to the local Stripe-compatible fake (as in the browser
  // tests), so the payment endpoints are exercised instead of answering 503 'not configured'.
  const [command, commandArgs] = stripeFake
    ? ['node', ['functions/test/stripe-fake/with-fake.ts', 'wrangler', ...args]]
    : ['wrangler', args];
  const child: ChildProcess = spawn(command, commandArgs, {
    stdio: quiet ? ['ignore', 'ignore', 'pipe'] : 'inherit',
    detached: true,
    env: { ...process.env, CI: 'true' },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const stop = async () => {
    if (!exited && child.pid !== undefined) await endProcessGroup(child.pid);
  };
  const cleanup = () => {
    void stop();
  };
  process.once('exit', cleanup);
  process.once('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`wrangler dev exited early:\n${stderr}`);
    if (await isUp(url)) return { url, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`wrangler dev did not answer on ${url} within 90 s:\n${stderr}`);
}

/** Uses --url when given (a server someone else runs), else starts one on the port. */
export async function serverFor(
  argv: string[],
  port: number,
  persistTo?: string,
  options: { stripeFake?: boolean } = {},
): Promise<RunningServer> {
  const i = argv.indexOf('--url');
  if (i >= 0 && argv[i + 1]) {
    const url = argv[i + 1]!.replace(/\/$/, '');
    if (!(await isUp(url))) throw new Error(`Nothing answers at ${url}`);
    return { url, stop: async () => {} };
  }
  // WRANGLER_PERSIST_TO (as the browser tests use) picks the database when the caller names none.
  const database = persistTo ?? process.env.WRANGLER_PERSIST_TO;
  console.log(`Starting wrangler dev on 127.0.0.1:${port}${database ? ` (database ${database})` : ''} ...`);
  return startServer({ port, ...(database ? { persistTo: database } : {}), ...options });
}
