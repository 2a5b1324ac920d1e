import { uniqueEmail } from '../helpers/mailbox.ts';
import { signInNewAdmin } from '../helpers/staff.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// The back office's consultations calendar (e2e/helpers/screen-state.ts): a day with a meeting booked
// through the real API with a seeded counsellor, then recorded as held. Its dates follow today's, so
// these states are checked without a screenshot baseline (styles, sideways scroll, axe, tap targets).

test.use({ timezoneId: 'UTC' });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

test('consultations calendar: a day of meetings, one recorded as held', async ({ page, states }) => {
  test.setTimeout(180_000);
  const today = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
  const slots = (await (
    await page.request.get(`/api/consultations/slots?from=${today}&to=${to}&tz=UTC&mode=video`)
  ).json()) as { slots: { start: string; office: string }[] };
  const slot = slots.slots.at(-1)!;
  const booked = await page.request.post('/api/consultations', {
    data: {
      start: slot.start,
      mode: 'video',
      office: slot.office,
      topic: 'study',
      name: 'Tomás Calendar',
      email: uniqueEmail('calendar'),
      phone: '+44 20 7946 0000',
      timeZone: 'UTC',
    },
  });
  expect(booked.status()).toBe(201);

  await signInNewAdmin(page, {
    email: uniqueEmail('states-consult-admin'),
    name: 'Calendar Admin',
    password: 'a long staff password 42',
  });
  await page.goto('/admin/consultations');
  await page.getByLabel('Show').selectOption('day');
  const days = Math.round((Date.parse(slot.start.slice(0, 10)) - Date.parse(today)) / 86_400_000);
  for (let i = 0; i < days; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: 'Tomás Calendar' });
  await expect(row).toBeVisible();
  await states.check('admin-consultations-day', { screenshot: false });
  await row.getByRole('button', { name: 'Held' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(row.getByRole('cell', { name: /^Held/ })).toBeVisible();
  await states.check('admin-consultations-held', { screenshot: false });
});
