import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { freePort } from './functions/test/stripe-fake/free-port.ts';

// Three projects: the API tests run inside workerd against real D1 and R2, with the real
// migrations applied; the site's pure client logic (site/**/*.test.ts) and the deploy tools' checks
// (scripts/**/*.test.ts) run in plain Node.
export default defineConfig(async () => {
  const migrations = await readD1Migrations('db/migrations');
  // The fake Stripe API (functions/test/stripe-fake) listens here; the global setup starts it.
  process.env.STRIPE_FAKE_PORT ??= String(await freePort());
  // The fake mail provider (functions/test/mail-fake) likewise; tests opt in with withFakeMail().
  process.env.MAIL_FAKE_PORT ??= String(await freePort());
  // The test images' server (functions/test/image-fixtures): uploads' bytes and linked images.
  process.env.IMAGE_FIXTURES_PORT ??= String(await freePort());
  const workerd = {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // The staff routes' table, checked against the routes (functions/routes/admin/roles.test.ts).
            STAFF_ROUTES_DOC: readFileSync('docs/staff-routes.md', 'utf8'),
            ENVIRONMENT: 'test',
            // wrangler.toml's top level is production's origin; tests run on the local one.
            SITE_URL: 'http://127.0.0.1:8787',
            // Random for each run, as `npm start` makes one: production's rule for it holds here too
            // (functions/lib/token-secret.test.ts).
            TOKEN_SECRET: randomBytes(32).toString('hex'),
            STRIPE_SECRET_KEY: 'sk_test_fake_0123456789',
            STRIPE_WEBHOOK_SECRET: 'whsec_test_fake_0123456789',
            PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_0123456789',
            STRIPE_API_HOST: '127.0.0.1',
            STRIPE_API_PORT: process.env.STRIPE_FAKE_PORT,
            STRIPE_API_PROTOCOL: 'http',
            MAIL_FAKE_PORT: process.env.MAIL_FAKE_PORT,
            IMAGE_FIXTURES_PORT: process.env.IMAGE_FIXTURES_PORT,
          },
          // wrangler.toml's flood limits (functions/middleware/rate-limit.ts `flood`) would refuse the
          // suite's own bursts from one test address: here they never refuse, so the D1 counters are
          // the line the tests see (the fallback where the bindings are absent). The flood tests
          // swap in the TEST_ ones, small enough to refuse (functions/flood-limits.test.ts).
          ratelimits: {
            RATE_LIMIT_ADDRESS: { namespace_id: '1801', simple: { limit: 1_000_000, period: 60 } },
            RATE_LIMIT_ACCOUNT: { namespace_id: '1802', simple: { limit: 1_000_000, period: 60 } },
            TEST_FLOOD_ADDRESS: { namespace_id: '1901', simple: { limit: 3, period: 60 } },
            TEST_FLOOD_ACCOUNT: { namespace_id: '1902', simple: { limit: 2, period: 60 } },
          },
        },
      }),
    ],
    test: {
      name: 'workerd',
      // Each workerd runs test file after test file instead of one being started per file (about 3 s
      // of start-up, module transform and set-up a file on this machine: 436 s for the suite, now
      // about 120 s). The set-up file empties D1 and R2 before each file's migrations and seed, and
      // puts spies back after it (functions/test/reset-storage.ts, and its test).
      isolate: false,
      // PERF=1 (npm run perf:export) runs the export measurement instead of the suite.
      include: process.env.PERF
        ? ['functions/perf/*.perf.ts']
        : ['functions/**/*.test.ts', 'db/**/*.test.ts', 'schemas/**/*.test.ts'],
      // Every registration and sign-in hashes a password at production cost (scrypt p=5, ~0.2 s a
      // hash on an idle core, ~1 s on this shared machine under load): tests get room for several.
      testTimeout: 30_000,
      hookTimeout: 30_000,
      setupFiles: ['./functions/test/setup.ts'],
      globalSetup: [
        './functions/test/stripe-fake/global-setup.ts',
        './functions/test/mail-fake/global-setup.ts',
        './functions/test/image-fixtures/global-setup.ts',
      ],
    },
  };
  const site = {
    test: {
      name: 'site',
      environment: 'node',
      include: ['site/**/*.test.ts'],
    },
  };
  // The Node-side tools' checks (the deploy path: wrangler.toml's environments, migrations, the
  // workflow; the build's post-processing of Astro's output in scripts/build/, and the canary on the
  // Astro markers it matches), in plain Node beside the files they read.
  const scripts = {
    test: {
      name: 'scripts',
      environment: 'node',
      include: ['scripts/**/*.test.ts'],
      testTimeout: 30_000,
    },
  };
  return {
    test: {
      projects: process.env.PERF ? [workerd] : [workerd, site, scripts],
      // vitest's default in a run is one worker fewer than the cores: one workerd at a time on a
      // two-core CI machine, which sits half idle while a test waits on D1, R2 or a hash. Each worker
      // has its own workerd and storage, so running as many as there are cores is safe.
      maxWorkers: '100%',
      // The Worker logs one JSON line per request (middleware/request-log.ts): thousands in a run.
      // Tests that check them spy on console; the terminal shows everything else. (A root option:
      // vitest ignores it inside a project.)
      onConsoleLog: (log: string) => !log.startsWith('{"type":"request"'),
    },
  };
});
