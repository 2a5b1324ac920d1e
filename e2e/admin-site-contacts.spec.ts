import { expect, test, type Page } from '@playwright/test';
import { signInNewAdmin, signInNewEditor } from './helpers/staff.ts';
import { mailsTo } from './helpers/mailbox.ts';
import { SITE_CONTACTS_ADMIN_ONLY } from '#schemas/content.ts';

// The contact details and the staff notification address are admins' alone.
// An editor sees them read-only; an admin's change is e-mailed to the previous addresses.

const run = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const editor = {
  email: `contacts-editor-${run}@example.com`,
  name: 'Contacts Editor',
  password: 'an editor passphrase 42',
};
const admin = {
  email: `contacts-admin-${run}@example.com`,
  name: 'Contacts Admin',
  password: 'an admin passphrase 42',
};

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe.configure({ mode: 'serial' });

test('an editor sees the contact details read-only, with who may change them, at 375 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await signInNewEditor(page, editor);
  await page.goto('/admin/content?kind=site');
  await expect(page.getByRole('heading', { name: 'Contact details and company' })).toBeVisible();
  await expect(page.getByText(SITE_CONTACTS_ADMIN_ONLY)).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '@example.com' }).first()).toBeVisible();
  // No field for them, and one Save: the brand's.
  await expect(page.getByLabel('Staff Notification Email')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save contact details' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(1);
  expect(await noSidewaysScroll(page)).toBe(true);
});

test('an admin changes the phone number: saved, and the previous staff address is told; then it is set back', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInNewAdmin(page, admin);
  await page.goto('/admin/content?kind=site');
  const phone = page.getByLabel('Phone', { exact: true });
  const staffAddress = await page.getByLabel('Staff Notification Email').inputValue();
  const before = await phone.inputValue();
  const changed = `+44 20 3870 ${String(Math.floor(Math.random() * 9000) + 1000)}`;
  try {
    await phone.fill(changed);
    await page.getByRole('button', { name: 'Save contact details' }).click();
    await expect(page.getByText(`Saved. We e-mailed ${staffAddress} about the change.`)).toBeVisible();
    const notice = (await mailsTo(request, staffAddress)).find((m) =>
      m.text.includes(`Phone: ${before} → ${changed}`),
    );
    expect(notice?.subject).toMatch(/contact details of .* were changed/);
    expect(notice?.text).toContain(admin.name);

    // A wrong address is named beside its field, and nothing is saved.
    await page.getByLabel('Staff Notification Email').fill('not an address');
    await page.getByRole('button', { name: 'Save contact details' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText(
      'one field needs attention',
    );
    await expect(page.getByLabel('Staff Notification Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Staff Notification Email')).toBeFocused();
    await page.getByLabel('Staff Notification Email').fill(staffAddress);
  } finally {
    // Set back for the other browser tests (they read the seed's contact details).
    await phone.fill(before);
    await page.getByRole('button', { name: 'Save contact details' }).click();
    await expect(page.getByText(`Saved. We e-mailed ${staffAddress} about the change.`)).toBeVisible();
  }
});

test('a change typed in one form while the other form’s save reloads the settings is kept', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInNewAdmin(page, { ...admin, email: `contacts-admin-2-${run}@example.com` });
  await page.goto('/admin/content?kind=site');
  const tagline = page.getByLabel('Tagline');
  const phone = page.getByLabel('Phone', { exact: true });
  const before = await tagline.inputValue();
  // The reload the brand's save starts is held until the phone has been typed into.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/site-settings', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  try {
    await tagline.fill(`${before} (${run})`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved. Publish to update the static pages.')).toBeVisible();
    await phone.fill('+44 20 3870 0000');
    const reloaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/site-settings') && r.request().method() === 'GET',
    );
    release();
    await reloaded;
    // React applies the answer within a frame or two of its arrival.
    await page.evaluate(async () => {
      for (let i = 0; i < 5; i++) await new Promise((r) => requestAnimationFrame(r));
    });
    // The reloaded settings differ from the first answer (the new tagline), and neither form is refilled.
    await expect(phone).toHaveValue('+44 20 3870 0000');
    await expect(tagline).toHaveValue(`${before} (${run})`);
  } finally {
    release();
    await page.unrouteAll({ behavior: 'wait' });
    // Set back for the other browser tests (the message is still shown: wait for the save itself).
    await tagline.fill(before);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/site-settings') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).ok()).toBe(true);
  }
});
