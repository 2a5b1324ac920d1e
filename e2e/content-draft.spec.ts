import { test, expect } from '@playwright/test';
import { signInNewEditor } from './helpers/staff.ts';
import { createCountry } from './helpers/new-country.ts';
import { uniqueEmail } from './helpers/mailbox.ts';

// The content editor keeps what staff type until they save it: Retire and Restore (and any staff
// screen's save) refresh every back-office query, and the editor's own item with them, which used
// to put the stored text back into the form over the unsaved change.
test('an unsaved edit stays in the form through Retire and Restore, and is what Save stores', async ({
  page,
}) => {
  await signInNewEditor(page, {
    email: uniqueEmail('draft'),
    name: 'Dana Draft',
    password: 'draft-editor-2026',
  });
  // A country of the test's own, so that retiring it hides nothing another spec reads.
  const { id, remove } = await createCountry(page, 'draft-land', {
    name: 'Draft Land',
    code: 'DL',
    capital: 'Draftville',
    image: '/images/scenes/uk-1.svg',
    imageAlt: 'A university square',
    details: 'Stored text.',
  });
  try {
    await page.goto(`/admin/content?kind=countries&id=${id}`);
    const details = page.getByLabel('Details', { exact: true });
    await expect(details).toHaveValue('Stored text.');
    await details.fill('Typed but not saved yet.');

    await page.getByRole('button', { name: 'Retire (hide from the site)' }).click();
    const editor = page.getByRole('region', { name: 'Edit Draft Land' });
    await expect(editor.getByText('Retired', { exact: true })).toBeVisible();
    await expect(details).toHaveValue('Typed but not saved yet.');
    await page.getByRole('button', { name: 'Restore to the site' }).click();
    await expect(editor.getByText('On the site', { exact: true })).toBeVisible();
    await expect(details).toHaveValue('Typed but not saved yet.');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved. Publish to update the static pages.')).toBeVisible();
    await expect(details).toHaveValue('Typed but not saved yet.');
    const stored = await page.request.get(`/api/admin/content/countries/${id}`);
    expect(((await stored.json()) as { item: { details: string } }).item.details).toBe(
      'Typed but not saved yet.',
    );
  } finally {
    remove();
  }
});
