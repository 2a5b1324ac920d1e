// wrangler.toml read by wrangler's own config reader (environments, inheritance and validation as
// `wrangler deploy` applies them), so Node-side tools never parse the file their own way.
import { unstable_readConfig } from 'wrangler';
import { deployTargets, type DeployTarget } from '#schemas/build.ts';

/** The deployed environments: the top level is production, `[env.staging]` is staging. */
export const remoteTargets = deployTargets;
export type RemoteTarget = DeployTarget;

/** wrangler's `--env` name for a target (production is the top level, which has none). */
export const wranglerEnvOf = (target: RemoteTarget) => (target === 'production' ? undefined : target);

/**
 * The wrangler environment a command was asked for: `--env X` / `--env=X` on its command line, else
 * CLOUDFLARE_ENV (the variable wrangler itself honours). None means the top level: production.
 */
export function chosenEnvironment(
  argv: readonly string[] = process.argv,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const i = argv.findIndex((a) => a === '--env' || a.startsWith('--env='));
  const value =
    i < 0 ? env.CLOUDFLARE_ENV : argv[i]!.includes('=') ? argv[i]!.slice('--env='.length) : argv[i + 1];
  return value && value !== 'production' ? value : undefined;
}

/** The part of wrangler's resolved config our tools read (its own type does not resolve from here). */
export interface WranglerConfig {
  name: string | undefined;
  compatibility_date: string | undefined;
  compatibility_flags: string[];
  vars: Record<string, unknown>;
  d1_databases: { binding: string; database_name?: string; database_id?: string; migrations_dir?: string }[];
  r2_buckets: { binding: string; bucket_name?: string }[];
  assets?: { directory?: string };
  /** Custom domains and zone routes (inherited by an environment that sets none of its own). */
  routes?: (string | { pattern: string; custom_domain?: boolean; zone_name?: string; zone_id?: string })[];
  route?: string | { pattern: string };
  workers_dev?: boolean;
  triggers?: { crons?: string[] };
}

/** The resolved configuration of one environment (undefined: the top level, production). */
export function readWranglerConfig(environment?: string, configPath = 'wrangler.toml'): WranglerConfig {
  // wrangler throws (naming the environments it has) for an environment the file does not define.
  return unstable_readConfig(
    { config: configPath, env: environment },
    { hideWarnings: true },
  ) as WranglerConfig;
}

/** A var of one environment as a deployed Worker would see it (vars only: never .dev.vars or secrets). */
export function wranglerVar(name: string, environment?: string): string | undefined {
  const value = readWranglerConfig(environment).vars[name];
  return typeof value === 'string' ? value : undefined;
}

/** The public origin of an environment: SITE_URL from its vars, checked to be an absolute URL. */
export function siteUrlFor(environment?: string): string {
  const value = wranglerVar('SITE_URL', environment);
  if (!value || !URL.canParse(value))
    throw new Error(`wrangler.toml${environment ? ` [env.${environment}]` : ''} has no valid SITE_URL var`);
  return new URL(value).origin;
}

/** Where one deployed environment answers: its Worker, its routes' hosts and SITE_URL's host. */
export interface DeployedAddress {
  target: RemoteTarget;
  worker: string;
  /** Route patterns as written (`www.example.com`, `example.com/*`). */
  routes: string[];
  workersDev: boolean;
  siteHost: string | undefined;
}

/** The addresses of production and staging, as wrangler resolves each (inheritance included). */
export function deployedAddresses(configPath = 'wrangler.toml'): DeployedAddress[] {
  return remoteTargets.map((target) => {
    const c = readWranglerConfig(wranglerEnvOf(target), configPath);
    const routes = [...(c.routes ?? []), ...(c.route ? [c.route] : [])].map((r) =>
      typeof r === 'string' ? r : r.pattern,
    );
    const site = c.vars.SITE_URL;
    return {
      target,
      worker: c.name ?? '(no name)',
      routes,
      // wrangler's own default: a Worker without routes is published on workers.dev.
      workersDev: c.workers_dev ?? routes.length === 0,
      siteHost: typeof site === 'string' && URL.canParse(site) ? new URL(site).hostname : undefined,
    };
  });
}

/** A route pattern's host, lower-case (`*.example.com/*` → `*.example.com`). */
const routeHost = (pattern: string) =>
  pattern
    .replace(/^https?:\/\//, '')
    .split('/')[0]!
    .toLowerCase();

/** Whether a route host covers a host name: exactly, or as `*.example.com` / `*example.com` (apex too). */
function hostCovers(pattern: string, host: string) {
  if (pattern === host) return true;
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1));
  if (pattern.startsWith('*')) return host === pattern.slice(1) || host.endsWith(`.${pattern.slice(1)}`);
  return false;
}

/**
 * What is wrong with the environments' addresses: a route host that two environments share (a
 * deploy of one would take the other's domain: wrangler moves a custom domain to the Worker
 * deploying it), an environment whose routes do not serve its own SITE_URL, an environment with no
 * address at all. Empty when each environment answers on hosts of its own.
 */
export function addressProblems(addresses: DeployedAddress[]): string[] {
  const problems: string[] = [];
  for (const [i, a] of addresses.entries()) {
    if (a.routes.length === 0 && !a.workersDev)
      problems.push(`${a.target} has no route and workers_dev is off: nothing would reach ${a.worker}`);
    const hosts = a.routes.map(routeHost);
    if (a.siteHost && hosts.length > 0 && !hosts.some((h) => hostCovers(h, a.siteHost!)))
      problems.push(
        `${a.target}'s routes (${hosts.join(', ')}) do not serve its SITE_URL host ${a.siteHost}`,
      );
    for (const b of addresses.slice(i + 1)) {
      const other = b.routes.map(routeHost);
      const shared = hosts.filter((h) => other.some((o) => hostCovers(h, o) || hostCovers(o, h)));
      if (shared.length > 0)
        problems.push(
          `${a.target} and ${b.target} share the route ${shared.join(', ')}: each deploy would move it to its own Worker (${a.worker}, ${b.worker})`,
        );
    }
  }
  return problems;
}

/**
 * What is wrong with the bare domain's redirect Worker (wrangler.apex.toml) against production's
 * configuration: it must answer on SITE_URL's host without `www.`, send people to production's
 * SITE_URL, and carry no static assets (its code must answer every path); and production's own
 * Worker must not route the bare domain too (its assets layer would answer first there and serve
 * a second copy of the site). Empty when production's SITE_URL has no `www.` to drop.
 */
export function apexProblems(configPath = 'wrangler.toml', apexPath = 'wrangler.apex.toml'): string[] {
  const production = readWranglerConfig(undefined, configPath);
  const site = production.vars.SITE_URL;
  if (typeof site !== 'string' || !URL.canParse(site)) return ['production has no valid SITE_URL'];
  const siteUrl = new URL(site);
  if (!siteUrl.hostname.startsWith('www.')) return [];
  const bare = siteUrl.hostname.slice('www.'.length);
  const apex = readWranglerConfig(undefined, apexPath);
  const problems: string[] = [];
  const hosts = [...(apex.routes ?? []), ...(apex.route ? [apex.route] : [])].map((r) =>
    routeHost(typeof r === 'string' ? r : r.pattern),
  );
  if (!hosts.includes(bare))
    problems.push(`the apex Worker answers on ${hosts.join(', ') || 'no route'}, not ${bare}`);
  const target = apex.vars.SITE_URL;
  if (typeof target !== 'string' || !URL.canParse(target) || new URL(target).origin !== siteUrl.origin)
    problems.push(
      `the apex Worker sends people to ${String(target)}, not production's SITE_URL ${siteUrl.origin}`,
    );
  if (apex.assets?.directory)
    problems.push('the apex Worker has static assets: they would answer before its redirect');
  const own = [...(production.routes ?? []), ...(production.route ? [production.route] : [])].map((r) =>
    routeHost(typeof r === 'string' ? r : r.pattern),
  );
  if (own.some((h) => hostCovers(h, bare)))
    problems.push(
      `production's Worker also routes ${bare}: its assets layer answers there before any redirect; leave the bare domain to the apex Worker`,
    );
  return problems;
}
