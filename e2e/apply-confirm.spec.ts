import { test, expect, type APIRequestContext } from '@playwright/test';
import { storeSession, studentSession, verifiedStudent } from './helpers/accounts.ts';
import { expectAccessible } from './helpers/axe.ts';
import { mailsTo, uniqueEmail } from './helpers/mailbox.ts';
import { sql } from './helpers/rows.ts';

// Several page loads, sign-ins and axe runs a test: on a shared, busy machine they take minutes.
test.describe.configure({ timeout: 240_000 });

// As a student sees it: a program with three intakes, the intake chosen in the
// confirm dialog (the next by default), a success view that stays until it is closed and says what
// happens next, the button reading "Applied" afterwards (and on the next visit), and the e-mail.

const stamp = Date.now();
const intakes = { current: 'September 2027', later: ['January 2028', 'September 2028'] };
const made: string[] = [];

/**
 * A program of the test's own, newer than the build (its page is the subject shell, with the same
 * apply island), with the intakes given; removed after the file with its applications.
 */
function aProgram(name: string, futureIntakes: string[]) {
  const id = `e2e-apply-${made.length}-${stamp}`;
  made.push(id);
  const plan = JSON.stringify({
    degree: 'MSc',
    duration: '12 months',
    intake: intakes.current,
    futureIntakes,
  });
  sql(`INSERT INTO subjects (id, name, university_id, department_id, country_id, location, code, description, degree_type, duration, students, year, base_price, currency, image, logo, universityimage, study_plan, entry_requirements, career_prospects, sort_order, is_active, created_at, updated_at)
SELECT '${id}', '${name}', university_id, department_id, country_id, location, code, description, degree_type, duration, students, year, base_price, currency,
  image, logo, universityimage, '${plan}', entry_requirements, career_prospects, sort_order, is_active, created_at, updated_at
FROM subjects WHERE id = 'msc-data-science-university-of-leeds';`);
  return { id, name };
}
test.afterAll(() => {
  for (const id of made)
    sql(`DELETE FROM subscriptions WHERE subject_id = '${id}'; DELETE FROM subjects WHERE id = '${id}';`);
});

/** A verified student of this test's own, signed in through the API. */
async function student(request: APIRequestContext) {
  const email = uniqueEmail('applier');
  const password = 'applier-pass-29';
  await verifiedStudent(request, {
    fullName: 'Amina Rahman',
    academicStatus: 'Graduate',
    contactNumber: `+44 20 7946 ${Math.floor(Math.random() * 1e6)}`,
    email,
    currentAddress: '1 Apply Street, Leeds',
    password,
  });
  const login = (await (await request.post('/api/users/login', { data: { email, password } })).json()) as {
    token: string;
    user: unknown;
  };
  return { email, ...login };
}

test('an intake chosen, a success view that stays, then "Applied"; the e-mail says what, when and where', async ({
  page,
  request,
}) => {
  const program = aProgram(`MSc Applying Testing ${stamp}`, intakes.later);
  const me = await student(request);
  await storeSession(page, studentSession(me));
  await page.clock.install();
  await page.goto(`/subject/${program.id}`);
  const start = page.getByRole('button', { name: 'Start Your Journey' });
  await start.scrollIntoViewIfNeeded();
  await expect(start).toBeEnabled();
  await start.click();

  const dialog = page.getByRole('dialog', { name: 'Confirm Application' });
  await expect(dialog).toBeVisible();
  const intake = dialog.getByLabel('Intake');
  // The next intake is chosen already; every intake the program lists is offered, in order.
  await expect(intake).toHaveValue(intakes.current);
  await expect(intake.locator('option')).toHaveText([`${intakes.current} (next intake)`, ...intakes.later]);
  await intake.selectOption(intakes.later[0]!);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  const success = page.getByRole('dialog', { name: 'Success!' });
  await expect(success).toContainText(`Your application to ${program.name} has been submitted.`);
  await expect(success).toContainText(`Intake: ${intakes.later[0]}`);
  await expect(success).toContainText('What happens next: An adviser checks your application and documents');
  await expect(success.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute(
    'href',
    /^\/profile-bashboard-student#timeline-[\w-]+$/,
  );
  await expectAccessible(page);
  // Well past the 3 seconds after which it used to close by itself: still there, until closed.
  await page.clock.fastForward('00:10');
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(success).toBeHidden();

  const applied = page.getByRole('button', { name: 'Applied' });
  await expect(applied).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Start Your Journey' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Follow your application on your dashboard' })).toBeFocused();

  // The next visit knows too (its own clock: the page's fake one is only for the wait above).
  const later = await page.context().newPage();
  await later.goto(`/subject/${program.id}`);
  await later.getByText('Ready to Enroll').scrollIntoViewIfNeeded();
  await expect(later.getByRole('button', { name: 'Applied' })).toBeDisabled();
  await expect(later.getByRole('button', { name: 'Start Your Journey' })).toHaveCount(0);

  // The confirmation e-mail: what was applied to, which intake, when, what next, where to follow it.
  await expect
    .poll(async () => (await mailsTo(request, me.email)).map((m) => m.subject))
    .toContain(`We received your application to ${program.name}`);
  const mail = (await mailsTo(request, me.email)).find((m) => m.subject.startsWith('We received'))!;
  expect(mail.text).toContain(`Intake: ${intakes.later[0]}`);
  expect(mail.text).toMatch(/Applied: \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC/);
  expect(mail.text).toMatch(/\/profile-bashboard-student#timeline-[\w-]+/);
});

test('a program with one intake asks for none', async ({ page, request }) => {
  const program = aProgram(`MSc One Intake ${stamp}`, []);
  const me = await student(request);
  await storeSession(page, studentSession(me));
  await page.goto(`/subject/${program.id}`);
  const start = page.getByRole('button', { name: 'Start Your Journey' });
  await start.scrollIntoViewIfNeeded();
  await expect(start).toBeEnabled();
  await start.click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Application' });
  await expect(dialog).toContainText(`Are you sure you want to Apply to ${program.name}?`);
  await expect(dialog.getByLabel('Intake')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog', { name: 'Success!' })).toBeVisible();
});
