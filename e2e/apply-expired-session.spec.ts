import { readFileSync } from 'node:fs';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './helpers/axe.ts';
import { signToken } from '#functions/services/security/tokens.ts';
import { uniqueEmail } from './helpers/mailbox.ts';
import { hydratedAround } from './helpers/islands.ts';

// An applicant whose stored token has expired is asked to sign in before writing
// anything, and one whose session ends while writing signs in again in place, keeping the CV and
// the cover letter.

const pdf = {
  name: 'amina-cv.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};
const password = 'secret-apply-1';
const secret = /^TOKEN_SECRET=(.+)$/m.exec(readFileSync('.dev.vars', 'utf8'))?.[1]?.trim() ?? '';

/** Signs in again inside the apply modal; the window then says the application went. */
async function logInAgainInPlace(modal: Locator, email: string) {
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password').fill(password);
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(modal.getByRole('status').filter({ hasText: 'Application submitted!' })).toContainText(
    'Application submitted! File amina-cv.pdf uploaded successfully.',
  );
}

/**
 * One real applicant for the file (registrations are rate-limited per address), and a token for
 * them that expired an hour ago, signed with the server's own key.
 */
let account: Promise<{ email: string; token: string; expired: string }> | undefined;
function applicant(page: Page) {
  account ??= (async () => {
    const email = uniqueEmail('expired');
    const res = await page.request.post('/api/job-applicants/register', {
      data: { fullName: 'Amina Okafor', email, phone: '020 7946 0111', password },
    });
    expect(res.status()).toBe(201);
    const { token } = (await res.json()) as { token: string };
    const { sub, sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      sid: string;
    };
    const expired = await signToken(
      secret,
      'bridgeway-global',
      { sub, sid, aud: 'applicant', role: 'applicant' },
      Date.now() - 2 * 60 * 60 * 1000,
    );
    return { email, token, expired };
  })();
  return account;
}

async function openApply(page: Page, job = 'care-assistant-leeds') {
  await page.goto(`/job/${job}`);
  const button = page.getByRole('button', { name: 'Apply to job' });
  await hydratedAround(button);
  await button.click();
  return page.getByRole('dialog');
}

const applyCalls = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/jobs\/[^/]+\/apply$/.test(new URL(r.url()).pathname)) calls.push(r.url());
  });
  return calls;
};

test('an expired stored token does not skip sign-in', async ({ page }) => {
  expect(secret, '.dev.vars holds the TOKEN_SECRET wrangler dev uses').not.toBe('');
  const { email, expired } = await applicant(page);
  await page.goto('/job');
  await page.evaluate((t) => localStorage.setItem('applicantToken', t), expired);
  const modal = await openApply(page);
  await expect(modal.getByRole('heading', { name: 'Log in to apply' })).toBeVisible();
  await expect(modal.getByText('Your session has ended. Please log in again.')).toBeVisible();
  await expect(modal.getByLabel('CV (PDF, DOC or DOCX)')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('applicantToken'))).toBeNull();

  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password').fill(password);
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(modal.getByLabel('CV (PDF, DOC or DOCX)')).toBeVisible();
});

test('a token the server no longer accepts (cheap server check) does not skip sign-in either', async ({
  page,
}) => {
  const { token } = await applicant(page);
  // Unexpired by its own claim, but signed with another key: only the server can tell.
  const forged = await signToken('another-secret-another-secret-1234', 'bridgeway-global', {
    sub: 'nobody',
    sid: 'no-session',
    aud: 'applicant',
    role: 'applicant',
  });
  await page.goto('/job');
  await page.evaluate((t) => localStorage.setItem('applicantToken', t), forged);
  const checks: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/job-applicants/me')) checks.push(r.status());
  });
  let modal = await openApply(page);
  await expect(modal.getByRole('heading', { name: 'Log in to apply' })).toBeVisible();
  expect(checks).toEqual([401]);
  await page.keyboard.press('Escape');

  // A good token goes straight to step 2 after the same check.
  await page.evaluate((t) => localStorage.setItem('applicantToken', t), token);
  modal = await openApply(page);
  await expect(modal.getByLabel('CV (PDF, DOC or DOCX)')).toBeVisible();
  expect(checks).toEqual([401, 200]);
});

test('the session ends while writing: sign in again in place, the CV and the cover letter are kept and sent', async ({
  page,
}) => {
  const { email, token, expired } = await applicant(page);
  const calls = applyCalls(page);
  await page.goto('/job');
  await page.evaluate((t) => localStorage.setItem('applicantToken', t), token);
  const modal = await openApply(page, 'warehouse-operative-rotterdam');
  const letter = 'I have run a forklift for four years and hold a counterbalance licence.';
  await modal.getByLabel('CV (PDF, DOC or DOCX)').setInputFiles(pdf);
  await modal.getByLabel('Cover letter').fill(letter);

  // An hour of writing later the token has expired: Submit asks for the password right here.
  await page.evaluate((t) => localStorage.setItem('applicantToken', t), expired);
  await modal.getByRole('button', { name: 'Submit application' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Your session has expired. Please log in again.');
  await expect(
    modal.getByText(
      'Log in again to send your application. Your resume (amina-cv.pdf) and cover letter are kept.',
    ),
  ).toBeVisible();
  expect(calls).toHaveLength(0); // nothing uploaded with a dead token
  await expect(modal.getByLabel('Cover letter')).toHaveValue(letter);
  expect(
    await modal.getByLabel('CV (PDF, DOC or DOCX)').evaluate((el: HTMLInputElement) => el.files?.[0]?.name),
  ).toBe('amina-cv.pdf');
  await expect(modal.getByLabel('Email')).toBeFocused();
  expect(await axeViolations(page, { include: 'dialog' })).toEqual([]);

  await logInAgainInPlace(modal, email);
  expect(calls).toHaveLength(1);

  // My applications lists it as a timeline.
  await page.goto('/my-applications');
  await expect(page.getByRole('article', { name: /Warehouse Operative/ })).toBeVisible();
});

test('a session revoked on the server mid-application also signs in again in place', async ({ page }) => {
  const { email, token } = await applicant(page);
  await page.goto('/job');
  await page.evaluate((t) => localStorage.setItem('applicantToken', t), token);
  const modal = await openApply(page, 'care-assistant-leeds');
  await modal.getByLabel('CV (PDF, DOC or DOCX)').setInputFiles(pdf);
  await modal.getByLabel('Cover letter').fill('Three years of domiciliary care.');
  // The token looks fine in the browser, but the server refuses it (as after "sign out everywhere").
  const forged = await signToken('another-secret-another-secret-1234', 'bridgeway-global', {
    sub: 'nobody',
    sid: 'no-session',
    aud: 'applicant',
    role: 'applicant',
  });
  await page.evaluate((t) => localStorage.setItem('applicantToken', t), forged);
  await modal.getByRole('button', { name: 'Submit application' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Your session is not valid. Please log in again.');
  await expect(modal.getByLabel('Cover letter')).toHaveValue('Three years of domiciliary care.');
  await logInAgainInPlace(modal, email);
});
