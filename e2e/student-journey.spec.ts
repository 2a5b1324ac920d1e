import { test, expect, type Page } from '@playwright/test';
import { storedStudentSession } from './helpers/accounts.ts';
import { expectAccessible } from './helpers/axe.ts';
import { latestCode, uniqueEmail } from './helpers/mailbox.ts';
import { picture } from './helpers/pictures.ts';
import { hydrated } from './helpers/islands.ts';

const SUBJECT_ID = 'msc-data-science-university-of-leeds';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');

const expectNoSeriousA11yIssues = (page: Page) => expectAccessible(page);

test('a new student registers, verifies, fills the profile, applies to a program and logs out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('journey');
  const password = 'journey-pass-1';
  page.on('dialog', (d) => d.accept());

  // A visitor on a program page is asked to log in; the page is remembered.
  await page.goto(`/subject/${SUBJECT_ID}`);
  // The apply panel hydrates when it scrolls into view (client:visible), as a reader would scroll.
  await page.getByRole('button', { name: 'Start Your Journey' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Log In to Continue' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('link', { name: 'Sign Up' }).click();

  // Step 1: personal info, with the spec's messages first.
  await expect(page).toHaveURL(/\/registration-step-to-step\/?$/);
  // A click before the wizard hydrates would submit the form the server rendered, as a page reload.
  await hydrated(page, 'RegistrationWizard');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Full Name').fill('Journey Tester');
  await page.getByLabel('Academic Status').selectOption('Graduate');
  await page.getByLabel('Contact Number').fill(`+44 20 7946 ${Math.floor(Math.random() * 1e6)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Address').fill('10 Journey Road, Leeds');
  await page.getByLabel('Password', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the code from the dev mailbox; the session survives a reload.
  await expect(page.getByRole('button', { name: 'Verify OTP' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Verify OTP' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('OTP must be 6 digits')).toBeVisible();
  const code = await latestCode(request, email);
  await page.getByLabel('Digit 1').fill(code); // several digits at once fill every box, as a paste does
  await expect(page.getByLabel('Digit 6')).toHaveValue(code[5]!);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Account verified successfully!')).toBeVisible();
  await page.waitForURL(/\/login\/?$/);
  expect(await page.evaluate(() => localStorage.getItem('registrationSession'))).toBeNull();

  // Log in: token under userToken and token, user under user; back to the program page.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(new RegExp(`/subject/${SUBJECT_ID}/?$`));
  const stored = await page.evaluate(() => ({
    a: localStorage.getItem('userToken'),
    b: localStorage.getItem('token'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null'),
  }));
  expect(stored.a).toBeTruthy();
  expect(stored.b).toBe(stored.a);
  expect(stored.user).toMatchObject({ fullName: 'Journey Tester', email, role: 'student' });

  // Apply: confirmation, Subscribing..., Success! that stays until closed.
  await page.getByRole('button', { name: 'Start Your Journey' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Start Your Journey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Application' });
  await expect(dialog).toContainText('Are you sure you want to Apply to MSc Data Science');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Start Your Journey' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  const success = page.getByRole('dialog', { name: 'Success!' });
  await expect(success).toBeVisible();
  await expect(success).toContainText('has been submitted');
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(success).toBeHidden();
  // Applied once: the button says so and cannot apply again (the API's refusal of a second
  // application, 'You are already subscribed to this course.', is the API tests').
  await expect(page.getByRole('button', { name: 'Applied' })).toBeDisabled();

  // The dashboard: overview with the application.
  await page.goto('/profile-bashboard-student');
  await expect(page.getByRole('heading', { name: 'Welcome, Journey Tester' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  const applications = page.getByRole('list', { name: 'My Applications' });
  await expect(applications).toContainText('MSc Data Science');
  await expect(applications).toContainText('Submitted');
  await expect(page.getByText('Account Verified')).toBeVisible();

  // Education.
  await page.getByRole('tab', { name: 'Education Information' }).click();
  await page.getByRole('button', { name: 'Add Education' }).click();
  await expect(page.getByText('Education level is required')).toBeVisible();
  await page.getByLabel('Education Level').selectOption("Bachelor's Degree");
  await page.getByLabel('Institute Name').fill('University of Dhaka');
  await page.getByLabel('Program', { exact: true }).fill('Computer Science');
  await page.getByLabel('Degree', { exact: true }).fill('BSc');
  await page.getByLabel('GPA (optional)').fill('3.7');
  await page.getByRole('button', { name: 'Add Education' }).click();
  await expect(page.getByText('Education information added successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Education records' })).toContainText(
    'BSc in Computer Science',
  );
  await page.getByRole('button', { name: /^Edit BSc/ }).click();
  await page.getByLabel('GPA (optional)').fill('3.9');
  await page.getByRole('button', { name: 'Update Education' }).click();
  await expect(page.getByRole('list', { name: 'Education records' })).toContainText('GPA 3.9');

  // Language.
  await page.getByRole('tab', { name: 'Languages' }).click();
  await page.getByLabel('Language Qualification', { exact: true }).fill('IELTS Academic 7.5');
  await page.getByRole('button', { name: 'Add Language' }).click();
  await expect(page.getByRole('list', { name: 'Language qualifications' })).toContainText(
    'IELTS Academic 7.5',
  );

  // Document.
  await page.getByRole('tab', { name: 'Documents' }).click();
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await expect(page.getByText('Please select a file and document type')).toBeVisible();
  await page.getByLabel('Document Type').selectOption('Academic Transcript');
  await page
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await expect(page.getByText('Document uploaded successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Documents' })).toContainText('transcript.pdf');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download Academic Transcript/ }).click();
  expect((await download).suggestedFilename()).toBe('transcript.pdf');

  // Refresh and counts.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Refresh Data' }).click();
  await expect(page.getByRole('button', { name: 'Refresh Data' })).toBeEnabled();
  await expect(page.getByRole('complementary', { name: 'Debug panel' })).toContainText('Documents: 1');
  await expectNoSeriousA11yIssues(page);

  // Screenshots of the dashboard, looked at by a person.
  await picture(page, 'student-dashboard-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await picture(page, 'student-dashboard-375');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Student' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await picture(page, 'student-dashboard-375-menu');

  // Log out: session cleared, the dashboard now sends to /login.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/login\/?$/);
  expect(await storedStudentSession(page)).toEqual([null, null, null]);
  await page.goto('/profile-bashboard-student');
  await page.waitForURL(/\/login\/?$/);
});

test('the dev mailbox lists the e-mailed codes', async ({ page, request }) => {
  const email = uniqueEmail('mailbox');
  const res = await request.post('/api/users/register/', {
    data: {
      fullName: 'Mail Box',
      academicStatus: 'Other',
      contactNumber: `+44 ${Date.now()}`,
      email,
      currentAddress: 'London',
      password: 'secret-1',
    },
  });
  expect(res.status()).toBe(201);
  await page.goto('/dev/mailbox');
  await page.getByLabel('Filter by address').fill(email);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText(await latestCode(request, email));
  await expectNoSeriousA11yIssues(page);
});
