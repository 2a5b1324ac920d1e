import { signInNewEditor } from '../helpers/staff.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { createCountry } from '../helpers/new-country.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';
import { IMAGE_ALLOWANCE_MESSAGE } from '#schemas/images.ts';

// The month's Cloudflare Images allowance spent, as an editor meets it in the content editor: the
// photo they chose is refused with what to do, and what they typed stays in the form for Save. The
// browser tests' Worker uses wrangler's local Images simulation, which has no allowance: the
// Worker's answer to the upload is served in its place here (functions/routes/admin/image-limits.test.ts
// proves the Worker answers exactly this when the binding refuses with 9422 or 9423).

test.beforeEach(async ({ page }) => addressOfItsOwn(page));

test('an upload refused because the Images allowance is spent, the rest of the edit kept', async ({
  page,
  states,
}) => {
  test.setTimeout(180_000);
  await signInNewEditor(page, {
    email: uniqueEmail('states-allowance'),
    name: 'Alma Allowance',
    password: 'allowance-editor-2026',
  });
  // A country of the test's own: the form shows the same item on every run.
  const { id, remove } = await createCountry(page, 'allowance-land', {
    name: 'Allowance Land',
    code: 'AL',
    capital: 'Quotaville',
    image: '/images/scenes/uk-1.svg',
    imageAlt: 'A university square',
    details: 'Stored text.',
  });
  try {
    await page.route('**/api/admin/uploads', (r) =>
      r.fulfill({ status: 403, json: { success: false, message: IMAGE_ALLOWANCE_MESSAGE } }),
    );
    await page.goto(`/admin/content?kind=countries&id=${id}`);
    const details = page.getByLabel('Details', { exact: true });
    await expect(details).toHaveValue('Stored text.');
    await details.fill('A new description, typed before the photo.');
    await page
      .getByLabel(/^Upload a new image \(JPEG, PNG, WebP or HEIC/)
      .setInputFiles({ name: 'campus.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff]) });
    const refused = page.getByTestId('image-tools-image').getByRole('alert');
    await expect(refused).toHaveText(IMAGE_ALLOWANCE_MESSAGE);
    // Retrying this month changes nothing: no Retry button, and the typed text is still there.
    await expect(
      page.getByTestId('image-tools-image').getByRole('button', { name: 'Retry upload' }),
    ).toHaveCount(0);
    await expect(details).toHaveValue('A new description, typed before the photo.');
    await states.check('content-image-allowance-spent', {
      show: refused,
      // The publishing bar says what other specs published.
      mask: [page.locator('.admin-publish__state')],
    });

    // Saved, the rest of the edit is stored.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved. Publish to update the static pages.')).toBeVisible();
    const stored = await page.request.get(`/api/admin/content/countries/${id}`);
    expect(((await stored.json()) as { item: { details: string; image: string } }).item).toMatchObject({
      details: 'A new description, typed before the photo.',
      image: '/images/scenes/uk-1.svg',
    });
  } finally {
    remove();
  }
});
