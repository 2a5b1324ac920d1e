import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailsTo, uniqueEmail } from './helpers/mailbox.ts';
import { hydratedAround } from './helpers/islands.ts';
import { axeViolations } from './helpers/axe.ts';
import { partnerForm, verifiedPartner, verifiedStudent } from './helpers/accounts.ts';

// Once strangers have used up an account's sign-in checks for browsers it does not know, the owner's
// right password in a new browser is answered with an e-mailed code, and each sign-in form shows a
// code field and finishes the sign-in with it (the code is bound to this browser's challenge cookie); job seekers reset a forgotten password
// where they sign in. Every account here is the test's own; the strangers' tries come from addresses
// of their own, the browser from its own (127.0.0.1).

let counter = 0;
const from = () => ({ 'CF-Connecting-IP': `198.20.${Math.floor(Math.random() * 250)}.${counter++ % 250}` });
const PASSWORD = 'Code-step-pass-2026';
const CODE_SENT = "We've e-mailed you a code to finish signing in.";

/** Wrong passwords from strangers' browsers: the account is past its limit for unknown browsers (10, LOGIN_LIMITS in functions/services/accounts/login.ts). */
async function burnTries(request: APIRequestContext, path: string, email: string) {
  const stranger = from();
  for (let i = 0; i < 10; i++) {
    let res = await request.post(path, { headers: stranger, data: { email, password: `Wrong-pass-${i}` } });
    // The account's flood limit (10 requests in 10 seconds, wrangler.toml) may refuse the burst
    // before the sign-in limit is reached: the stranger waits for the next window and tries again.
    for (let wait = 0; res.status() === 429 && wait < 3; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      res = await request.post(path, { headers: stranger, data: { email, password: `Wrong-pass-${i}` } });
    }
    expect(res.status()).toBe(401);
  }
}

/** The code of the newest sign-in e-mail to an address, waiting for it. */
async function signInCode(request: APIRequestContext, email: string) {
  await expect
    .poll(async () => (await mailsTo(request, email)).find((m) => /sign-in code/.test(m.subject)))
    .toBeTruthy();
  const mail = (await mailsTo(request, email)).find((m) => /sign-in code/.test(m.subject))!;
  return mail.text.match(/\b(\d{6})\b/)![1]!;
}

/** The page has no sideways scroll (a 375 px phone). */
async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('student: past the limit, the login page asks for the e-mailed code and signs in with it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('code-student');
  await verifiedStudent(
    request,
    {
      fullName: 'Code Student',
      academicStatus: 'Graduate',
      contactNumber: `+44 20 7946 ${Date.now() % 1e6}${counter}`,
      email,
      currentAddress: '1 Code Road, Leeds',
      password: PASSWORD,
    },
    from,
  );
  await burnTries(request, '/api/users/login', email);

  await page.goto('/login');
  const form = page.locator('form.st-auth');
  await hydratedAround(form);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByRole('status')).toHaveText(CODE_SENT);
  const code = form.getByLabel('Code from the e-mail');
  await expect(code).toBeVisible();
  await code.fill(await signInCode(request, email));
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile-bashboard-student/);
});

test('partner: past the limit, the login page asks for the e-mailed code and signs in with it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('code-partner');
  await verifiedPartner(
    request,
    partnerForm({ ownerEmail: email, contactEmail: uniqueEmail('code-contact'), password: PASSWORD }),
    from,
  );
  await burnTries(request, '/api/partner/login', email);

  await page.goto('/login-partner-account');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Log In' }) });
  await hydratedAround(form);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(form.getByRole('status')).toHaveText(CODE_SENT);
  await form.getByRole('textbox', { name: 'Code from the e-mail' }).fill(await signInCode(request, email));
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/partnerdashboard/);
});

test('job seeker on a phone: My applications asks for the e-mailed code past the limit', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const email = uniqueEmail('code-seeker');
  const res = await request.post('/api/job-applicants/register', {
    headers: from(),
    data: { fullName: 'Code Seeker', email, phone: '020 7946 0111', password: PASSWORD },
  });
  expect(res.status()).toBe(201);
  await burnTries(request, '/api/job-applicants/login', email);

  await page.goto('/my-applications');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Login' }) });
  await hydratedAround(form);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(form.getByRole('status')).toHaveText(CODE_SENT);
  await form.getByLabel('Code from the e-mail').fill(await signInCode(request, email));
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Signed in as')).toContainText(email);
});

test('job seeker: "Forgot password?" in the application window resets the password, then the login works', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('reset-seeker');
  const res = await request.post('/api/job-applicants/register', {
    headers: from(),
    data: { fullName: 'Reset Seeker', email, phone: '020 7946 0111', password: 'Old-seeker-pass-1' },
  });
  expect(res.status()).toBe(201);

  await page.goto('/job/care-assistant-leeds');
  const apply = page.getByRole('button', { name: 'Apply to job' });
  await hydratedAround(apply);
  await apply.click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Log in to apply' })).toBeVisible();
  await modal.getByLabel('Email').fill(email);
  await modal.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(modal.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(modal.getByLabel('Email')).toHaveValue(email);
  await modal.getByRole('button', { name: 'Send code' }).click();
  await expect(modal.getByRole('status')).toHaveText(
    'If an account exists for that e-mail, we have sent a code to reset the password.',
  );
  // A wrong code: the students' message, inline.
  await modal.getByLabel('6-digit code').fill('12');
  await modal.getByLabel('New password').fill('New-seeker-pass-2');
  await modal.getByRole('button', { name: 'Set new password' }).click();
  await expect(modal.getByRole('alert')).toHaveText('OTP must be 6 digits');

  await expect
    .poll(async () => (await mailsTo(request, email)).some((m) => /password reset code/.test(m.subject)))
    .toBe(true);
  const mail = (await mailsTo(request, email)).find((m) => /password reset code/.test(m.subject))!;
  await modal.getByLabel('6-digit code').fill(mail.text.match(/\b(\d{6})\b/)![1]!);
  await modal.getByRole('button', { name: 'Set new password' }).click();
  await expect(modal.getByRole('status')).toHaveText(
    'Your password has been reset. Please log in with your new password.',
  );
  await modal.getByRole('button', { name: 'Back to login' }).click();
  await expect(modal.getByRole('heading', { name: 'Log in to apply' })).toBeVisible();
  await modal.getByLabel('Password', { exact: true }).fill('New-seeker-pass-2');
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(modal.getByLabel('CV (PDF, DOC or DOCX)')).toBeVisible();
});
