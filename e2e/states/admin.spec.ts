import type { Page } from '@playwright/test';
import { appliedToJob, registeredApplicant, verifiedStudent } from '../helpers/accounts.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { createStaff, sql } from '../helpers/rows.ts';
import { authenticatorCode, signInNewAdmin, signInNewEditor } from '../helpers/staff.ts';
import { freshTotp } from '../helpers/totp.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// The back office as staff see it after each click (e2e/helpers/screen-state.ts): the
// two-step setup, the dashboard, each section's list (searched down to this test's own rows, so
// other tests' rows never change the picture) and the detail panels. Back-office tables become
// stacked rows below 640 px.

const stamp = Date.now();
const PASSWORD = 'a long staff password 42';

test.beforeEach(async ({ page }) => addressOfItsOwn(page));

/** Searches a back-office list (its one search box, whatever its label) down to the rows that name `term`. */
async function search(page: Page, term: string) {
  await page.getByRole('search').getByRole('searchbox').fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/**
 * What changes from run to run: dates and times as staff read them ("27 Nov 2026, 17:02"), the
 * search box, and the publishing state (other tests publish).
 */
const changing = (page: Page) => [
  page.getByText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/),
  page.getByRole('searchbox'),
  page.locator('.admin-publish__state'),
];

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name, exact: true }).click();

test('the back office: two-step setup, the dashboard, each section and its detail panel', async ({
  page,
  states,
}) => {
  test.setTimeout(420_000);
  const staff = { email: uniqueEmail('states-admin'), name: 'Nadia Okoro', password: PASSWORD };
  await createStaff(staff, 'admin');
  // This test's own rows: a student's program application and a job seeker's application.
  const student = { email: uniqueEmail('states-adm-student'), password: 'Student-pass-2026' };
  await verifiedStudent(page.request, {
    fullName: `Ruth Mensah ${stamp}`,
    academicStatus: 'Graduate',
    contactNumber: `+44 20 7946 ${String(stamp % 1e4).padStart(4, '0')}9`,
    email: student.email,
    currentAddress: '3 Park Row, Leeds',
    password: student.password,
  });
  const login = (await (await page.request.post('/api/users/login', { data: student })).json()) as {
    token: string;
  };
  const applied = await page.request.post('/api/subscriptions', {
    headers: { Authorization: `Bearer ${login.token}` },
    data: { subjectId: 'msc-data-science-university-of-leeds' },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  const seeker = await registeredApplicant(page.request, {
    fullName: `Daniel Osei ${stamp}`,
    email: uniqueEmail('states-adm-seeker'),
    password: 'Seeker-pass-2026',
  });
  await appliedToJob(page.request, 'care-assistant-leeds', seeker.token);

  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await states.check('admin-sign-in-error', { mask: [page.getByLabel('E-mail')] });
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The code e-mailed to the staff address before an authenticator is linked; then a wrong one.
  const emailed = page.getByLabel('Code from the e-mail');
  await expect(emailed).toBeFocused();
  const address = [page.getByLabel('E-mail', { exact: true }), page.getByText(staff.email, { exact: true })];
  await states.check('admin-sign-in-code', { mask: address });
  const code = await authenticatorCode(page.request, staff.email);
  await emailed.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await states.check('admin-sign-in-code-error', { mask: address });
  await emailed.fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The two-step setup: the key (masked: new each run), a wrong code, the recovery codes.
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  const secretText = page.getByTestId('totp-secret');
  const secret = (await secretText.textContent())!.replace(/\s+/g, '');
  const qr = page.getByRole('img', { name: /^QR code to add / });
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await states.check('admin-two-step-setup-error', { mask: [secretText, qr, page.getByText(staff.email)] });
  await page.getByLabel('Code from your authenticator app').fill(await freshTotp(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codes).toBeVisible();
  await states.check('admin-recovery-codes', { mask: [codes] });
  await page.getByRole('button', { name: 'I have saved my recovery codes: continue' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${staff.name}` })).toBeVisible();
  // The tiles count every row of the shared database: their numbers are masked.
  await states.check('admin-dashboard', {
    mask: [...changing(page), page.locator('.admin-card__n')],
    screenshot: false,
  });

  await nav(page, 'Program applications');
  await search(page, `Ruth Mensah ${stamp}`);
  await page.getByRole('button', { name: `Ruth Mensah ${stamp}` }).click();
  await expect(page.locator('#admin-detail')).toContainText('Submitted');
  await states.check('admin-program-application', {
    mask: [...changing(page), page.getByText(String(stamp)), page.getByText(student.email)],
    screenshot: false,
  });
  // On a phone each row is a card: a status pill hugs its words, it does not fill the cell.
  await page.setViewportSize({ width: 375, height: 812 });
  const pill = page.locator('.admin-table tbody .admin-badge').first();
  const [pillWidth, cellWidth, wordsWidth] = await pill.evaluate((badge) => {
    const words = document.createRange();
    words.selectNodeContents(badge);
    const style = getComputedStyle(badge);
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    return [
      badge.getBoundingClientRect().width,
      badge.parentElement!.getBoundingClientRect().width,
      words.getBoundingClientRect().width + padding,
    ];
  });
  expect(pillWidth, `the pill (${Math.round(pillWidth)} px) hugs its words`).toBeLessThan(wordsWidth + 2);
  expect(pillWidth).toBeLessThan(cellWidth / 2);
  await page.setViewportSize({ width: 1280, height: 900 });

  await nav(page, 'Job applications');
  await search(page, `Daniel Osei ${stamp}`);
  await page.getByRole('button', { name: `Daniel Osei ${stamp}` }).click();
  await expect(page.locator('#admin-detail')).toContainText('Received');
  await states.check('admin-job-application', {
    mask: [...changing(page), page.getByText(String(stamp)), page.getByText(seeker.email)],
    screenshot: false,
  });

  for (const [section, name] of [
    ['Inbox', 'admin-inbox'],
    ['Partners', 'admin-partners'],
    ['Partner requests', 'admin-partner-requests'],
    ['Payments', 'admin-payments'],
  ] as const) {
    await nav(page, section);
    // Nothing of this run's matches: each list's "nothing for this search" state.
    await search(page, `no-such-${stamp}`);
    await expect(page.getByText('Nothing here for this search.')).toBeVisible();
    await states.check(name, { mask: changing(page) });
  }

  // The other sections: what other tests wrote to the shared database (rows, counts) is masked.
  for (const [section, name] of [
    ['Content', 'admin-content'],
    ['Staff', 'admin-staff'],
    ['Audit log', 'admin-audit'],
    ['Privacy requests', 'admin-privacy'],
    ['Failed mail', 'admin-failed-mail'],
    ['Two-step sign-in', 'admin-security'],
  ] as const) {
    await nav(page, section);
    await expect(page.getByRole('link', { name: section, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await states.check(name, {
      mask: [...changing(page), page.locator('.admin-table tbody, .admin-count, .admin-pager span')],
      screenshot: false,
    });
  }
});

test('an editor turns two-step sign-in on: the set-up with the code e-mailed to the staff address', async ({
  page,
  states,
}) => {
  const editor = { email: uniqueEmail('states-editor'), name: 'Eddie Mensah', password: PASSWORD };
  await signInNewEditor(page, editor);
  await nav(page, 'Two-step sign-in');
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const secretText = page.getByTestId('totp-secret');
  const secret = (await secretText.textContent())!.replace(/\s+/g, '');
  const emailed = page.getByLabel('Code from the e-mail');
  const code = await authenticatorCode(page.request, editor.email);
  await page.getByLabel('Code from your authenticator app').fill(await freshTotp(secret));
  await emailed.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code from the e-mail is not right or has expired. Check the e-mail, or send a new code.',
  );
  // The authenticator's code is new each run (masked with the key and the QR code).
  const alert = page.getByRole('alert');
  await states.check('admin-security-setup-error', {
    mask: [
      secretText,
      page.getByRole('img', { name: /^QR code to add / }),
      page.getByLabel('Code from your authenticator app'),
      page.getByText(editor.email, { exact: true }),
    ],
    show: alert,
  });
  await emailed.fill(code);
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
});

test("an audit entry's before and after: labelled values in words, not JSON", async ({ page, states }) => {
  const admin = { email: uniqueEmail('states-audit'), name: 'Grace Audit', password: PASSWORD };
  await signInNewAdmin(page, admin);
  // Two entries of this run's own (their item ids carry its stamp, so a search finds only them): a
  // program application moved on, and an account a person erased with the rows under its address.
  const id = `audit-words-${stamp}`;
  const now = Date.now();
  sql(`INSERT INTO audit_log (id, staff_id, action, entity, entity_id, before, after, created_at, updated_at)
    VALUES ('${id}-1', NULL, 'subscription.status', 'subscription', '${id}-1', '{"status":"submitted"}', '{"status":"in_review"}', ${now}, ${now}),
      ('${id}-2', NULL, 'account.erase', 'applicant', '${id}-2', NULL, '{"files":2,"addressRows":true}', ${now + 1}, ${now + 1});`);
  await nav(page, 'Audit log');
  await search(page, id);
  const open = (what: RegExp) => page.getByRole('row', { name: what }).getByRole('button').first().click();
  await open(/moved from Submitted to In review/);
  const entry = page.getByRole('region', { name: 'Audit entry' });
  const before = entry.getByRole('region', { name: 'Before' });
  const after = entry.getByRole('region', { name: 'After' });
  await expect(before.getByRole('term')).toHaveText(['Status']);
  await expect(before.getByRole('definition')).toHaveText(['Submitted']);
  await expect(after.getByRole('term')).toHaveText(['Status']);
  await expect(after.getByRole('definition')).toHaveText(['In review']);
  await expect(entry).not.toContainText('in_review');
  await expect(entry).not.toContainText('{');
  await states.check('admin-audit-status', { mask: [...changing(page), page.getByText(id)], show: entry });

  await open(/A person erased their own account/);
  await expect(before).toContainText('Nothing recorded');
  await expect(after.getByRole('term')).toHaveText([
    'Files deleted',
    'Mail and payments under the address deleted',
  ]);
  await expect(after.getByRole('definition')).toHaveText(['2', 'Yes']);
  await expect(entry).not.toContainText('addressRows');
  await states.check('admin-audit-erase', { mask: [...changing(page), page.getByText(id)], show: entry });
});
