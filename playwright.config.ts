import { defineConfig, devices } from '@playwright/test';
import { stripeFakeInfo } from './e2e/helpers/stripe-fake-info.ts';

// Browser tests drive the built site under wrangler dev, with a fresh local database of their own.
const port = Number(process.env.E2E_PORT ?? 8799);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  // A dashboard renders after its session check and its profile call, and its panels are chunks of
  // their own: at a load average of 15–20 on two cores that took over the default 5 s (sign-out and
  // privacy specs). Waiting longer costs nothing when the page is fast.
  expect: {
    timeout: 15_000,
    // The screen-state baselines (e2e/helpers/screen-state.ts): still, caret hidden, CSS pixels; up
    // to 1% of the pixels may differ (anti-aliasing, a masked name's width moving a column), a
    // missing stylesheet or a changed layout differs by far more.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css', maxDiffPixelRatio: 0.01 },
  },
  // Baselines beside their spec, named by the state and the size (no platform suffix: the tests run
  // in Debian's Chromium only).
  snapshotPathTemplate: '{testDir}/{testFileDir}/__screenshots__/{testFileName}/{arg}{ext}',
  use: {
    baseURL,
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // with-fake.ts runs the fake Stripe API beside the Worker, gives the Worker test-mode Stripe
    // settings, forwards the fake's events to the Worker's webhook and writes its address for the tests.
    // wrangler.toml's top level is production: the browser tests run the Worker as development (the
    // dev mailbox reads the codes) on a loopback request URL (--local-upstream), whatever .dev.vars says.
    command: `STRIPE_FAKE_INFO=${stripeFakeInfo} node functions/test/stripe-fake/with-fake.ts wrangler dev --ip 127.0.0.1 --port ${port} --local-upstream 127.0.0.1:${port} --persist-to .wrangler/e2e --var SITE_URL:${baseURL} --var ENVIRONMENT:development --show-interactive-dev-session=false`,
    url: `${baseURL}/api/countries`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
  },
});
