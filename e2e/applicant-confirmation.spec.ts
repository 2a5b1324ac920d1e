import { test, expect, type Page } from '@playwright/test';
import { axeViolations } from './helpers/axe.ts';
import { latestLink, uniqueEmail } from './helpers/mailbox.ts';
import { insertJob } from './helpers/rows.ts';
import { hydratedAround } from './helpers/islands.ts';

// A job applicant registers without a code, gets a confirmation e-mail, and
// until the link is clicked their applications are held. The page the link opens says plainly
// what happened, also for a link used twice or a forged one.

async function seriousViolations(page: Page) {
  return axeViolations(page, { atLeast: 'serious' });
}

// A job of the spec's own (the seeded ones are the board's), removed again with its applications.
const job = { id: `confirmation-care-${Date.now()}`, title: 'Care Assistant (Domiciliary)' };
let removeJob: (() => unknown) | undefined;
test.beforeAll(() => {
  test.setTimeout(120_000);
  removeJob = insertJob(job);
});
test.afterAll(() => {
  test.setTimeout(120_000);
  removeJob?.();
});

const pdf = {
  name: 'held-cv.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};

test('an applicant confirms their e-mail from the link; held applications go on; used and forged links get clear answers', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('confirm');
  const registered = await request.post('/api/job-applicants/register', {
    data: { fullName: 'Chidi Held', email, phone: '020 7946 0555', password: 'held until confirmed 7' },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const applied = await request.post(`/api/jobs/${job.id}/apply`, {
    headers: { 'X-Applicant-Token': token },
    multipart: { resume: pdf, coverLetter: 'Held until I confirm.' },
  });
  expect(applied.status()).toBe(201);

  // My applications: the banner and the held application, and a new link on request.
  await page.goto('/my-applications');
  await page.evaluate((t) => localStorage.setItem('applicantToken', t), token);
  await page.reload();
  const banner = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(banner).toContainText(`We sent a link to ${email}`);
  await expect(page.getByRole('article', { name: /Care Assistant/ })).toContainText(
    'On hold until you confirm your e-mail address',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await banner.getByRole('button', { name: 'Resend the e-mail' }).click();
  await expect(banner.getByRole('status')).toHaveText(`We sent a new confirmation link to ${email}.`);

  // The click on the link in the e-mail.
  const link = await latestLink(request, email, '/my-applications/confirm-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeFocused();
  await expect(page.getByText('Your applications are on their way to the employers.')).toBeVisible();
  // Sessions made before the address was confirmed end with it: whoever registered the account
  // (perhaps not the address's owner) keeps no way in.
  await expect(page.getByText('Sign in again to follow them in My applications.')).toBeVisible();
  expect(new URL(page.url()).search).toBe(''); // the token left the address bar
  expect(await seriousViolations(page)).toEqual([]);
  const notices = (await (
    await request.get(`/api/dev/outbox?to=${encodeURIComponent('staff-alerts@example.com')}`)
  ).json()) as { subject: string; text: string }[];
  expect(notices.filter((m) => m.text.includes(`(${email})`)).map((m) => m.subject)).toEqual([
    `New application: ${job.title}`,
  ]);

  // The same link again: nothing breaks, the page says it is done.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Already confirmed' })).toBeVisible();
  await expect(
    page.getByText('Your e-mail address is already confirmed. There is nothing more to do.'),
  ).toBeVisible();

  // A forged or cut-off link: a clear message and the way to a new one, never an error page.
  await page.goto('/my-applications/confirm-email?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged');
  await expect(page.getByRole('heading', { name: 'We could not confirm your e-mail address' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'This confirmation link is not valid. Log in to My applications to get a new one.',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/my-applications/confirm-email');
  await expect(page.getByRole('alert')).toContainText('This confirmation link is not complete.');

  // Back on My applications, signed in again: confirmed, nothing held.
  await page.getByRole('link', { name: 'Go to My applications' }).click();
  const signIn = page.locator('form', { has: page.getByRole('button', { name: 'Login' }) });
  await hydratedAround(signIn);
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill('held until confirmed 7');
  await signIn.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('article', { name: /Care Assistant/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
  await expect(page.getByText('On hold until you confirm')).toHaveCount(0);
});
