// wrangler.toml read by wrangler's own config reader (environments, inheritance and validation as
// `wrangler deploy` applies them), so Node-side tools never parse the file their own way.
import { unstable_readConfig } from 'wrangler';

/** The deployed environments: the top level is production, `[env.staging]` is staging. */
export const remoteTargets = ['staging', 'production'] as const;
export type RemoteTarget = (typeof remoteTargets)[number];

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
