import { defineConfig, devices } from '@playwright/test';
import { E2E_WORKERS, e2eStacks, ownStack } from './scripts/lib/e2e-stacks.ts';
import { testChromium, chromiumArgs } from './scripts/lib/chromium.ts';
import { localDevArgs } from './scripts/lib/local-dev.ts';

// Browser tests drive the built site under wrangler dev, with fresh local databases of their own:
// one stack (server, database, fake Stripe) for each worker (scripts/lib/e2e-stacks.ts). This file
// is read again in each worker, where ownStack is that worker's.

export default defineConfig({
  testDir: './e2e',
  // Spec files are shared out between the workers; a file's tests run in order, in one worker.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  // A dashboard renders after its session check and its profile call, and its panels are chunks of
  // their own: at a load average of 15–20 on two cores that took over the default 5 s (sign-out and
  // privacy specs). Waiting longer costs nothing when the page is fast.
  expect: {
    timeout: 15_000,
    // The screen-state screenshots (e2e/helpers/screen-state.ts), compared in the Chromium build
    // that drew them: still, caret hidden, CSS pixels; up to 1% of the pixels may differ
    // (anti-aliasing, a masked name's width moving a column), a missing stylesheet or a changed
    // layout differs by far more. In every build the states' layout records are compared too.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css', maxDiffPixelRatio: 0.01 },
  },
  // Baselines beside their spec, named by the state and the size (no platform suffix: the tests run
  // in Debian's Chromium only, and CI in the same Debian image: scripts/lib/ci-image.ts).
  snapshotPathTemplate: '{testDir}/{testFileDir}/__screenshots__/{testFileName}/{arg}{ext}',
  use: {
    baseURL: ownStack.origin,
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: testChromium.path,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: 'states/**',
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      // The screen states, with text laid out as the full browser lays it out: glyphs advance by
      // fractions of a pixel. chromium-headless-shell hints glyph advances to whole pixels by
      // default, which made a line of text a few pixels wider or narrower than in Chromium (a
      // heading on a phone took one line more in one of the two) and the layout records differ
      // between builds for the font's sake alone.
      name: 'screen-states',
      testMatch: 'states/**/*.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        launchOptions: {
          executablePath: testChromium.path,
          args: [...chromiumArgs, '--font-render-hinting=none'],
        },
      },
    },
  ],
  // with-fake.ts runs the fake Stripe API beside the Worker, gives the Worker test-mode Stripe
  // settings, forwards the fake's events to the Worker's webhook and writes its address for the tests.
  // wrangler.toml's top level is production: the browser tests run the Worker as development (the
  // dev mailbox reads the codes) on a loopback request URL (--local-upstream), whatever .dev.vars says.
  webServer: e2eStacks.map(({ port, origin, persistTo, stripeFakeInfo, assets }) => ({
    command: `STRIPE_FAKE_INFO=${stripeFakeInfo} node functions/test/stripe-fake/with-fake.ts wrangler dev ${localDevArgs(port).join(' ')} --persist-to ${persistTo} --assets ${assets} --var SITE_URL:${origin} --var ENVIRONMENT:development --show-interactive-dev-session=false`,
    url: `${origin}/api/countries`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
  })),
});
