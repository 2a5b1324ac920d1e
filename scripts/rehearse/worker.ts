// The production Worker, offline: `wrangler dev` on wrangler.toml's top level (ENVIRONMENT and
// SITE_URL exactly as deployed), on a state folder of its own, with production's secrets from an env
// file instead of .dev.vars (wrangler reads no .dev.vars when given --env-file), serving the assets
// folder the stand-in deploy hook swaps builds into. Cron Triggers are fired through wrangler dev's
// /cdn-cgi/local/scheduled?cron=…&time=… endpoint.
import { spawn } from 'node:child_process';
import { endProcessGroup } from '../perf/lib/server.ts';
import { localDevArgs } from '../lib/local-dev.ts';
import { freePort } from '#functions/test/stripe-fake/free-port.ts';

export async function startProductionWorker(options: {
  port: number;
  stateDir: string;
  envFile: string;
  assetsDir: string;
  commit?: string;
  /** Vars an operator sets in wrangler.toml before the first deploy (docs/deploying.md step 4: SITE_URL). */
  vars?: Record<string, string>;
  log: (text: string) => void;
}) {
  const url = `http://127.0.0.1:${options.port}`;
  const args = [
    'dev',
    // The request URL stays the loopback one (wrangler.toml's routes would make it production's
    // host): the dev routes must be closed even where a loopback host would open them.
    ...localDevArgs(options.port, await freePort()),
    '--persist-to',
    options.stateDir,
    '--env-file',
    options.envFile,
    '--assets',
    options.assetsDir,
    // As `npm run deploy` tags the Worker with its commit.
    ...(options.commit ? ['--var', `BUILD_COMMIT:${options.commit}`] : []),
    ...Object.entries(options.vars ?? {}).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
    '--show-interactive-dev-session=false',
    '--log-level',
    'warn',
  ];
  const child = spawn('wrangler', args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true', CLOUDFLARE_ENV: '' },
  });
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (d: Buffer) => options.log(d.toString()));
  let exited: number | null | undefined;
  child.on('exit', (code) => {
    exited = code;
  });
  const stop = async () => {
    if (exited === undefined && child.pid !== undefined) await endProcessGroup(child.pid);
  };
  process.once('exit', () => void stop());
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`wrangler dev exited (${exited}) before serving: see the log`);
    const up = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status > 0,
      () => false,
    );
    if (up) return { url, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('wrangler dev did not answer within 90 s: see the log');
}
