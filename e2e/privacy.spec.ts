import { readFileSync } from 'node:fs';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './helpers/axe.ts';
import { strFromU8, unzipSync } from 'fflate';
import { uniqueEmail } from './helpers/mailbox.ts';
import { hydrated } from './helpers/islands.ts';
import { sql } from './helpers/rows.ts';
import { storeSession, studentSession, verifiedStudent } from './helpers/accounts.ts';
import { CRONS } from '#schemas/schedule.ts';

// In the browser: "Download my data" saves a zip of the person's data and files, "Delete
// my account" (password-confirmed) ends the account at once, and a job alert saved from the job
// list e-mails a digest whose unsubscribe link works signed out (a used or forged link gets a clear
// page).

let counter = 0;
/** Set-up calls come from addresses of their own, clear of the per-address limits. */
const from = () => ({ 'CF-Connecting-IP': `198.18.${Math.floor(Math.random() * 250)}.${counter++ % 250}` });
const PASSWORD = 'Privacy-pass-2026';
const stamp = Date.now();
async function axe(page: Page) {
  expect(await axeViolations(page, { atLeast: 'serious' })).toEqual([]);
}

/** A verified student signed in through the API, with one uploaded document. */
async function studentWithDocument(request: APIRequestContext) {
  const email = uniqueEmail('privacy-student');
  await verifiedStudent(
    request,
    {
      fullName: 'Privacy Student',
      academicStatus: 'Graduate',
      contactNumber: `+44 20 7946 ${stamp % 1e5}${counter++}`,
      email,
      currentAddress: '1 Data Road, Leeds',
      password: PASSWORD,
    },
    from,
  );
  const login = await request.post('/api/users/login', {
    headers: from(),
    data: { email, password: PASSWORD },
  });
  const { token, user } = (await login.json()) as { token: string; user: unknown };
  const pdf = Buffer.from(
    '%PDF-1.4\n% my passport scan\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
  const upload = await request.post('/api/users/document', {
    headers: { ...from(), Authorization: `Bearer ${token}` },
    multipart: {
      documentType: 'Passport',
      document: { name: 'my passport.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  return { email, token, user, pdf };
}

async function openDashboard(page: Page, student: { token: string; user: unknown }) {
  await storeSession(page, studentSession(student));
  await page.goto('/profile-bashboard-student');
  // The privacy panel is its own chunk, loaded after the profile: seconds on a busy machine.
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible({ timeout: 30_000 });
}

test('Download my data saves a zip with the profile and the uploaded file', async ({ page, request }) => {
  const student = await studentWithDocument(request);
  await openDashboard(page, student);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^bridgeway-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync(await file.path())));
  expect(Object.keys(zip).sort()).toEqual(['README.txt', 'data.json', 'files/my passport.pdf']);
  expect(Buffer.from(zip['files/my passport.pdf']!)).toEqual(student.pdf);
  expect(JSON.parse(strFromU8(zip['data.json']!))).toMatchObject({
    accountType: 'student',
    profile: { email: student.email, fullName: 'Privacy Student' },
  });
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  await axe(page);
});

test('Delete my account asks for the password, then ends the account at once', async ({ page, request }) => {
  const student = await studentWithDocument(request);
  await openDashboard(page, student);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await axe(page);
  await dialog.getByLabel('Enter your password to confirm').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'That password is not correct, so your account has not been deleted.',
  );
  expect(
    (
      await request.get('/api/users/profile', { headers: { Authorization: `Bearer ${student.token}` } })
    ).status(),
  ).toBe(200);

  await dialog.getByLabel('Enter your password to confirm').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
  expect(
    (
      await request.get('/api/users/profile', { headers: { Authorization: `Bearer ${student.token}` } })
    ).status(),
  ).toBe(401);
  expect(
    (
      await request.post('/api/users/login', {
        headers: from(),
        data: { email: student.email, password: PASSWORD },
      })
    ).status(),
  ).toBe(401);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await page.waitForURL((url) => url.pathname === '/');
});

test('Delete my whole account, ticked on the student dashboard, deletes the job seeker role too', async ({
  page,
  request,
}) => {
  const student = await studentWithDocument(request);
  // The same person signs in at the job window: a job seeker role under the one address.
  const seeker = await request.post('/api/job-applicants/login', {
    headers: from(),
    data: { email: student.email, password: PASSWORD },
  });
  expect(seeker.status()).toBe(200);
  const { token: seekerToken } = (await seeker.json()) as { token: string };
  await openDashboard(page, student);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel(/Delete my whole account/).check();
  await dialog.getByLabel('Enter your password to confirm').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('status')).toContainText(
    'every role under this e-mail address',
  );
  expect(
    (await request.get('/api/job-applicants/me', { headers: { 'X-Applicant-Token': seekerToken } })).status(),
  ).toBe(401);
  expect(
    (
      await request.post('/api/job-applicants/login', {
        headers: from(),
        data: { email: student.email, password: PASSWORD },
      })
    ).status(),
  ).toBe(401);
});

const cleanups: (() => void)[] = [];
test.afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

test('a search saved as an alert from the job list e-mails new jobs; its unsubscribe link works signed out, once', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('privacy-alerts');
  const registered = await request.post('/api/job-applicants/register', {
    headers: from(),
    data: { fullName: 'Alert Seeker', email, phone: '020 7946 0222', password: PASSWORD },
  });
  const { token } = (await registered.json()) as { token: string };
  const keyword = `Zebralert${stamp}`;

  // The job list: search, then "Create an alert for this search" (the same terms).
  await page.addInitScript((value) => localStorage.setItem('applicantToken', value), token);
  await page.goto('/job');
  await hydrated(page, 'JobFilters');
  await page.getByLabel('Keywords').fill(keyword);
  await page.getByLabel('Location').fill('Leeds');
  await page.getByRole('button', { name: 'Create an alert for this search' }).click();
  const modal = page.getByRole('dialog', { name: 'Get alerts for jobs like these' });
  await expect(modal.getByRole('status')).toContainText('Job alert saved.');
  await axe(page);
  await modal.getByRole('button', { name: 'Done' }).click();
  // Saving it is confirmed by e-mail, with the one-click unsubscribe link.
  await expect
    .poll(async () => {
      const messages = (await (
        await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
      ).json()) as { subject: string; text: string }[];
      return messages.find((m) => m.subject.startsWith('Your job alert is saved'))?.text ?? '';
    })
    .toMatch(
      new RegExp(
        `"${keyword}" near Leeds[\\s\\S]*Stop this alert with one click: http\\S+/api/job-alerts/unsubscribe\\?token=`,
      ),
    );
  await page.goto('/my-applications');
  await expect(page.getByRole('list', { name: 'Your job alerts' })).toContainText(`"${keyword}" near Leeds`);

  // A matching job is published, and the digest's cron runs the next morning.
  const now = Date.now();
  // A worker's specs share its database: the job goes again, so later specs see the jobs the site was built with.
  cleanups.push(() => sql(`DELETE FROM jobs WHERE id = 'job-${stamp}';`));
  sql(`INSERT INTO jobs (id, title, description, category, company, location, address, start_date, end_date, recruitment_type, employment, schedule, payment, hiring, urgent, tags, type, requirements, company_info, status, sort_order, created_at, updated_at)
    VALUES ('job-${stamp}', '${keyword} Care Worker', 'Caring role', 'Healthcare', 'Alert Care Ltd', 'Leeds, UK', '1 Alert Road', '2026-09-01', '2027-09-01', 'Permanent', '["Full-time"]', 'Days', '£25,000', '1', 0, '[]', 'Full-time', '[]', '{"name":"Alert Care Ltd","website":"https://example.com","about":"x"}', 'open', 0, ${now + 1_000}, ${now + 1_000})`);
  const cron = await request.get(
    `/cdn-cgi/local/scheduled?cron=${encodeURIComponent(CRONS['job-alert-digest'])}&time=${now + 21 * 60 * 60 * 1000}`,
  );
  expect(cron.ok()).toBe(true);
  let text = '';
  await expect
    .poll(
      async () => {
        const messages = (await (
          await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)
        ).json()) as { subject: string; text: string }[];
        text = messages.find((m) => m.subject.includes('new job'))?.text ?? '';
        return text;
      },
      { timeout: 15_000 },
    )
    .toContain(`${keyword} Care Worker`);
  const link = /Unsubscribe: (\S+)/.exec(text)![1]!;

  // The link, opened signed out (a fresh browser context, as from a mail app).
  const signedOut = await browser.newContext();
  const mailApp = await signedOut.newPage();
  await mailApp.goto(link);
  await expect(mailApp.getByRole('heading', { name: 'Stop this job alert?' })).toBeVisible();
  await axe(mailApp);
  await mailApp.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(mailApp.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  // (The daily run at +21 hours also pruned the 12-hour session the page used: sign in again.)
  const again = (await (
    await request.post('/api/job-applicants/login', { headers: from(), data: { email, password: PASSWORD } })
  ).json()) as { token: string };
  const listed = await request.get('/api/job-alerts', { headers: { 'X-Applicant-Token': again.token } });
  const left = ((await listed.json()) as { alerts: unknown[] }).alerts;
  expect(left, JSON.stringify(left)).toEqual([]);
  // Used: a clear page. Forged: a clear page, never an error.
  await mailApp.goto(link);
  await expect(mailApp.getByRole('heading', { name: 'You are already unsubscribed' })).toBeVisible();
  await mailApp.goto(link.replace(/token=([^&]+)/, (_, t: string) => `token=${t.slice(0, -4)}AAAA`));
  await expect(mailApp.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await signedOut.close();
});
