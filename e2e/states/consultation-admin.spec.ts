import { FixedStaffCalendar } from '../helpers/staff-calendar.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { signInNewAdmin } from '../helpers/staff.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// The back office's consultations calendar (e2e/helpers/screen-state.ts) in a fixed week
// (e2e/helpers/staff-calendar.ts: the browser's clock and the calendar's answers), so its pictures are
// the same every day: the week, a day, a meeting recorded as held, a meeting given to another
// counsellor, and the person behind a meeting opened from its row.

test.use({ timezoneId: 'UTC' });
test.describe.configure({ timeout: 180_000 });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

test('consultations calendar: the week, a day, held, reassigned, and the person behind a meeting', async ({
  page,
  states,
}) => {
  await signInNewAdmin(page, {
    email: uniqueEmail('states-consult-admin'),
    name: 'Calendar Admin',
    password: 'a long staff password 42',
  });
  const calendar = new FixedStaffCalendar();
  await calendar.install(page);
  await page.goto('/admin/consultations');
  await expect(page.getByRole('heading', { name: 'Monday 1 March' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Grace Mwangi' })).toContainText('Held');
  await states.check('admin-consultations-week');

  await page.getByLabel('Show').selectOption('day');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tuesday 2 March' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Tomás Calendar' });
  await expect(row).toBeVisible();
  await states.check('admin-consultations-day');

  await row.getByRole('button', { name: 'Held' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(row.getByRole('cell', { name: /^Held/ })).toBeVisible();
  expect(calendar.meetings.find((m) => m.id === 'm-tomas')?.status).toBe('held');
  await states.check('admin-consultations-held');

  const other = page.getByRole('row').filter({ hasText: 'Ifeoma Reassign' });
  await other.getByLabel('Give to').selectOption({ label: 'Chiamaka Okafor' });
  await other.getByRole('button', { name: 'Reassign' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Given to the other counsellor. Both have been told.' }),
  ).toBeVisible();
  await expect(other.getByRole('cell').nth(1)).toContainText('Chiamaka Okafor');
  await states.check('admin-consultations-reassigned');

  await other.getByText('Applications and earlier meetings of Ifeoma Reassign').click();
  const applications = other.getByRole('list', { name: 'Applications of Ifeoma Reassign' });
  await expect(applications).toContainText('BSc Nursing (Adult), University of Leeds');
  await expect(other.getByRole('list', { name: 'Other meetings of Ifeoma Reassign' })).toContainText(
    'with Rahim Chowdhury: Held',
  );
  await states.check('admin-consultations-person', { show: applications });
});
