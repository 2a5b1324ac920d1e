import type { Page } from '@playwright/test';
import { signInNewEditor } from '../helpers/staff.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';
import { PUBLISH_NOT_SET_UP, type PublishStatusResponse } from '#schemas/build.ts';

// Where a Publish stands, as editors see it on the dashboard's publishing bar: failed at a step with
// the build's log, waiting for a reviewer, silent for too long, and publishing not set up (the
// button off, saying why). The browser tests' Worker publishes by a local rebuild, so the answers
// of a production Worker are served in its place here; functions/routes/admin/publish.test.ts
// proves the Worker gives exactly these from what the build reports.

// The dates are fixed, and read in one time zone, so the screenshots are the same on every run.
test.use({ timezoneId: 'Europe/London' });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

const LOG = 'https://github.com/bridgeway/site/actions/runs/4815162342';
/** A production Worker's answer: published once, then a Publish at 14:02 that went as `now` says. */
const answer = (now: Partial<PublishStatusResponse>): PublishStatusResponse => ({
  hook: true,
  mode: 'hook',
  publishedAt: '2026-11-27T09:15:00.000Z',
  publishedVersion: 41,
  publishedCommit: 'a1b2c3d',
  contentVersion: 44,
  waitingEdits: 3,
  editsWaiting: true,
  requestPending: true,
  lastRequestedAt: '2026-11-28T14:02:00.000Z',
  state: 'publishing',
  stateSince: '2026-11-28T14:02:00.000Z',
  failedStep: null,
  failure: null,
  logUrl: LOG,
  lastWordAt: '2026-11-28T14:02:00.000Z',
  nextBuildInSeconds: null,
  ...now,
});

/** Serves `status` as the Worker's publishing status and shows the page again. */
async function showStatus(page: Page, status: PublishStatusResponse) {
  await page.unroute('**/api/admin/publish/status');
  await page.route('**/api/admin/publish/status', (r) => r.fulfill({ json: status }));
  await page.reload();
  await expect(page.getByTestId('publish-status')).toBeVisible();
}

test('the publishing bar: failed at a step, waiting for a reviewer, silent, not set up', async ({
  page,
  states,
}) => {
  test.setTimeout(180_000);
  await signInNewEditor(page, {
    email: uniqueEmail('states-publish'),
    name: 'Priya Publisher',
    password: 'publishing-editor-2026',
  });
  const bar = page.getByRole('region', { name: 'Publishing' });
  const publish = bar.getByRole('button', { name: /publish/i });

  await showStatus(
    page,
    answer({ state: 'failed', failedStep: 'build', stateSince: '2026-11-28T14:09:00.000Z' }),
  );
  const failed = bar.getByRole('alert');
  await expect(failed).toHaveText(
    'Publishing failed at the build step. The site still shows the last published version. See the log.',
  );
  await expect(failed.getByRole('link', { name: 'See the log' })).toHaveAttribute('href', LOG);
  await expect(publish).toHaveText('Retry publishing');
  await expect(publish).toBeEnabled();
  await states.check('publish-failed', { show: bar });

  await showStatus(page, answer({ state: 'waiting', stateSince: '2026-11-28T14:12:00.000Z' }));
  await expect(bar.getByTestId('publish-status')).toContainText(
    'Waiting for a reviewer to approve the deploy (since',
  );
  await expect(bar.getByRole('alert')).toHaveCount(0);
  await states.check('publish-waiting', { show: bar });

  await showStatus(
    page,
    answer({ state: 'timed-out', stateSince: '2026-11-28T14:22:00.000Z', logUrl: null }),
  );
  await expect(bar.getByRole('alert')).toHaveText(
    'No word from the build for 20 minutes: it has probably failed. The site still shows the last published version. Press Publish to try again, or ask an administrator to look at the build service.',
  );
  await states.check('publish-timed-out', { show: bar });

  await showStatus(
    page,
    answer({
      hook: false,
      mode: 'not-set-up',
      state: 'idle',
      stateSince: null,
      requestPending: false,
      lastRequestedAt: null,
      logUrl: null,
      lastWordAt: null,
    }),
  );
  await expect(bar.getByText(PUBLISH_NOT_SET_UP)).toBeVisible();
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAccessibleDescription(PUBLISH_NOT_SET_UP);
  await states.check('publish-not-set-up', { show: bar });
});
