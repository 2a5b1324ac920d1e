import type { APIRequestContext } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  appliedToJob,
  registeredApplicant,
  storeSession,
  studentSession,
  verifiedStudent,
} from '../helpers/accounts.ts';
import { latestLink, uniqueEmail } from '../helpers/mailbox.ts';
import { signInNewAdmin, signInNewEditor } from '../helpers/staff.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// Free consultations beyond booking (e2e/helpers/screen-state.ts): the back office's counsellors form
// (new, refused, saved with a day off), an editor with no counsellor opened to them, the calendar
// giving a meeting to another counsellor and downloading its CSV through the real API, and a
// student's and a job seeker's meetings beside their applications with "Book another" opening a
// form filled with their details. The rows come from the shared database and the dates follow
// today's, so these states are checked without a screenshot baseline (styles, sideways scroll, axe,
// tap targets); the calendar's own states, in a fixed week, are e2e/states/consultation-admin.spec.ts's.

test.use({ timezoneId: 'UTC' });
test.describe.configure({ timeout: 240_000 });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

const STAFF_PASSWORD = 'a long staff password 42';
const PASSWORD = 'Consult-pass-2026';

/** The last free video slot of the next fortnight (all offices), and books it for `email`. */
async function bookLastSlot(request: APIRequestContext, email: string, name: string, topic = 'study') {
  const today = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
  const slots = (await (
    await request.get(`/api/consultations/slots?from=${today}&to=${to}&tz=UTC&mode=video&topic=${topic}`)
  ).json()) as { slots: { start: string; office: string }[] };
  const slot = slots.slots.at(-1)!;
  const booked = await request.post('/api/consultations', {
    data: {
      start: slot.start,
      mode: 'video',
      office: slot.office,
      topic,
      name,
      email,
      phone: '+44 20 7946 0000',
      timeZone: 'Europe/London',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return slot;
}

test('counsellors form: the list, a new counsellor refused then saved, and a day off', async ({
  page,
  states,
}) => {
  await signInNewAdmin(page, {
    email: uniqueEmail('states-counsellors'),
    name: 'Counsellors Admin',
    password: STAFF_PASSWORD,
  });
  await page.goto('/admin/counsellors');
  const list = page.getByRole('list', { name: 'Counsellors' });
  await expect(list.getByRole('heading', { name: 'Amelia Hughes' })).toBeVisible();
  await states.check('admin-counsellors', { screenshot: false });

  await page.getByRole('button', { name: 'Add a counsellor' }).click();
  const form = page.getByRole('region', { name: 'Add a counsellor' });
  await expect(form.getByRole('heading', { name: 'Add a counsellor' })).toBeFocused();
  await expect(form.getByRole('listitem', { name: 'Period 1' })).toBeVisible();
  await states.check('admin-counsellor-new', { screenshot: false });

  // Nothing typed, one period backwards and a meeting of 5 minutes: refused before anything is sent.
  const first = form.getByRole('listitem', { name: 'Period 1' });
  await first.getByLabel('From').fill('15:00');
  await first.getByLabel('To').fill('10:00');
  await form.getByLabel('Meeting length (minutes)').fill('5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please correct the fields marked below.');
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Meetings last 15 minutes or more')).toBeVisible();
  await expect(first.getByText('A period must end after it starts')).toBeVisible();
  await states.check('admin-counsellor-errors', { screenshot: false });

  const name = `Nadia Okafor ${Date.now() % 1e5}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Meeting length (minutes)').fill('45');
  await first.getByLabel('To').fill('17:00');
  await form.getByRole('checkbox', { name: 'Phone call' }).check();
  await form.getByRole('button', { name: 'Add a period' }).click();
  await form
    .getByRole('listitem', { name: 'Period 6' })
    .getByLabel('Day')
    .selectOption({ label: 'Saturday' });
  await form.getByRole('button', { name: 'Save' }).click();
  const saved = page.getByRole('region', { name: `Edit ${name}` });
  await expect(saved.getByRole('status')).toHaveText(`Saved ${name}.`);
  await expect(list.getByRole('heading', { name })).toBeVisible();

  const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await saved.getByLabel('Date').fill(date);
  await saved.getByLabel('Reason (staff only)').fill('Training day');
  await saved.getByRole('checkbox', { name: 'The whole day' }).uncheck();
  await saved.locator('#day-off-start').fill('09:00');
  await saved.getByRole('button', { name: 'Add the day off' }).click();
  const daysOff = saved.getByRole('list', { name: `Days off of ${name}` });
  await expect(daysOff).toContainText(`${date}, 09:00–13:00 (Training day)`);
  await states.check('admin-counsellor-saved', { screenshot: false });

  // What was saved is what the API holds: the week, the length and the ways to meet.
  const stored = (await (await page.request.get('/api/admin/counsellors')).json()) as {
    counsellors: { name: string; meetingMinutes: number; modes: string[]; hours: { weekday: number }[] }[];
  };
  const nadia = stored.counsellors.find((c) => c.name === name)!;
  expect(nadia.meetingMinutes).toBe(45);
  expect(nadia.modes).toEqual(['video', 'phone']);
  expect(nadia.hours.map((h) => h.weekday).sort()).toEqual([1, 2, 3, 4, 5, 6]);
});

test('counsellors: an editor no counsellor is opened to', async ({ page, states }) => {
  await signInNewEditor(page, {
    email: uniqueEmail('states-counsellors-editor'),
    name: 'Counsellors Editor',
    password: STAFF_PASSWORD,
  });
  await page.goto('/admin/counsellors');
  await expect(page.getByRole('heading', { name: 'Counsellors', level: 1 })).toBeVisible();
  // The seeded counsellors are admins' until an admin opens one to editors.
  await expect(page.getByText('No counsellor is open to editors.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add a counsellor' })).toHaveCount(0);
  await states.check('admin-counsellors-editor', { screenshot: false });
});

test('consultations calendar: a meeting given to another counsellor, and the days as CSV', async ({
  page,
}) => {
  const slot = await bookLastSlot(page.request, uniqueEmail('reassign'), 'Ifeoma Reassign');
  await signInNewAdmin(page, {
    email: uniqueEmail('states-reassign'),
    name: 'Reassign Admin',
    password: STAFF_PASSWORD,
  });
  await page.goto('/admin/consultations');
  await page.getByLabel('Show').selectOption('day');
  const today = new Date().toISOString().slice(0, 10);
  const days = Math.round((Date.parse(slot.start.slice(0, 10)) - Date.parse(today)) / 86_400_000);
  for (let i = 0; i < days; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: 'Ifeoma Reassign' });
  await expect(row).toBeVisible();
  const before = (await row.getByRole('cell').nth(1).innerText()).split('\n')[0]!;
  const giveTo = row.getByLabel('Give to');
  const other = (await giveTo.locator('option').allInnerTexts()).find((n) => n !== 'Choose a counsellor')!;
  await giveTo.selectOption({ label: other });
  await row.getByRole('button', { name: 'Reassign' }).click();
  const told = page
    .getByRole('status')
    .filter({ hasText: 'Given to the other counsellor. Both have been told.' });
  const refused = page
    .getByRole('alert')
    .filter({ hasText: 'That counsellor has another meeting at this time.' });
  await expect(told.or(refused)).toBeVisible();
  // Another spec may hold the other counsellor at that time; then the refusal is the state shown.
  // The cell names the counsellor who holds it first; its list offers everyone else.
  const holder = async () => (await row.getByRole('cell').nth(1).innerText()).split('\n')[0];
  if (await told.isVisible()) {
    await expect.poll(holder).toBe(other);
    await expect(giveTo.locator('option').filter({ hasText: new RegExp(`^${other}$`) })).toHaveCount(0);
  } else await expect.poll(holder).toBe(before);

  // The person behind the meeting, opened from its row: a visitor with no account and no other meeting.
  await row.getByText('Applications and earlier meetings of Ifeoma Reassign').click();
  await expect(row.getByText('No account uses this address.')).toBeVisible();
  await expect(row.getByText('No other meetings.')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^consultations-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toContain('Start (UTC),End (UTC),Counsellor,Office,Mode,Topic,Status,Name');
  expect(csv).toContain('Ifeoma Reassign');
});

test('timeline: a student’s consultations beside their applications, and Book another filled in', async ({
  page,
  states,
}) => {
  const email = uniqueEmail('states-student-consult');
  const contactNumber = `+44 20 7946 ${String(Date.now() % 1e4).padStart(4, '0')}`;
  await verifiedStudent(page.request, {
    fullName: 'Layla Haddad',
    academicStatus: 'Graduate',
    contactNumber,
    email,
    currentAddress: '2 Park Row, Leeds',
    password: PASSWORD,
  });
  const login = await page.request.post('/api/users/login', { data: { email, password: PASSWORD } });
  const session = (await login.json()) as { token: string; user: unknown };
  await bookLastSlot(page.request, email, 'Layla Haddad');

  await storeSession(page, studentSession(session));
  await page.goto('/profile-bashboard-student');
  await expect(page.getByRole('heading', { name: 'Welcome, Layla Haddad' })).toBeVisible({ timeout: 30_000 });
  const meetings = page.getByRole('list', { name: 'Your consultations' });
  await expect(meetings.getByRole('article')).toHaveCount(1, { timeout: 30_000 });
  await expect(meetings).toContainText('Booked');
  await expect(meetings.getByRole('link', { name: 'See, move or cancel it' })).toHaveAttribute(
    'href',
    /^\/consultation\/[^?]+\?t=/,
  );
  await meetings.scrollIntoViewIfNeeded();
  await states.check('student-consultations', { screenshot: false, show: meetings });

  await page.getByRole('link', { name: 'Book another' }).click();
  await expect(page).toHaveURL(/\/book-consultation\?topic=study$/);
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await expect(field('Name')).toHaveValue('Layla Haddad', { timeout: 30_000 });
  await expect(field('Email')).toHaveValue(email);
  await expect(field('Phone')).toHaveValue(contactNumber);
  await expect(page.getByRole('radio', { name: 'Studying abroad' })).toBeChecked();
});

test('timeline: a job seeker’s consultations beside their applications', async ({ page, states }) => {
  const email = uniqueEmail('states-seeker-consult');
  const seeker = await registeredApplicant(page.request, {
    fullName: 'Kofi Mensah',
    email,
    password: PASSWORD,
  });
  await appliedToJob(page.request, 'care-assistant-leeds', seeker.token);
  // Meetings show once the address is confirmed: anyone can book with any address.
  const link = await latestLink(page.request, email, '/my-applications/confirm-email');
  const confirmed = await page.request.post('/api/job-applicants/confirm-email', {
    data: { token: new URL(link, 'http://localhost').searchParams.get('token') },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const login = await page.request.post('/api/job-applicants/login', { data: { email, password: PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  await bookLastSlot(page.request, email, 'Kofi Mensah', 'work');

  await page.addInitScript((t) => localStorage.setItem('applicantToken', t), token);
  await page.goto('/my-applications');
  const meetings = page.getByRole('list', { name: 'Your consultations' });
  await expect(meetings.getByRole('article')).toHaveCount(1, { timeout: 30_000 });
  await expect(meetings).toContainText('about working abroad');
  await expect(page.getByRole('link', { name: 'Book another' })).toHaveAttribute(
    'href',
    '/book-consultation?topic=work',
  );
  await states.check('my-applications-consultations', {
    screenshot: false,
    show: meetings,
  });
});
