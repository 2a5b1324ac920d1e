import { expect, test } from '@playwright/test';
import { hydratedAround } from './helpers/islands.ts';
import { mailsTo, uniqueEmail } from './helpers/mailbox.ts';
import { addressOfItsOwn } from './helpers/screen-state.ts';

// A free consultation booked through the real API and the seeded counsellors (content/counsellors.json):
// from the home page's link to the booking, the e-mail with its calendar invitation in the dev
// mailbox, and the manage link from that e-mail, which cancels it.

test.use({ timezoneId: 'Asia/Kolkata' });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

test('home → book a video consultation in the visitor’s zone → the e-mail’s invitation → cancel from its link', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByRole('link', { name: 'Book a free consultation' }).click();
  await expect(page).toHaveURL(/\/book-consultation$/);
  const book = page.getByRole('button', { name: 'Book the consultation' });
  await hydratedAround(book);
  // The browser's zone is detected (Chromium names it by its older IANA name, an alias of Asia/Kolkata).
  await expect(page.getByLabel('Times are shown in')).toHaveValue(/^Asia\/(Kolkata|Calcutta)$/);
  const first = page.getByRole('group', { name: 'Free times' }).getByRole('radio').first();
  // The first week may be full or closed: the next one has times.
  for (let i = 0; i < 3 && !(await first.isVisible().catch(() => false)); i++) {
    const none = page.getByText('No free times this week.');
    const any = page.getByRole('group', { name: 'Free times' });
    await expect(none.or(any)).toBeVisible();
    if (await none.isVisible()) await page.getByRole('button', { name: 'Next week' }).click();
  }
  await first.check();
  const email = uniqueEmail('consult');
  await page.getByRole('textbox', { name: 'Name' }).fill('Ana Pereira');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone' }).fill('+91 22 4000 1234');
  await book.click();
  await expect(page.getByRole('heading', { name: 'Your consultation is booked' })).toBeVisible();

  // The dev mailbox lists the invitation: its name, its media type and its text.
  const outbox = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    attachments: { filename: string; contentType: string; content: string }[];
  }[];
  expect(outbox[0]!.attachments).toEqual([
    expect.objectContaining({
      filename: 'invite.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
      content: expect.stringContaining('BEGIN:VCALENDAR'),
    }),
  ]);
  await page.goto('/dev/mailbox');
  await expect(
    page.getByText('Attachment: invite.ics (text/calendar; charset=utf-8; method=REQUEST)').first(),
  ).toBeVisible();

  const [mail] = await mailsTo(request, email);
  const link = mail!.text.match(/https?:\/\/[^/\s]+(\/consultation\/[^\s?]+\?t=\S+)/)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText('Booked', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the consultation' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your consultation is cancelled.' })).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
});
