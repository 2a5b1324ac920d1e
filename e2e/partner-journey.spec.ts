import { test, expect, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/axe.ts';
import { latestCode, mailsTo, uniqueEmail } from './helpers/mailbox.ts';
import { partnerForm, verifiedPartner } from './helpers/accounts.ts';
import { picture } from './helpers/pictures.ts';

const shot = (page: Page, name: string) => picture(page, `partner-${name}`);

/** Waits until every island on the page has hydrated (input typed before that would be lost). */
async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** Fills one registration step's fields by their labels, then goes on with Next. */
async function fillStep(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Next' }).click();
}

const future = new Date(Date.now() + 90 * 24 * 3600 * 1000).toISOString().slice(0, 10);

test('a new partner registers, verifies, logs in, edits the profile and sends both kinds of request', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('partner');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Step 1: Company. Next without input shows the step's messages and stays.
  await page.goto('/become-our-partner-registerhere');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Step 1 of 4: Company' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await expect(page.getByText('Company headquarters is required')).toBeVisible();
  await expect(page.getByLabel('Company Name')).toHaveAttribute('aria-describedby', 'companyName-error');
  await expectAccessible(page);
  await page.getByLabel('Company Name').fill('Harbour Lane Academy');
  await page.getByLabel('Company Headquarters').fill('Bristol, United Kingdom');
  await shot(page, 'register-1-1280');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: Owner. A malformed e-mail is named.
  await expect(page.getByRole('heading', { name: 'Step 2 of 4: Owner' })).toBeVisible();
  await page.getByLabel('Owner Email').fill('not-an-email');
  await page.getByLabel('Owner Email').blur();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await page.getByLabel('Owner First Name').fill('Priya');
  await page.getByLabel('Owner Last Name').fill('Shah');
  await page.getByLabel('Owner Email').fill(email);
  await page.getByLabel('Owner Phone Number').fill('020 7946 0555');
  await page.getByLabel('Owner Designation').fill('Principal');
  await page.getByLabel('Owner Nationality').fill('British');
  await shot(page, 'register-2-1280');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: Contact. Back keeps what was typed.
  await expect(page.getByRole('heading', { name: 'Step 3 of 4: Contact' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Owner Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Contact First Name').fill('Tom');
  await page.getByLabel('Contact Last Name').fill('Baker');
  await page.getByLabel('Contact Designation').fill('Registrar');
  await page.getByLabel('Contact Phone Number').fill('020 7946 0556');
  await page.getByLabel('Contact Email').fill(`registrar-${email}`);
  await shot(page, 'register-3-1280');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: Account. Mismatch and terms are checked.
  await expect(page.getByRole('heading', { name: 'Step 4 of 4: Account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('harbour-123');
  await page.getByLabel('Confirm Password').fill('harbour-124');
  await page.getByLabel('Confirm Password').blur();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await page.getByLabel('Confirm Password').fill('harbour-123');
  await page.getByRole('checkbox').check();
  await shot(page, 'register-4-1280');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Register' }).click();

  // Verification: six boxes, paste fills them, Verify OTP enabled only with six digits.
  await page.waitForURL(/\/verify-your-partner-account\/?$/);
  await hydrated(page);
  expect(await page.evaluate(() => localStorage.getItem('partnerEmail'))).toBe(email);
  expect(await page.evaluate(() => localStorage.getItem('partnerPhone'))).toBe('020 7946 0555');
  const verifyButton = page.getByRole('button', { name: 'Verify OTP' });
  await expect(verifyButton).toBeDisabled();
  await expect(page.getByText(/resend it in \d+s/)).toBeVisible();
  await page.getByLabel('Digit 1 of 6').fill('12');
  await expect(verifyButton).toBeDisabled();
  const code = await latestCode(request, email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Digit 1 of 6').focus();
  // A real paste event on the focused first box (the browser's own DataTransfer).
  await page.evaluate(`(() => {
    const data = new DataTransfer();
    data.setData('text', ${JSON.stringify(wrong)});
    document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  })()`);
  await expect(page.getByLabel('Digit 6 of 6')).toHaveValue(wrong[5]!);
  await expect(verifyButton).toBeEnabled();
  await verifyButton.click();
  await expect(page.getByRole('alert')).toContainText('Invalid or expired OTP. Please try again.');
  await shot(page, 'verify-1280');
  await expectAccessible(page);
  for (const [i, d] of code.split('').entries()) await page.getByLabel(`Digit ${i + 1} of 6`).fill(d);
  await verifyButton.click();
  await expect(page.getByText('Account verified successfully! Redirecting to login...')).toBeVisible();
  await page.waitForURL(/\/login-partner-account\/?$/);
  await hydrated(page);
  expect(await page.evaluate(() => localStorage.getItem('partnerEmail'))).toBeNull();
  // The sign-in page says the account is verified, with the address filled in and the password next.
  await expect(page.getByRole('status')).toHaveText(
    'Your partner account is verified. Log in with your e-mail address and password.',
  );
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();

  // Login: rules, SHOW/HIDE, then the dashboard.
  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('harbour-123');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute(
    'type',
    'password',
  );
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/partnerdashboard\/?$/);
  await hydrated(page);
  expect(await page.evaluate(() => localStorage.getItem('partnerToken'))).toBeTruthy();

  // Dashboard header and profile.
  await expect(page.getByText('Welcome, Priya')).toBeVisible();
  await expect(page.locator('.pt-company')).toHaveText('Harbour Lane Academy');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'dashboard-1280');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Owner Email')).toHaveAttribute('readonly', '');
  await page.getByLabel('Company Name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Harbour Lane Academy').first()).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Company Name').fill('Harbour Lane College');
  await page.getByLabel('Contact Designation').fill('Head of Admissions');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully' })).toBeVisible();
  await expect(page.locator('.pt-company')).toHaveText('Harbour Lane College');
  await expect(page.getByText('Head of Admissions')).toBeVisible();

  // Student admission request: required rules, exam fields only when an exam is required.
  await page.getByRole('tab', { name: 'Student Admission' }).click();
  await expect(page.getByLabel('Contact Email')).toHaveValue(email);
  await expect(page.getByLabel('Exam Date')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit Admission Request' }).click();
  await expect(page.getByText('Course name is required')).toBeVisible();
  await page.getByLabel('Course Name').fill('Foundation Year in Engineering');
  await page.getByRole('combobox', { name: 'Degree' }).selectOption('diploma');
  await page.getByRole('textbox', { name: 'Department', exact: true }).fill('Engineering');
  await page.getByLabel('Total Seats').fill('25');
  await page.getByLabel('Minimum GPA').fill('7');
  await page.getByLabel('Location').fill('Bristol');
  await page.getByLabel('Application Deadline').fill(future);
  await page.getByLabel('Course Description').fill('A year that prepares students for engineering degrees.');
  await page.getByLabel('Eligibility Criteria').fill('Secondary school certificate');
  await page.getByLabel('Entrance exam required').check();
  await page.getByLabel('Exam Date').fill(future);
  await page.getByLabel('Exam Details').fill('Maths and physics, 90 minutes');
  await page.getByLabel('Passport').check();
  await page.getByRole('button', { name: 'Submit Admission Request' }).click();
  await expect(page.getByText('Minimum GPA must be between 0 and 5')).toBeVisible();
  await page.getByLabel('Minimum GPA').fill('3.2');
  await shot(page, 'admission-1280');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit Admission Request' }).click();
  await expect(page.getByText('Student admission request submitted successfully')).toBeVisible();
  // What was sent stays until the partner asks for a new form: cleared, the contact details prefilled.
  const admissionSent = page.getByRole('region', { name: 'Admission request sent' });
  await expect(admissionSent.getByRole('heading', { name: 'Admission request sent' })).toBeFocused();
  await expect(admissionSent).toContainText('Foundation Year in Engineering');
  await expect(admissionSent).toContainText('Maths and physics, 90 minutes');
  await admissionSent.getByRole('button', { name: 'Send another request' }).click();
  await expect(page.getByLabel('Course Name')).toHaveValue('');
  await expect(page.getByLabel('Course Name')).toBeFocused();
  await expect(page.getByLabel('Contact Email')).toHaveValue(email);
  await expect(page.getByLabel('Contact Phone')).toHaveValue('020 7946 0555');

  // Hiring request.
  await page.getByRole('tab', { name: 'Hire Employees' }).click();
  await page.getByLabel('Job Title').fill('Lab Technician');
  await page.getByRole('textbox', { name: 'Department', exact: true }).fill('Science');
  await page.getByLabel('Employment Type').selectOption('part-time');
  await page.getByLabel('Salary Range').fill('£12 - £15 per hour');
  await page.getByLabel('Number of Positions').fill('0');
  await page.getByLabel('Location').fill('Bristol');
  await page.getByLabel('Application Deadline').fill(future);
  await page.getByLabel('Required Experience').fill('1 year');
  await page.getByLabel('Job Description').fill('Prepare and maintain lab equipment.');
  await page.getByLabel('Required Qualifications').fill('BTEC in Applied Science');
  await page.getByLabel('Skills Required').fill('safety, organisation , chemistry');
  await page.getByRole('button', { name: 'Submit Hiring Request' }).click();
  await expect(page.getByText('Number of positions must be at least 1')).toBeVisible();
  await page.getByLabel('Number of Positions').fill('2');
  await page.getByRole('button', { name: 'Submit Hiring Request' }).click();
  await expect(page.getByText('Employee hiring request submitted successfully')).toBeVisible();

  // Both requests in the list, newest first, from the success view's own way there.
  await page.getByRole('button', { name: 'See My Requests' }).click();
  await expect(page.getByRole('tab', { name: 'My Requests' })).toHaveAttribute('aria-selected', 'true');
  const items = page.locator('.pt-request');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Lab Technician');
  await expect(items.nth(0)).toContainText('Employee hiring');
  await expect(items.nth(1)).toContainText('Foundation Year in Engineering');
  await expect(items.nth(1)).toContainText('Submitted');
  await shot(page, 'requests-1280');
  await expectAccessible(page);
  // The e-mails' link to one request (/partnerdashboard#timeline-<id>) opens My Requests at it.
  const anchor = await items.nth(1).getAttribute('id');
  await page.goto(`/partnerdashboard#${anchor}`);
  await expect(page.getByRole('tab', { name: 'My Requests' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator(`#${anchor}`)).toBeFocused();

  // Mobile screenshots of the same screens.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('tab', { name: 'Profile' }).click();
  await shot(page, 'dashboard-375');
  await page.getByRole('tab', { name: 'Student Admission' }).click();
  await shot(page, 'admission-375');

  // Logout clears the session; the dashboard then sends to login.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/login-partner-account\/?$/);
  await hydrated(page);
  expect(await page.evaluate(() => localStorage.getItem('partnerToken'))).toBeNull();
  await page.goto('/partnerdashboard');
  await page.waitForURL(/\/login-partner-account\/?$/);
  await hydrated(page);
});

test('registration steps at 375 px, and the verification page without a stored e-mail', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/verify-your-partner-account');
  await hydrated(page);
  await page.waitForURL(/\/become-our-partner-registerhere\/?$/);
  await hydrated(page);
  await shot(page, 'register-1-375');
  await fillStep(page, { 'Company Name': 'Tiny Co', 'Company Headquarters': 'Leeds' });
  await shot(page, 'register-2-375');
  await fillStep(page, {
    'Owner First Name': 'A',
    'Owner Last Name': 'B',
    'Owner Email': 'a@example.com',
    'Owner Phone Number': '1',
    'Owner Designation': 'C',
    'Owner Nationality': 'D',
  });
  await shot(page, 'register-3-375');
  await fillStep(page, {
    'Contact First Name': 'A',
    'Contact Last Name': 'B',
    'Contact Designation': 'C',
    'Contact Phone Number': '1',
    'Contact Email': 'c@example.com',
  });
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('abc');
  await page.getByRole('textbox', { name: 'Password', exact: true }).blur();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await shot(page, 'register-4-375');
  await expectAccessible(page);

  await page.goto('/login-partner-account');

  await hydrated(page);
  await shot(page, 'login-375');
  await expectAccessible(page);
});

test('an unverified partner is told so at login and can get a new code', async ({ page, request }) => {
  const email = uniqueEmail('unverified');
  const res = await request.post('/api/partner/register', {
    data: partnerForm({ companyName: 'Slow Co', ownerEmail: email, password: 'slowco-123' }),
  });
  expect(res.status()).toBe(201);
  await page.goto('/login-partner-account');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('slowco-123');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toContainText('not verified');
  await page.getByRole('button', { name: 'Send me a new code' }).click();
  await page.waitForURL(/\/verify-your-partner-account\/?$/);
  await hydrated(page);
  await expect(page.getByText(email)).toBeVisible();
});

test('the dashboard shows Failed to Load Partner Data when nothing can be loaded', async ({ page }) => {
  await page.goto('/login-partner-account');
  await hydrated(page);
  await page.evaluate(() => localStorage.setItem('partnerToken', 'stale'));
  await page.route('**/api/partner/profile*', (route) => route.abort());
  await page.goto('/partnerdashboard');
  await expect(page.getByRole('heading', { name: 'Failed to Load Partner Data' })).toBeVisible();
  await page.getByRole('button', { name: 'Return to Login' }).click();
  await page.waitForURL(/\/login-partner-account\/?$/);
  await hydrated(page);
});

test('a profile saved while the API is down stays local, is labelled, and is sent on the next load', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('offline');
  const password = 'offline-123';
  await verifiedPartner(
    request,
    partnerForm({ companyName: 'Offline Ltd', companyHQ: 'Derby', ownerEmail: email, password }),
  );
  const login = (await (await request.post('/api/partner/login', { data: { email, password } })).json()) as {
    token: string;
    partner: unknown;
  };

  await page.goto('/login-partner-account');
  await page.evaluate(({ token, partner }) => {
    localStorage.setItem('partnerToken', token);
    localStorage.setItem('partner', JSON.stringify(partner));
  }, login);
  await page.goto('/partnerdashboard');
  await hydrated(page);
  await expect(page.locator('.pt-company')).toHaveText('Offline Ltd');

  await page.route('**/api/partner/profile', (route) =>
    route.request().method() === 'PUT' ? route.abort() : route.continue(),
  );
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Company Headquarters').fill('Nottingham');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile saved locally (API unavailable)')).toBeVisible();
  await expect(page.getByText('Saved only on this device:')).toBeVisible();
  await expect(
    page.locator('.pt-banner-info').filter({ hasText: 'Saved only on this device' }),
  ).toContainText('Company Headquarters');
  const server = (await (
    await request.get('/api/partner/profile', { headers: { Authorization: `Bearer ${login.token}` } })
  ).json()) as { partner: { companyHQ: string } };
  expect(server.partner.companyHQ).toBe('Derby');

  await page.unroute('**/api/partner/profile');
  await page.reload();
  await hydrated(page);
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByText('Saved only on this device:')).toHaveCount(0);
  const after = (await (
    await request.get('/api/partner/profile', { headers: { Authorization: `Bearer ${login.token}` } })
  ).json()) as { partner: { companyHQ: string } };
  expect(after.partner.companyHQ).toBe('Nottingham');
});

test('a partner who forgot the password resets it with an e-mailed code and logs in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('forgot');
  await verifiedPartner(
    request,
    partnerForm({
      companyName: 'Forgetful plc',
      ownerFirstName: 'Fay',
      ownerEmail: email,
      password: 'first-pass',
    }),
  );

  await page.goto('/login-partner-account');
  await hydrated(page);
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await page.waitForURL(/\/partner-forgot-password\/?$/);
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByText('If an account exists for that e-mail')).toBeVisible();
  await expectAccessible(page);
  // The newest e-mail to the owner is the reset code.
  let code = '';
  await expect
    .poll(
      async () => {
        const reset = (await mailsTo(request, email)).find((m) => /password reset/i.test(m.subject));
        code = reset?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
        return code;
      },
      { message: 'the password reset e-mail has its code', timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('second-pass');
  await page.getByLabel('Confirm new password').fill('second-pass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been reset. You can now log in.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to partner login' }).click();
  await page.waitForURL(/\/login-partner-account\/?$/);
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('second-pass');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/partnerdashboard\/?$/);
  await expect(page.getByText('Welcome, Fay')).toBeVisible();
});
