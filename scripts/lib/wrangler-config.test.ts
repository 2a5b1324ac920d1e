import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressProblems, apexProblems, deployedAddresses } from './wrangler-config.ts';

/** wrangler.toml (or another config) with `edit` applied, written where wrangler's reader can read it. */
function variant(edit: (toml: string) => string, file = 'wrangler.toml') {
  const toml = readFileSync(file, 'utf8');
  const edited = edit(toml);
  expect(edited).not.toBe(toml);
  const path = join(mkdtempSync(join(tmpdir(), 'wrangler-')), file);
  writeFileSync(path, edited);
  return path;
}
/** Staging's own routes line, which the deploy steps of docs/deploying.md keep. */
const STAGING_ROUTES = /^(\[env\.staging\]\n)routes = .*\n/m;

describe("the environments' addresses (wrangler's own resolution)", () => {
  it('production and staging answer on hosts of their own, each its SITE_URL', () => {
    const addresses = deployedAddresses();
    expect(addresses.map((a) => a.target)).toEqual(['staging', 'production']);
    expect(addressProblems(addresses)).toEqual([]);
  });

  it('refuses a staging that inherits production’s route (no routes of its own)', () => {
    const path = variant((t) => t.replace(STAGING_ROUTES, '$1'));
    const addresses = deployedAddresses(path);
    // wrangler itself resolves staging to production's domain: the defect the check exists for.
    expect(addresses[0]!.routes).toEqual(addresses[1]!.routes);
    const problems = addressProblems(addresses);
    expect(problems).toContainEqual(
      expect.stringMatching(/^staging and production share the route www\.bridgeway-global\.example/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^staging's routes \(www\.bridgeway-global\.example\) do not serve its SITE_URL/),
    );
  });

  it('refuses a wildcard route that covers the other environment’s host', () => {
    const path = variant((t) =>
      t.replace(
        'pattern = "www.bridgeway-global.example", custom_domain = true',
        'pattern = "*bridgeway-global.example/*", zone_name = "bridgeway-global.example"',
      ),
    );
    expect(addressProblems(deployedAddresses(path))).toContainEqual(expect.stringMatching(/share the route/));
  });

  it('accepts a staging on workers.dev only', () => {
    const path = variant((t) =>
      t
        .replace(STAGING_ROUTES, '$1routes = []\n')
        .replace(/(\[env\.staging\]\nroutes = \[\]\n)workers_dev = false/, '$1workers_dev = true'),
    );
    const [staging] = deployedAddresses(path);
    expect(staging).toMatchObject({ routes: [], workersDev: true });
    expect(addressProblems(deployedAddresses(path))).toEqual([]);
  });
});

describe('the bare domain (wrangler.apex.toml): a redirect Worker of its own', () => {
  it('answers on SITE_URL’s host without www and sends everyone to production’s SITE_URL', () => {
    expect(apexProblems()).toEqual([]);
  });

  it('refuses an apex Worker left on another domain, or sending people elsewhere', () => {
    const elsewhere = variant(
      (t) => t.replace('pattern = "bridgeway-global.example"', 'pattern = "bridgeway.example"'),
      'wrangler.apex.toml',
    );
    expect(apexProblems('wrangler.toml', elsewhere)).toContainEqual(
      expect.stringMatching(/^the apex Worker answers on bridgeway\.example, not bridgeway-global\.example/),
    );
    const target = variant(
      (t) =>
        t.replace(
          'SITE_URL = "https://www.bridgeway-global.example"',
          'SITE_URL = "https://www.other.example"',
        ),
      'wrangler.apex.toml',
    );
    expect(apexProblems('wrangler.toml', target)).toContainEqual(
      expect.stringMatching(/^the apex Worker sends people to https:\/\/www\.other\.example/),
    );
  });

  it('refuses the bare domain as a route of the site’s Worker too (its assets would answer first)', () => {
    const both = variant((t) =>
      t.replace(
        'routes = [{ pattern = "www.bridgeway-global.example", custom_domain = true }]',
        'routes = [{ pattern = "www.bridgeway-global.example", custom_domain = true }, { pattern = "bridgeway-global.example", custom_domain = true }]',
      ),
    );
    expect(apexProblems(both)).toContainEqual(
      expect.stringMatching(/^production's Worker also routes bridgeway-global\.example/),
    );
  });
});
