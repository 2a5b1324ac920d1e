import { IMAGE_TYPE_MESSAGE } from '#schemas/images.ts';
import { testPhoto } from '#scripts/lib/test-photos.ts';
import { test, expect, type Page } from '@playwright/test';
import { signInNewEditor } from './helpers/staff.ts';
import { axeViolations } from './helpers/axe.ts';
import { uniqueEmail } from './helpers/mailbox.ts';
import { hydratedAround } from './helpers/islands.ts';

// Uploads show real progress (a named progressbar with the percentage) over a
// slow line, and a failed upload says what to do; Retry sends the same chosen file again.

/** A PDF of `kb` kilobytes that passes the server's byte check (it starts %PDF-). */
const pdf = (name: string, kb: number) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(kb * 1024, 0x20), Buffer.from('\n%%EOF\n')]),
});

/** A slow mobile upload: DevTools network throttling, in bytes a second. */
async function throttleUpload(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

/** Percentages the progressbar showed while the upload ran. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __progress: number[] }).__progress = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('progress')) seen.push(Number(bar.getAttribute('value')));
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['value'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
}

async function signInStudent(page: Page) {
  const res = await page.request.post('/api/users/login', {
    data: { email: 'student@example.com', password: 'Student-demo-2026' },
  });
  expect(res.status()).toBe(200);
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  await page.goto('/login');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('userToken', t);
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    },
    [token, JSON.stringify(user)] as const,
  );
  await page.goto('/profile-bashboard-student');
  await page.getByRole('tab', { name: 'Documents' }).click();
}

test('a student document over a slow line shows real progress, with a named progressbar', async ({
  page,
}) => {
  await signInStudent(page);
  await page.getByLabel('Document Type').selectOption('Passport');
  await page.getByLabel('File', { exact: true }).setInputFiles(pdf('passport-scan.pdf', 600));
  const progress = await watchProgress(page);
  const fast = await throttleUpload(page, 100 * 1024);
  await page.getByRole('button', { name: 'Upload Document' }).click();

  const bar = page.getByRole('progressbar', { name: 'Uploading passport-scan.pdf' });
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('upload-status')).toContainText(/\d+% · \d+ KB of 600 KB/);
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  expect(await axeViolations(page, { include: '[data-testid="upload-status"]' })).toEqual([]);

  await expect(page.getByText('Document uploaded successfully')).toBeVisible({ timeout: 30_000 });
  await fast();
  const values = await progress();
  expect(
    values.some((v) => v > 0 && v < 100),
    `intermediate percentages: ${values.join(',')}`,
  ).toBe(true);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  await expect(page.getByRole('list', { name: 'Documents' })).toContainText('passport-scan.pdf');
});

test('a failed upload says what to do, and Retry sends the same chosen file', async ({ page }) => {
  await signInStudent(page);
  await page.getByLabel('Document Type').selectOption('Financial Document');
  await page.getByLabel('File', { exact: true }).setInputFiles(pdf('bank-statement.pdf', 200));
  // The connection drops mid-upload.
  await page.route('**/api/users/document', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback(),
  );
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const failure = page.getByTestId('upload-status');
  await expect(failure).toHaveAttribute('role', 'alert');
  await expect(failure).toContainText(
    'The upload stopped before it reached us. Check your connection, then press Retry: your file is still selected.',
  );
  expect(
    await page.getByLabel('File', { exact: true }).evaluate((el: HTMLInputElement) => el.files?.[0]?.name),
  ).toBe('bank-statement.pdf');
  await expect(page.getByLabel('Document Type')).toHaveValue('Financial Document');

  await page.unroute('**/api/users/document');
  await failure.getByRole('button', { name: 'Retry upload' }).click();
  await expect(page.getByText('Document uploaded successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Documents' })).toContainText('bank-statement.pdf');
});

test('a CV sent with a job application shows its progress too', async ({ page }) => {
  const email = uniqueEmail('cv-progress');
  const reg = await page.request.post('/api/job-applicants/register', {
    data: { fullName: 'Kofi Mensah', email, phone: '020 7946 0123', password: 'cv-progress-1' },
  });
  const { token } = (await reg.json()) as { token: string };
  await page.goto('/job');
  await page.evaluate((t) => localStorage.setItem('applicantToken', t), token);
  await page.goto('/job/warehouse-operative-rotterdam');
  const apply = page.getByRole('button', { name: 'Apply to job' });
  await hydratedAround(apply);
  await apply.click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('CV (PDF, DOC or DOCX)').setInputFiles(pdf('kofi-cv.pdf', 400));
  await modal.getByLabel('Cover letter').fill('Reach truck licence, five years of night shifts.');
  const fast = await throttleUpload(page, 80 * 1024);
  await modal.getByRole('button', { name: 'Submit application' }).click();
  const bar = modal.getByRole('progressbar', { name: 'Uploading kofi-cv.pdf' });
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect(modal.getByRole('status').filter({ hasText: 'Application submitted!' })).toContainText(
    'Application submitted! File kofi-cv.pdf uploaded successfully.',
  );
  await fast();
});

test("staff image uploads in the back office show progress and the server's reason on a refusal", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const editor = {
    email: `upload.editor.${stamp}@example.com`,
    name: 'Uma Editor',
    password: 'a long editor password 43',
  };
  await signInNewEditor(page, editor);
  await page.goto('/admin/content?kind=countries&id=germany');
  const picker = page.getByLabel('Upload a new image (JPEG, PNG, WebP or HEIC, up to 15 MB)');

  // Not an image: not retryable, the server's own words.
  await picker.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not a png'),
  });
  await expect(page.getByTestId('upload-status')).toContainText(IMAGE_TYPE_MESSAGE);
  await expect(page.getByRole('button', { name: 'Retry upload' })).toHaveCount(0);

  // A photograph over a slow line: progress, then the field holds the processed image's address
  // (made into its variants before the answer, which takes seconds locally).
  const photo = await testPhoto({ width: 960, height: 640, seed: 14 });
  const fast = await throttleUpload(page, Math.max(16 * 1024, Math.floor(photo.length / 4)));
  await picker.setInputFiles({ name: 'berlin.jpg', mimeType: 'image/jpeg', buffer: photo });
  const bar = page.getByRole('progressbar', { name: 'Uploading berlin.jpg' });
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  // The outcome, whichever it is: a refusal shows at once instead of after the whole wait.
  const uploaded = page.getByText('Uploaded.');
  const refused = page.getByTestId('upload-status').and(page.getByRole('alert'));
  await expect(uploaded.or(refused)).toBeVisible({ timeout: 150_000 });
  // A bare 503 here was wrangler dev reloading mid-upload when another worker's test published into
  // the folder it served: each stack now serves its own copy (scripts/lib/e2e-stacks.ts), so any
  // refusal fails the test.
  await expect(refused, 'the upload was refused (its words are in the page snapshot)').toHaveCount(0);
  await fast();
  await expect(page.getByLabel('Image', { exact: true })).toHaveValue(/^\/api\/images\//);
});
