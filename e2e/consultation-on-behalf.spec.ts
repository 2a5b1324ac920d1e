import { expect, test } from '@playwright/test';
import { verifiedStudent } from './helpers/accounts.ts';
import { firstFreeTime } from './helpers/book-on-behalf.ts';
import { mailsTo, uniqueEmail } from './helpers/mailbox.ts';
import { addressOfItsOwn } from './helpers/screen-state.ts';
import { signInNewAdmin } from './helpers/staff.ts';

// Staff book a free consultation for a student from the back office's calendar, through the dialog
// and the real API with a seeded counsellor (content/counsellors.json): the student found by part of
// their name, a free time in the London office's clocks with the staff member's (Kolkata) beside it,
// the success naming them, the meeting in the calendar at once, and the e-mail with its invitation
// in the development mailbox.

test.use({ timezoneId: 'Asia/Kolkata' });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

test('staff book for a student from the calendar: the success, the calendar and the e-mail', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('on-behalf');
  const surname = `Behalf${Date.now() % 1e6}`;
  const name = `Zainab ${surname}`;
  await verifiedStudent(page.request, {
    fullName: name,
    academicStatus: 'Graduate',
    contactNumber: `+44 20 7946 ${String(Date.now() % 1e4).padStart(4, '0')}`,
    email,
    currentAddress: '3 Mill Lane, Bristol',
    password: 'Behalf-pass-2026',
  });
  await signInNewAdmin(page, {
    email: uniqueEmail('on-behalf-admin'),
    name: 'Desk Admin',
    password: 'a long staff password 42',
  });
  await page.goto('/admin/consultations');
  const opener = page.getByRole('button', { name: 'Book a consultation' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Book a consultation' });
  const search = dialog.getByRole('searchbox', { name: 'Find a student or job seeker' });
  await expect(search).toBeFocused();

  // Found by keyboard: part of the surname, the result chosen with Enter.
  await page.keyboard.type(surname.toLowerCase());
  const result = dialog
    .getByRole('list', { name: 'People found' })
    .getByRole('button', { name: new RegExp(name) });
  await expect(result).toContainText('(student)');
  await result.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(`Booking for ${name}, student.`)).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);

  await dialog.getByLabel('Counsellor').selectOption({ label: 'Amelia Hughes' });
  await dialog.getByLabel('Office').selectOption('united-kingdom-office');
  await dialog.getByLabel('How they meet').selectOption('video');
  await dialog.getByLabel('Topic').selectOption('study');
  await expect(dialog.getByLabel('Their time zone')).toHaveValue('Europe/London');
  await expect(dialog.getByRole('group', { name: /^Free times on / })).toHaveAccessibleDescription(
    /^In the office's time \(Europe\/London\), with yours \(Asia\/(Kolkata|Calcutta)\) beside each\.$/,
  );
  const time = await firstFreeTime(page);
  // Each time in the office's clocks (GMT or BST) with the staff member's beside it.
  const label = (await time.locator('xpath=..').innerText()).trim();
  expect(label).toMatch(/^\d\d:\d\d (GMT|BST) · \d\d:\d\d yours$/);
  await time.check();
  await dialog.getByLabel('Message (optional)').fill('Asked by phone about a UK MSc.');
  await dialog.getByRole('button', { name: 'Book and e-mail them' }).click();

  // The dialog closes; the news names the person, the counsellor and the time, and has focus.
  await expect(dialog).toBeHidden();
  const news = page.getByRole('status').filter({ hasText: `Booked ${name} with Amelia Hughes on ` });
  await expect(news).toBeFocused();
  await expect(news).toContainText(
    / at \d\d:\d\d GMT\+5:30 \(\d\d:\d\d (GMT|BST) at United Kingdom Office\)\./,
  );
  await expect(news).toContainText('They have been e-mailed the details and a calendar invitation.');
  // The calendar shows the meeting at once, at the time chosen in the staff member's zone.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  const yours = label.match(/· (\d\d:\d\d) yours$/)![1]!;
  await expect(row.getByRole('cell').first()).toHaveText(new RegExp(`^${yours}–`));
  await expect(row).toContainText('Amelia Hughes');

  // The student's confirmation, as a public booking's: the invitation is in the dev mailbox.
  await expect
    .poll(async () => (await mailsTo(page.request, email)).map((m) => m.subject))
    .toContainEqual(expect.stringMatching(/^Your free consultation is booked: /));
  const outbox = (await (
    await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
  ).json()) as {
    subject: string;
    attachments: { filename: string; contentType: string; content: string }[];
  }[];
  const confirmation = outbox.find((m) => m.subject.startsWith('Your free consultation is booked'))!;
  expect(confirmation.attachments).toEqual([
    expect.objectContaining({
      filename: 'invite.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
      content: expect.stringContaining('METHOD:REQUEST'),
    }),
  ]);
  expect(confirmation.attachments[0]!.content).toContain(`ATTENDEE`);
  expect(confirmation.attachments[0]!.content.toLowerCase()).toContain(email.toLowerCase());
});
