import { test, expect } from '@playwright/test';
import { mailsTo, uniqueEmail } from './helpers/mailbox.ts';
import { hydratedAround } from './helpers/islands.ts';
import { axeViolations } from './helpers/axe.ts';
import { verifiedStudent } from './helpers/accounts.ts';

// A student's forgotten password, from the login page's link to signing in with the new one: the
// screen every door shares (site/islands/common/PasswordReset.tsx), here at /forgot-password. The
// partners' page and the job application window go through it in partner-journey.spec.ts and
// sign-in-code.spec.ts.

test('student: "Forgot Password?" e-mails a code, the code and a new password set it, then the login works', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('forgot-student');
  await verifiedStudent(request, {
    fullName: 'Forgetful Student',
    academicStatus: 'Graduate',
    contactNumber: `+44 20 7946 ${Date.now() % 1e6}`,
    email,
    currentAddress: '1 Reset Road, Leeds',
    password: 'Old-student-pass-1',
  });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await page.waitForURL(/\/forgot-password\/?$/);
  const form = page.getByRole('form', { name: 'Reset your password' });
  const send = form.getByRole('button', { name: 'Send Code', exact: true });
  await hydratedAround(send);
  await form.getByLabel('Email').fill(email);
  await send.click();
  await expect(form.getByRole('status')).toHaveText(
    'If an account exists for that e-mail, we have sent a code to reset the password.',
  );

  // A short code: the message beside its field, nothing sent.
  await form.getByLabel('6-digit code').fill('12');
  await form.getByLabel('New Password').fill('New-student-pass-2');
  await form.getByRole('button', { name: 'Set New Password' }).click();
  await expect(form.getByLabel('6-digit code')).toHaveAccessibleDescription('OTP must be 6 digits');
  expect(await axeViolations(page)).toEqual([]);

  let code = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(request, email)).find((m) => /password reset code/.test(m.subject));
      code = mail?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await form.getByLabel('6-digit code').fill(code);
  await form.getByRole('button', { name: 'Set New Password' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Your password has been reset. Please log in with your new password.',
  );
  await form.getByRole('link', { name: 'Go to login' }).click();
  await page.waitForURL(/\/login\/?$/);
  const login = page.locator('form.st-auth');
  await hydratedAround(login);
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill('New-student-pass-2');
  await login.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile-bashboard-student/);
});
