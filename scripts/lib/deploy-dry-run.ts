// `wrangler deploy --dry-run` for one environment of wrangler.toml: wrangler bundles the Worker and
// validates the environment as a real deploy would, offline, and says what it would refuse or
// warn about. A warning there (a key such as `define` that an environment does not inherit) means
// that environment does not deploy what the top level does, so any output on stderr counts.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { experimental_readRawConfig } from 'wrangler';

/** wrangler's raw reader; its declared type lives in a package wrangler bundles, which does not resolve here. */
const readRawConfig = experimental_readRawConfig as unknown as (args: { config: string }) => {
  rawConfig: { env?: Record<string, unknown> };
};

/** Every environment the file declares: the top level (undefined, production) first, then each `[env.*]`. */
export function declaredEnvironments(configPath = 'wrangler.toml'): (string | undefined)[] {
  // The file as wrangler parses it (TOML, JSON or JSONC alike): the resolved config has no `env`.
  const { rawConfig } = readRawConfig({ config: configPath });
  return [undefined, ...Object.keys(rawConfig.env ?? {})];
}

/** How an environment is named in the report. */
export const environmentLabel = (environment: string | undefined) => environment ?? 'top level (production)';

/** What one dry run printed, and how it ended. */
export interface DryRunOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * What a dry run says is wrong: a non-zero exit, and every warning or error wrangler printed (its
 * logger writes both to stderr; `[WARNING]`/`[ERROR]` on stdout count too). Empty when clean.
 */
export function dryRunProblems({ code, stdout, stderr }: DryRunOutput): string[] {
  const problems: string[] = [];
  if (code !== 0) problems.push(`wrangler exited with ${code}`);
  const err = stripVTControlCharacters(stderr)
    .split('\n')
    .filter((line) => line.trim())
    .join('\n');
  if (err) problems.push(err);
  for (const line of stripVTControlCharacters(stdout).split('\n'))
    if (/\[(WARNING|ERROR)\]/.test(line)) problems.push(line.trim());
  return problems;
}

/**
 * Modules that serve development and tests only and must not be deployed: the in-Worker HEIC
 * decoder (libheif, 1.4 MB of WebAssembly), which stands in for the Images binding's local
 * simulation; the deploy bundle leaves it out (functions/services/files/image-pipeline.ts).
 */
const DEVELOPMENT_ONLY = [/libheif/i];

/** The development-only modules among a bundle's files, one problem each. */
export function developmentOnlyModules(modules: string[]): string[] {
  return modules
    .filter((name) => DEVELOPMENT_ONLY.some((pattern) => pattern.test(name)))
    .map((name) => `the bundle carries ${name}, which serves development and tests only`);
}

/** The size line of a dry run (`Total Upload: … KiB / gzip: … KiB`), to show what was bundled. */
export const uploadSize = (stdout: string) =>
  /Total Upload: .*/.exec(stripVTControlCharacters(stdout))?.[0] ?? 'no bundle size printed';

/**
 * wrangler's arguments for one environment. The top level is `--env=` (the empty name): without a
 * name wrangler warns that a file with environments was deployed without choosing one. `--assets`
 * puts an empty folder in place of `[assets] directory` (dist/, which only a build makes); the rest
 * of `[assets]` (binding, run_worker_first, html handling) is still read from the file.
 */
export function dryRunArgs(
  environment: string | undefined,
  { configPath, assetsDir, outdir }: { configPath: string; assetsDir: string; outdir: string },
) {
  return [
    'deploy',
    '--dry-run',
    `--env=${environment ?? ''}`,
    '--config',
    configPath,
    '--assets',
    assetsDir,
    '--outdir',
    outdir,
  ];
}

/** One environment's dry run, in a scratch folder removed afterwards. */
export async function dryRun(environment: string | undefined, configPath = 'wrangler.toml') {
  const scratch = mkdtempSync(join(tmpdir(), 'deploy-dry-run-'));
  try {
    const args = dryRunArgs(environment, {
      configPath,
      assetsDir: join(scratch, 'assets'),
      outdir: join(scratch, 'bundle'),
    });
    mkdirSync(join(scratch, 'assets'));
    const output = await new Promise<DryRunOutput>((resolve, reject) => {
      // As a deploy bundles: wrangler defines NODE_ENV as production unless the shell says
      // otherwise (a test runner does), and that define is what leaves development code out.
      const { NODE_ENV: _ignored, ...env } = process.env;
      const child = spawn('wrangler', args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        // Offline and unattended: no telemetry, no prompts.
        env: { ...env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    // The files a deploy would upload: the Worker's script and the modules it attaches.
    const bundle = join(scratch, 'bundle');
    const modules = existsSync(bundle) ? readdirSync(bundle) : [];
    return {
      environment,
      output,
      modules,
      problems: [...dryRunProblems(output), ...developmentOnlyModules(modules)],
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
