import { test, expect, type Page } from '@playwright/test';
import { signInStaff } from './helpers/staff.ts';
import { expectAccessible } from './helpers/axe.ts';
import { createStaff, sql } from './helpers/rows.ts';

// Staff see the mail the provider did not take and send a message again with
// Retry; editors see that mail fails but not whom it was for. The rows are written as the mailer
// leaves them after failed attempts (the browser tests run without a mail provider: in development
// the outbox is the mailbox, so Retry delivers into it).
const stamp = Date.now();
const admin = {
  email: `mail.admin.${stamp}@example.com`,
  name: 'Mia Admin',
  password: 'a long staff password 43',
};
const editor = {
  email: `mail.editor.${stamp}@example.com`,
  name: 'Eddie Editor',
  password: 'a long staff password 44',
};
const failed = {
  id: `e2e-failed-${stamp}`,
  to: `failed-${stamp}@example.com`,
  subject: `Update on your application (${stamp})`,
};
const given = {
  id: `e2e-dead-${stamp}`,
  to: `dead-${stamp}@example.com`,
  subject: `Your payment receipt (${stamp})`,
};
const code = {
  id: `e2e-code-${stamp}`,
  to: `code-${stamp}@example.com`,
  subject: 'Your verification code: ••••••',
};

// Admins sign in with a second factor: set up at the first sign-in (after the code e-mailed to the
// staff address), a code after that.
const secrets = new Map<string, string>();
const signIn = (page: Page, who: typeof admin) => signInStaff(page, who, secrets);

async function axe(page: Page) {
  await expectAccessible(page);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await createStaff(admin, 'admin');
  await createStaff(editor, 'editor');
  const now = Date.now();
  const row = (
    m: typeof failed,
    status: string,
    attempts: number,
    next: number | null,
    retryable: number,
    error: string,
  ) =>
    `('${m.id}', '${m.to}', '${m.subject}', 'Hello, your application moved to In review.', '<p>Hello, your application moved to In review.</p>', '${status}', ${attempts}, ${next ?? 'NULL'}, ${retryable}, '${error}', ${now - attempts * 60_000}, ${now})`;
  sql(`INSERT INTO outbox (id, "to", subject, text, html, status, attempts, next_attempt_at, retryable, last_error, created_at, updated_at) VALUES
    ${row(failed, 'failed', 2, now + 30 * 60_000, 1, 'HTTP 503')},
    ${row(given, 'dead', 4, null, 1, 'timeout')},
    ${row(code, 'dead', 1, null, 0, 'HTTP 503')};`);
});

test('an admin finds failed and given-up mail, retries one, and the person gets it', async ({
  page,
  request,
}) => {
  await signIn(page, admin);
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Failed mail' })
    .click();
  await expect(page.getByRole('heading', { name: 'Failed mail' })).toBeVisible();
  await page.getByLabel('Search recipient or subject').fill(String(stamp));
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  const failedRow = page.getByRole('row', { name: new RegExp(failed.to) });
  await expect(failedRow).toContainText('Failed, will retry');
  await expect(failedRow).toContainText('HTTP 503');
  await expect(page.getByRole('row', { name: new RegExp(given.to) })).toContainText('Given up');
  // A one-time code is never resent: no button, and the reason instead.
  const codeRow = page.getByRole('row', { name: new RegExp(code.to) });
  await expect(codeRow.getByRole('button')).toHaveCount(0);
  await expect(codeRow).toContainText('One-time codes are never resent');
  await axe(page);

  // The API client keeps the D1 bookmark of its last answer per tab and sends it back.
  const bookmark = await page.evaluate(() => sessionStorage.getItem('d1Bookmark'));
  expect(bookmark).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);
  const sentHeader = page.waitForRequest((r) => r.url().includes(`/api/admin/mail/${failed.id}/retry`));

  await failedRow.getByRole('button', { name: /^Retry/ }).click();
  expect((await sentHeader).headers()['x-d1-bookmark']).toMatch(/^[0-9a-f]{8}-/);
  await expect(page.getByRole('status').filter({ hasText: 'The message was sent.' })).toBeVisible();
  // Sent messages leave the list.
  await expect(page.getByRole('row', { name: new RegExp(failed.to) })).toHaveCount(0);
  // Development: the outbox is the mailbox, so the person's mail is there.
  const mailbox = (await (
    await request.get(`/api/dev/outbox?to=${encodeURIComponent(failed.to)}`)
  ).json()) as { subject: string; text: string }[];
  expect(mailbox[0]).toMatchObject({
    subject: failed.subject,
    text: expect.stringContaining('moved to In review'),
  });

  // The given-up message (its text still kept in development) can be retried too.
  await page
    .getByRole('row', { name: new RegExp(given.to) })
    .getByRole('button', { name: /^Retry/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'The message was sent.' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(given.to) })).toHaveCount(0);

  // Both retries are in the audit log.
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await page.getByLabel('Search action, item or person').fill('mail.retry');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // As sentences, naming the message, not `mail.retry` and an id.
  for (const m of [failed, given])
    await expect(
      page.getByRole('row').filter({ hasText: `Sent the e-mail “${m.subject}” again` }),
    ).toBeVisible();
  await expect(page.locator('main')).not.toContainText('mail.retry');
});

test('an editor sees that mail fails, but not whom it was for', async ({ page }) => {
  await signIn(page, editor);
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Failed mail' })
    .click();
  await expect(page.getByText('Recipients and subjects are shown to admins only.')).toBeVisible();
  const codeRow = page.getByRole('row').filter({ hasText: 'One-time codes are never resent' }).first();
  await expect(codeRow).toContainText('Hidden');
  await expect(page.locator('main')).not.toContainText(code.to);
  await axe(page);
});
