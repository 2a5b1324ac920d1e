import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { verifiedStudent } from './helpers/accounts.ts';
import { expectAccessible } from './helpers/axe.ts';
import { uniqueEmail } from './helpers/mailbox.ts';
import { createStaff, sql } from './helpers/rows.ts';
import { signInNewAdmin } from './helpers/staff.ts';

// In the back office: dashboard tiles open their list filtered; staff open a
// student's documents from the application's detail panel and see the intake chosen; the audit log
// reads as sentences; the subject editor picks university, country and currency from lists; an
// admin with few recovery codes left is warned. One admin and one student of this spec's own.

const stamp = Date.now();
const admin = {
  email: `docs.admin.${stamp}@example.com`,
  name: 'Dora Admin',
  password: 'a long admin password 29',
};
const student = {
  name: `Amina Rahman ${stamp}`,
  email: uniqueEmail('documents'),
  password: 'student-pass-29',
};

// Several page loads, sign-ins and axe runs a test: on a shared, busy machine they take minutes.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

/** The student applies (with an intake) and uploads a passport scan, the way the site does it. */
async function studentWithDocument(request: APIRequestContext) {
  await verifiedStudent(request, {
    fullName: student.name,
    academicStatus: 'Graduate',
    contactNumber: `+44 20 7946 ${Math.floor(Math.random() * 1e6)}`,
    email: student.email,
    currentAddress: '1 Document Row, Leeds',
    password: student.password,
  });
  const { token } = (await (
    await request.post('/api/users/login', { data: { email: student.email, password: student.password } })
  ).json()) as { token: string };
  const subjects = (await (await request.get('/api/subjects')).json()) as {
    _id: string;
    name: string;
    studyPlan: { intake: string; futureIntakes: string[] };
  }[];
  const program = subjects.find((s) => s.studyPlan.intake && s.studyPlan.futureIntakes.length > 0)!;
  const intake = program.studyPlan.futureIntakes[0]!;
  const applied = await request.post('/api/subscriptions', {
    data: { subjectId: program._id, intake },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(applied.status()).toBe(201);
  const upload = await request.post('/api/users/document', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      documentType: 'Passport',
      document: {
        name: 'passport scan.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(
          '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
        ),
      },
    },
  });
  expect(upload.status()).toBe(201);
  return { program, intake };
}

let applied: Awaited<ReturnType<typeof studentWithDocument>>;
// One signed-in admin for the file's tests (each test's own page would start signed out).
let page: Page;
test.beforeAll(async ({ request, browser }) => {
  // Accounts made the slow, real way (scrypt): minutes on a busy machine.
  test.setTimeout(420_000);
  applied = await studentWithDocument(request);
  await createStaff(admin, 'admin');
  page = await (await browser.newContext()).newPage();
});
test.afterAll(async () => {
  await page.context().close();
});

test('dashboard tiles open their list filtered; the student’s document opens from the application', async () => {
  await signInNewAdmin(page, admin, { created: true });
  await page.getByRole('link', { name: /New program applications$/ }).click();
  await expect(page).toHaveURL(/\/admin\/applications\?status=submitted$/);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('submitted');
  const statuses = page.locator('.admin-table tbody .admin-badge');
  await expect(statuses.first()).toBeVisible();
  expect(new Set(await statuses.allTextContents())).toEqual(new Set(['Submitted']));

  await page.getByLabel('Search', { exact: true }).fill(student.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row', { name: new RegExp(student.name) });
  await expect(row).toContainText(applied.intake);
  await row.getByRole('button', { name: student.name }).click();
  await expect(page).toHaveURL(/\?status=submitted&id=/);
  const detail = page.locator('#admin-detail');
  await expect(detail).toContainText(`Intake${applied.intake}`);
  const documents = detail.getByTestId('student-documents');
  await expect(documents).toContainText("Student's documents");
  const open = documents.getByRole('button', { name: 'Open Passport: passport scan.pdf' });
  const download = page.waitForEvent('download');
  await open.click();
  expect((await download).suggestedFilename()).toBe('passport scan.pdf');
  await expectAccessible(page);

  await page.goto('/admin');
  await page.getByRole('link', { name: /Unread messages$/ }).click();
  await expect(page).toHaveURL(/\/admin\/inbox\?status=unread$/);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('unread');
});

test('the audit log reads as sentences', async () => {
  await page.goto(`/admin/applications?status=submitted`);
  await page.getByLabel('Search', { exact: true }).fill(student.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('row', { name: new RegExp(student.name) })
    .getByRole('button', { name: student.name })
    .click();
  const detail = page.locator('#admin-detail');
  await detail.getByLabel('New status').selectOption('in_review');
  await detail.getByRole('button', { name: 'Change status and e-mail' }).click();
  await expect(detail.locator('.admin-success')).toBeVisible();

  await page.goto('/admin/audit');
  await page.getByLabel('Search action, item or person').fill('subscription');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const sentence = `${student.name}'s application to ${applied.program.name} moved from Submitted to In review`;
  await expect(page.getByRole('row').filter({ hasText: sentence })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'What happened' })).toBeVisible();
  await expect(page.locator('.admin-table')).not.toContainText('subscription.status');
  await expect(
    page.getByRole('row').filter({ hasText: `Opened a document of ${student.name}'s application` }),
  ).toBeVisible();
  await expectAccessible(page);
});

test('the subject editor picks university, country and currency from lists, each field named once', async () => {
  await page.goto(`/admin/content?kind=subjects&id=${encodeURIComponent(applied.program._id)}`);
  const editor = page.locator('#admin-detail');
  for (const [label, value] of [
    ['University', /.+/],
    ['Department', /.+/],
    ['Country', /.+/],
    ['Currency of the tuition', /^[A-Z]{3}$/],
  ] as const) {
    const select = editor.getByRole('combobox', { name: label, exact: true });
    await expect(select).toHaveValue(value);
    // The chosen option is a name, not an id.
    await expect(select.locator('option:checked')).not.toHaveText(/^[a-z0-9-]+$/);
  }
  await expect(editor.getByText('University Id')).toHaveCount(0);
  const labels = await editor.locator('label, legend').allTextContents();
  const names = labels.map((l) => l.replace(/\s*\(optional\)|\s*\(one per line\)/g, '').trim());
  expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  await expectAccessible(page);
});

test('an admin with fewer than 3 recovery codes left is warned on every page', async () => {
  await page.goto('/admin');
  await expect(page.getByTestId('recovery-codes-low')).toHaveCount(0);
  sql(`UPDATE staff_recovery_codes SET used_at = ${Date.now()} WHERE rowid IN (
    SELECT r.rowid FROM staff_recovery_codes r JOIN staff s ON s.id = r.staff_id WHERE s.email = '${admin.email}' LIMIT 8);`);
  await page.reload();
  const warning = page.getByTestId('recovery-codes-low');
  await expect(warning).toContainText('You have only 2 recovery codes left.');
  await warning.getByRole('link', { name: 'Make new recovery codes' }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByTestId('recovery-codes-low')).toContainText('Make new ones below.');
  await expectAccessible(page);
});
