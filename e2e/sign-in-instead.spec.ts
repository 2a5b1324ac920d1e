import { test, expect, type Page } from '@playwright/test';
import { uniqueEmail, latestCode } from './helpers/mailbox.ts';
import { hydrated } from './helpers/islands.ts';
import { axeViolations } from './helpers/axe.ts';
import { partnerForm, verifiedPartner, verifiedStudent } from './helpers/accounts.ts';

// A person who registers an address that already has an account is offered its sign-in with the
// address filled in, and a person who has just verified an account lands on a sign-in page that
// says so, with the address filled in and the password next: at 375 and 1280 px.

const sizes = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

let n = 0;
const phone = () => `+44 20 7946 ${String(Date.now() % 1e5).padStart(5, '0')}${n++}`;

async function seenWell(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axeViolations(page, { atLeast: 'serious' })).toEqual([]);
}

/** Fills the student registration's first step and sends it. */
async function registerStudent(page: Page, email: string, contactNumber: string) {
  await page.goto('/registration-step-to-step');
  await hydrated(page, 'RegistrationWizard');
  await page.getByLabel('Full Name').fill('Instead Tester');
  await page.getByLabel('Academic Status').selectOption('Graduate');
  await page.getByLabel('Contact Number').fill(contactNumber);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Address').fill('2 Instead Road, Leeds');
  await page.getByLabel('Password', { exact: true }).fill('instead-pass-1');
  await page.getByRole('button', { name: 'Next' }).click();
}

for (const size of sizes) {
  test(`student, ${size.name}: a registered address goes to its sign-in, filled in`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const email = uniqueEmail('instead');
    const form = {
      fullName: 'Already Here',
      academicStatus: 'Graduate',
      contactNumber: phone(),
      email,
      currentAddress: '1 Here Road, Leeds',
      password: 'already-pass-1',
    };
    await verifiedStudent(request, form);

    // The address: the page says it is registered and opens the sign-in with it filled in.
    await registerStudent(page, email, phone());
    await page.waitForURL(/\/login\/?$/);
    await hydrated(page, 'LoginForm');
    await expect(page.getByRole('status')).toHaveText(
      'This e-mail address already has an account. Sign in with its password, or use Forgot Password.',
    );
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await seenWell(page);

    // The phone number of that account with a new address: the spec's 409 message, and Sign in instead.
    const other = uniqueEmail('instead-other');
    await registerStudent(page, other, form.contactNumber);
    await expect(page.getByRole('alert')).toHaveText(
      'This email or phone number is already registered. Please use a different one.',
    );
    await seenWell(page);
    await page.getByRole('button', { name: 'Sign in instead' }).click();
    await page.waitForURL(/\/login\/?$/);
    await hydrated(page, 'LoginForm');
    await expect(page.getByLabel('Email')).toHaveValue(other);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(form.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/profile-bashboard-student\/?$/);
  });

  test(`student, ${size.name}: after the code, the sign-in page says the account is verified`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const email = uniqueEmail('verified-note');
    await registerStudent(page, email, phone());
    await expect(page.getByRole('button', { name: 'Verify OTP' })).toBeVisible();
    await page.getByLabel('Digit 1').fill(await latestCode(request, email));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL(/\/login\/?$/);
    await hydrated(page, 'LoginForm');
    await expect(page.getByRole('status')).toHaveText(
      'Your account is verified. Sign in with your e-mail address and password.',
    );
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await seenWell(page);
    // Read once: a reload opens the plain sign-in page.
    await page.reload();
    await hydrated(page, 'LoginForm');
    await expect(page.getByLabel('Email')).toHaveValue('');
  });
}

for (const size of sizes) {
  test(`partner, ${size.name}: registering an owner address that has an account offers its sign-in, filled in`, async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('partner-instead');
    await verifiedPartner(request, partnerForm({ ownerEmail: email, password: 'partner-instead-1' }));
    await page.setViewportSize(size);
    await page.goto('/become-our-partner-registerhere');
    await hydrated(page, 'PartnerRegister');
    const next = () => page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Company Name').fill('Second Try Ltd');
    await page.getByLabel('Company Headquarters').fill('York, United Kingdom');
    await next();
    await page.getByLabel('Owner First Name').fill('Ann');
    await page.getByLabel('Owner Last Name').fill('Again');
    await page.getByLabel('Owner Email').fill(email);
    await page.getByLabel('Owner Phone Number').fill('020 7946 0557');
    await page.getByLabel('Owner Designation').fill('Director');
    await page.getByLabel('Owner Nationality').fill('British');
    await next();
    await page.getByLabel('Contact First Name').fill('Ben');
    await page.getByLabel('Contact Last Name').fill('Again');
    await page.getByLabel('Contact Designation').fill('Registrar');
    await page.getByLabel('Contact Phone Number').fill('020 7946 0558');
    await page.getByLabel('Contact Email').fill(`contact-${email}`);
    await next();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('second-try-123');
    await page.getByLabel('Confirm Password').fill('second-try-123');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toContainText('A partner account with this email already exists.');
    await seenWell(page);
    await page.getByRole('button', { name: 'Sign in instead' }).click();
    await page.waitForURL(/\/login-partner-account\/?$/);
    await hydrated(page, 'PartnerLogin');
    await expect(page.getByRole('status')).toHaveText(
      'This e-mail address already has a partner account. Log in with its password, or use Forgot Password.',
    );
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await seenWell(page);
  });
}
