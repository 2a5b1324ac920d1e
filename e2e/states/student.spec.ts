import { storeSession, studentSession, TINY_PDF, verifiedStudent } from '../helpers/accounts.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { addressOfItsOwn, expect, focusedElement, test } from '../helpers/screen-state.ts';

// The student's dashboard as the student sees it after each click
// (e2e/helpers/screen-state.ts): each tab, the forms with their errors, an uploaded document, an
// application's timeline, and "Your data" with its delete window.

const PASSWORD = 'Student-pass-2026';
let phone = 0;

test.describe.configure({ timeout: 300_000 });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

test('the student dashboard: each tab, its errors, a document, an application, and the delete window', async ({
  page,
  states,
}) => {
  const email = uniqueEmail('states-student');
  await verifiedStudent(page.request, {
    fullName: 'Amina Rahman',
    academicStatus: 'Graduate',
    contactNumber: `+44 20 7946 ${String(Date.now() % 1e4).padStart(4, '0')}${phone++}`,
    email,
    currentAddress: '1 Park Row, Leeds',
    password: PASSWORD,
  });
  const login = await page.request.post('/api/users/login', { data: { email, password: PASSWORD } });
  const session = (await login.json()) as { token: string; user: unknown };
  const auth = { Authorization: `Bearer ${session.token}` };
  const applied = await page.request.post('/api/subscriptions', {
    headers: auth,
    data: { subjectId: 'msc-data-science-university-of-leeds' },
  });
  expect(applied.ok(), await applied.text()).toBe(true);

  await storeSession(page, studentSession(session));
  await page.goto('/profile-bashboard-student');
  // The dashboard renders after its session check and profile call: slow on a busy machine.
  await expect(page.getByRole('heading', { name: 'Welcome, Amina Rahman' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible({ timeout: 30_000 });
  // The address and the telephone number are new each run.
  const who = [page.getByText(email), page.getByText(/^\+44 20 7946/)];
  // "Your data" is a panel among the overview's panels: its heading the size of theirs.
  const size = (name: string) =>
    page.getByRole('heading', { name, exact: true }).evaluate((h) => getComputedStyle(h).fontSize);
  expect
    .soft(await size('Your data'), 'the size of "Your data" beside "Personal Information"')
    .toBe(await size('Personal Information'));
  await states.check('student-overview', { mask: who });

  await page.getByRole('tab', { name: 'Education Information' }).click();
  await expect(page.getByRole('heading', { name: 'Add education record' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Education' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await states.check('student-education-errors', {
    mask: who,
    show: page.getByRole('button', { name: 'Add Education' }),
  });
  await page.getByLabel('Education Level').selectOption({ index: 1 });
  await page.getByLabel('Institute Name').fill('University of Leeds');
  await page.getByLabel('Program').fill('Computer Science');
  await page.getByLabel('Degree').fill('BSc');
  await page.getByRole('button', { name: 'Add Education' }).click();
  await expect(page.getByRole('list', { name: 'Education records' })).toContainText(
    'BSc in Computer Science',
  );
  // The button the person pressed was switched off while saving: the panel's heading, above the
  // message and the new record, takes the focus, not the page.
  expect
    .soft(await focusedElement(page), 'the focus once the record is saved')
    .toBe('h2[-1] "Education Information"');
  await states.check('student-education-saved', { mask: who });

  await page.getByRole('tab', { name: 'Documents' }).click();
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await expect(page.getByLabel('File', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await states.check('student-documents-error', { mask: who });
  await page.getByLabel('Document Type').selectOption('Passport');
  await page
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await expect(page.getByRole('list', { name: 'Documents' })).toContainText('passport.pdf');
  expect
    .soft(await focusedElement(page), 'the focus once the document is uploaded')
    .toBe('h2[-1] "Documents"');
  await states.check('student-documents', {
    mask: [...who, page.getByRole('list', { name: 'Documents' }).locator('.st-muted')],
  });

  await page.getByRole('tab', { name: 'Languages' }).click();
  await expect(page.getByRole('heading', { name: /Languages/ }).first()).toBeVisible();
  await states.check('student-languages', { mask: who });

  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await states.check('student-delete-account', { mask: who });
  await dialog.getByLabel('Enter your password to confirm').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'That password is not correct, so your account has not been deleted.',
  );
  await states.check('student-delete-account-error', { mask: who });
  await dialog.getByLabel('Enter your password to confirm').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByRole('dialog', { name: 'Your account has been deleted' })).toBeVisible();
  await states.check('student-account-deleted', { mask: who });
});

test('the privacy controls: Download my data secondary, Delete my account danger after it, full-size on a phone', async ({
  page,
}) => {
  const email = uniqueEmail('states-privacy');
  await verifiedStudent(page.request, {
    fullName: 'Kwame Boateng',
    academicStatus: 'Graduate',
    contactNumber: `+44 20 7946 ${String(Date.now() % 1e4).padStart(4, '0')}${phone++}`,
    email,
    currentAddress: '2 Park Row, Leeds',
    password: PASSWORD,
  });
  const login = await page.request.post('/api/users/login', { data: { email, password: PASSWORD } });
  await storeSession(page, studentSession((await login.json()) as { token: string; user: unknown }));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/profile-bashboard-student');
  const download = page.getByRole('button', { name: 'Download my data' });
  const remove = page.getByRole('button', { name: 'Delete my account' });
  await expect(remove).toBeVisible({ timeout: 30_000 });
  const [d, r] = [(await download.boundingBox())!, (await remove.boundingBox())!];
  // One a line, the whole width of the panel, and at least 44 px tall; Delete comes after Download.
  expect(r.y).toBeGreaterThan(d.y + d.height - 1);
  expect(Math.round(d.width)).toBe(Math.round(r.width));
  expect(d.width).toBeGreaterThan(280);
  expect(Math.min(d.height, r.height)).toBeGreaterThanOrEqual(44);
  // Secondary: outlined in the primary colour; danger: the danger colour.
  await expect(download).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(download).toHaveCSS('color', 'rgb(10, 92, 138)');
  await expect(remove).toHaveCSS('color', 'rgb(180, 35, 24)');
});
