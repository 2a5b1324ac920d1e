import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unstable_readConfig } from 'wrangler';
import {
  declaredEnvironments,
  developmentOnlyModules,
  dryRun,
  dryRunArgs,
  dryRunProblems,
  environmentLabel,
} from './deploy-dry-run.ts';

/** The keys of one environment's resolved `define` (undefined: the top level). */
const defineOf = (environment?: string, config = 'wrangler.toml') =>
  (
    unstable_readConfig({ config, env: environment }, { hideWarnings: true }) as {
      define: Record<string, string>;
    }
  ).define;

/** wrangler.toml with `edit` applied, in a folder of its own; `main` made absolute so it still bundles. */
function variant(edit: (toml: string) => string) {
  const toml = readFileSync('wrangler.toml', 'utf8');
  const edited = edit(toml);
  expect(edited).not.toBe(toml);
  const path = join(mkdtempSync(join(tmpdir(), 'wrangler-')), 'wrangler.toml');
  writeFileSync(
    path,
    edited.replace(/^main = "(.*)"$/m, (_, main: string) => `main = "${resolve(main)}"`),
  );
  return path;
}

describe('the deploy dry run of every environment', () => {
  it('covers the top level and each [env.*] the file declares', () => {
    expect(declaredEnvironments()).toEqual([undefined, 'staging']);
    expect(dryRunArgs(undefined, { configPath: 'w.toml', assetsDir: 'a', outdir: 'o' })).toContain('--env=');
  });

  it("gives every environment the top level's define (not inherited by wrangler)", () => {
    const production = defineOf();
    expect(production).toEqual({ 'import.meta.env.DEV': 'false' });
    for (const environment of declaredEnvironments().slice(1))
      expect(defineOf(environment)).toEqual(production);
  });

  it("refuses wrangler's warnings and errors, and a non-zero exit", () => {
    const warning =
      '\u001b[33m▲ \u001b[43;33m[\u001b[43;30mWARNING\u001b[43;33m]\u001b[0m \u001b[1mProcessing wrangler.toml configuration:\u001b[0m\n';
    expect(dryRunProblems({ code: 0, stdout: 'Total Upload: 1 KiB\n', stderr: '' })).toEqual([]);
    expect(dryRunProblems({ code: 0, stdout: '', stderr: warning })).toEqual([
      '▲ [WARNING] Processing wrangler.toml configuration:',
    ]);
    expect(dryRunProblems({ code: 0, stdout: '✘ [ERROR] no\n', stderr: '' })).toEqual(['✘ [ERROR] no']);
    expect(dryRunProblems({ code: 1, stdout: '', stderr: '' })).toEqual(['wrangler exited with 1']);
  });

  it('reports the warning wrangler gives for an environment without the define', async () => {
    const path = variant((t) => t.replace(/^\[env\.staging\.define\]\n.*\n/m, ''));
    const { problems, output } = await dryRun('staging', path);
    expect(output.code).toBe(0);
    expect(problems.join('\n')).toMatch(/"define" exists at the top level, but not on "env\.staging"/);
  });

  it('names a development-only module found in a bundle', () => {
    expect(developmentOnlyModules(['index.js', '30b26bc-libheif.wasm', 'x-tabs.css'])).toEqual([
      'the bundle carries 30b26bc-libheif.wasm, which serves development and tests only',
    ]);
  });

  // The in-Worker HEIC decoder (1.4 MB of WebAssembly) stands in for the Images binding's local
  // simulation only: the bundle `wrangler deploy` makes, whatever the environment, leaves it out.
  it('leaves the in-Worker HEIC decoder out of every environment a deploy bundles', async () => {
    for (const environment of declaredEnvironments()) {
      const label = environmentLabel(environment);
      const { problems, output, modules } = await dryRun(environment);
      expect(output.code, label).toBe(0);
      expect(modules, label).toContain('index.js');
      expect(
        modules.filter((name) => /libheif/i.test(name)),
        label,
      ).toEqual([]);
      expect(problems, label).toEqual([]);
    }
  }, 120_000);
});
