import { firstFreeTime } from '../helpers/book-on-behalf.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { FixedStaffCalendar } from '../helpers/staff-calendar.ts';
import { signInNewAdmin } from '../helpers/staff.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// Staff booking a consultation for someone (e2e/helpers/screen-state.ts): the dialog open with a new
// visitor's details and a time chosen, the time taken by someone else meanwhile (the 409 shown in
// the dialog, its times asked for again), and the success over the calendar. The week is fixed
// (e2e/helpers/staff-calendar.ts: the browser's clock and the calendar's answers), so the pictures are
// the same every day; e2e/consultation-on-behalf.spec.ts books through the real API.

test.use({ timezoneId: 'Asia/Kolkata' });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

test('book on someone’s behalf: the dialog, a time just taken, and the success', async ({ page, states }) => {
  test.setTimeout(240_000);
  await signInNewAdmin(page, {
    email: uniqueEmail('states-on-behalf'),
    name: 'Behalf Admin',
    password: 'a long staff password 42',
  });
  const calendar = new FixedStaffCalendar();
  await calendar.install(page);
  await page.goto('/admin/consultations');
  await page.getByRole('button', { name: 'Book a consultation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a consultation' });
  await expect(dialog.getByRole('searchbox', { name: 'Find a student or job seeker' })).toBeFocused();

  // A new visitor: nobody is found, their details are typed.
  await dialog.getByRole('searchbox').fill('nobody-by-this-name');
  await expect(dialog.getByText('No student or job seeker matches “nobody-by-this-name”.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Walk-in Visitor');
  const email = 'walk-in.visitor@example.com';
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0101');
  await dialog.getByLabel('Counsellor').selectOption({ label: 'Amelia Hughes' });
  await dialog.getByLabel('Office').selectOption('united-kingdom-office');
  const time = await firstFreeTime(page);
  // Monday's times are all within the 12 hours' notice: the first free one is Tuesday's first.
  await expect(dialog.getByRole('group', { name: /^Free times on / })).toHaveAccessibleName(
    /Tuesday 2 March/,
  );
  await time.check();
  await states.check('admin-book-on-behalf');

  // Someone else takes the time before this one is sent.
  const start = (await time.getAttribute('id'))!.replace(/^book-time-/, '');
  calendar.takeNextBooking = true;
  await dialog.getByRole('button', { name: 'Book and e-mail them' }).click();
  const taken = dialog.getByRole('alert');
  await expect(taken).toHaveText('That time has just been taken. Please choose another.');
  await expect(taken).toBeFocused();
  // The times are asked for again: the taken one is gone, nothing is chosen.
  await expect(dialog.locator(`[id="book-time-${start}"]`)).toHaveCount(0);
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
  await states.check('admin-book-taken');

  const again = await firstFreeTime(page);
  await again.check();
  await dialog.getByRole('button', { name: 'Book and e-mail them' }).click();
  await expect(dialog).toBeHidden();
  const news = page.getByRole('status').filter({ hasText: 'Booked Walk-in Visitor with Amelia Hughes on ' });
  await expect(news).toBeFocused();
  await expect(page.getByRole('row').filter({ hasText: 'Walk-in Visitor' })).toBeVisible();
  await states.check('admin-book-booked', { show: news });
});
