import { test, expect, type Page } from '@playwright/test';
import { expectAccessible } from './helpers/axe.ts';
import { latestCode } from './helpers/mailbox.ts';
import { freshTotp, wrongTotp } from './helpers/totp.ts';
import { createStaff, sql } from './helpers/rows.ts';
import { authenticatorCode, authenticatorCodesSent } from './helpers/staff.ts';
import { keepPictures, picture } from './helpers/pictures.ts';
import { publishSite, runOnOwnStack } from './helpers/own-stack-scripts.ts';

// A new staff member's first day: sign in, read a contact message, move a program application to
// 'offer', edit a subject's description and publish it.
const stamp = Date.now();
const staff = {
  email: `new.staff.${stamp}@example.com`,
  name: 'Nadia Staff',
  password: 'a long staff password 42',
  totpSecret: '',
  recoveryCodes: [] as string[],
};
const student = {
  email: `e2e-student-${stamp}@example.com`,
  name: `Student ${stamp}`,
  password: 'student-pass-42',
  token: '',
  user: {} as Record<string, unknown>,
};
const message = {
  id: `e2e-msg-${stamp}`,
  name: `Visitor ${stamp}`,
  text: `Can you help me study in Leeds? (${stamp})`,
};
let subscriptionId = '';

/** Signs a staff member in with password and a fresh authenticator code, the way a person does. */
async function signIn(page: Page, email: string, password: string, secret: string | (() => string)) {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByLabel('Code from your authenticator app')
    .fill(typeof secret === 'string' ? await freshTotp(secret) : secret());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
}

const axe = (page: Page) => expectAccessible(page);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  // Registering and verifying the student below hashes passwords: slow on a busy machine.
  test.setTimeout(180_000);
  // The staff member's row as npm run admin:create writes it (e2e/helpers/rows.ts).
  await createStaff(staff, 'admin');
  const subjects = (await (await request.get('/api/subjects')).json()) as { _id: string }[];
  const subjectId = subjects[1]!._id;
  const now = Date.now();
  sql(
    `INSERT INTO contact_messages (id, kind, full_name, email, subject, message, status, created_at, updated_at) VALUES ('${message.id}', 'home', '${message.name}', 'visitor-${stamp}@example.com', 'Studying in the UK', '${message.text}', 'unread', ${now}, ${now});`,
  );
  // The student applies the way a student does: register, verify by code, log in, subscribe.
  const registered = await request.post('/api/users/register/', {
    data: {
      fullName: student.name,
      academicStatus: 'Graduate',
      contactNumber: `0770${String(stamp).slice(-7)}`,
      email: student.email,
      currentAddress: '1 Park Row, Leeds',
      password: student.password,
    },
  });
  expect(registered.status()).toBe(201);
  const { userId } = (await registered.json()) as { userId: string };
  expect(
    (
      await request.post('/api/users/verify-otp', {
        data: { userId, otp: await latestCode(request, student.email) },
      })
    ).ok(),
  ).toBe(true);
  const login = (await (
    await request.post('/api/users/login', { data: { email: student.email, password: student.password } })
  ).json()) as { token: string; user: Record<string, unknown> };
  student.token = login.token;
  student.user = login.user;
  const applied = await request.post('/api/subscriptions', {
    data: { subjectId },
    headers: { Authorization: `Bearer ${login.token}` },
  });
  expect(applied.status()).toBe(201);
  subscriptionId = ((await applied.json()) as { subscription: { _id: string } }).subscription._id;
});

test('a new staff member signs in, reads a message, makes an offer, edits a subject and publishes it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await axe(page);
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The password alone links no authenticator: the staff address answers an e-mailed code first,
  // in this browser (a wrong code is refused, the right one leads on).
  await expect(page.getByRole('status')).toHaveText("We've e-mailed you a code to finish signing in.");
  const emailed = page.getByLabel('Code from the e-mail');
  await expect(emailed).toBeFocused();
  await expect(emailed).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(emailed).toHaveAttribute('inputmode', 'numeric');
  await expect(emailed).toHaveAccessibleDescription(
    `Sent to ${staff.email}, your staff e-mail address. It works for 10 minutes.`,
  );
  await axe(page);
  const emailedCode = await authenticatorCode(request, staff.email);
  await emailed.fill(emailedCode === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right or has expired. Check the e-mail, or sign in again for a new code.',
  );
  await expect(emailed).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Password')).not.toHaveAttribute('aria-invalid');
  await axe(page);
  await emailed.fill(emailedCode);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // An admin sets up two-step sign-in before reaching the back office: scan (here: read the key),
  // enter the first code, keep the ten recovery codes.
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^QR code to add .+ to your authenticator app$/ }),
  ).toBeVisible();
  await axe(page);
  staff.totpSecret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  expect(await page.getByTestId('totp-secret').getAttribute('data-otpauth')).toContain(
    `secret=${staff.totpSecret}`,
  );
  await page.getByLabel('Code from your authenticator app').fill(wrongTotp(staff.totpSecret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Check that the time on your phone is correct and try again.',
  );
  await page.getByLabel('Code from your authenticator app').fill(await freshTotp(staff.totpSecret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  staff.recoveryCodes = await page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(staff.recoveryCodes).toHaveLength(10);
  await axe(page);
  await page.getByRole('button', { name: 'I have saved my recovery codes: continue' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${staff.name}` })).toBeVisible();
  // The session is an HttpOnly cookie: nothing in local storage, nothing a script can read.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /staff|token/i.test(k)))).toEqual(
    [],
  );
  expect(await page.evaluate(() => document.cookie)).toBe('');
  const cookie = (await page.context().cookies()).find((c) => c.name === '__Host-staff_session')!;
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
  await axe(page);

  // Read the contact message.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Inbox' }).click();
  await page.getByLabel('Search name, e-mail or message').fill(String(stamp));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row', { name: new RegExp(message.name) });
  await expect(row).toContainText('Unread');
  await row.getByRole('button', { name: message.name }).click();
  const detail = page.locator('#admin-detail');
  await expect(detail.getByText(message.text)).toBeVisible();
  await expect(detail).toContainText('Read');
  await axe(page);
  await detail.getByLabel('Message').fill('Yes, we can. An adviser will call you this week.');
  await detail.getByRole('button', { name: 'Send reply' }).click();
  await expect(detail.getByText(`Reply sent to visitor-${stamp}@example.com`)).toBeVisible();

  // Move the program application to 'offer'.
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Program applications' })
    .click();
  await page.getByLabel('Search').fill(student.name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: student.name }).click();
  await expect(page.locator('#admin-detail')).toContainText('Submitted');
  await page.getByLabel('New status').selectOption('in_review');
  await page.getByRole('button', { name: 'Change status and e-mail' }).click();
  await expect(page.getByText('Status changed and the person was e-mailed.')).toBeVisible();
  await page.getByLabel('New status').selectOption('offer');
  await page
    .getByLabel('Note for the e-mail (optional)')
    .fill('Congratulations, the university has made you an offer.');
  await page.getByRole('button', { name: 'Change status and e-mail' }).click();
  await expect(page.getByText('Status changed and the person was e-mailed.')).toBeVisible();
  await expect(
    page.locator('#admin-detail').getByRole('listitem').filter({ hasText: 'In review → Offer' }),
  ).toContainText(`by ${staff.name}`);
  await expect(page.getByRole('row', { name: new RegExp(student.name) })).toContainText('Offer');
  await axe(page);
  // The e-mail the student got, and their own dashboard.
  const outbox = (await (
    await request.get(`/api/dev/outbox?to=${encodeURIComponent(student.email)}`)
  ).json()) as { subject: string; text: string }[];
  // The student reads the person-facing label (schemas/pipelines.ts): staff see "Offer", the student "Offer received".
  expect(outbox[0]!.subject).toMatch(/^Update on your application for .+: Offer received$/);
  expect(outbox[0]!.text).toContain('Congratulations, the university has made you an offer.');
  const studentPage = await page.context().newPage();
  await studentPage.goto('/login');
  await studentPage.evaluate(
    ({ token, user }) => {
      localStorage.setItem('userToken', token);
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: student.token, user: student.user },
  );
  await studentPage.goto('/profile-bashboard-student');
  await expect(studentPage.getByText('Offer received').first()).toBeVisible({ timeout: 15_000 });
  // Same origin, same storage: leave the staff token alone.
  await studentPage.evaluate(() =>
    ['userToken', 'token', 'user'].forEach((key) => localStorage.removeItem(key)),
  );
  await studentPage.close();

  // Edit a subject's description and publish.
  const subjects = (await (await request.get('/api/subjects')).json()) as { _id: string; name: string }[];
  // The last subject: other browser tests read the first ones (Leeds data science, the featured four).
  const subject = subjects[subjects.length - 1]!;
  const newText = `Updated by the back office on ${stamp}.`;
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Content' }).click();
  await page.getByLabel('Search by name or id').fill(subject._id);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: subject.name, exact: true }).click();
  const description = page.getByLabel('About the program (one per line)');
  await description.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText('description');
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await description.fill(newText);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. Publish to update the static pages.')).toBeVisible();
  await expect(page.getByTestId('publish-status')).toContainText('waiting to be published');
  await axe(page);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Publish requested')).toBeVisible();
  await expect(page.getByTestId('publish-status')).toContainText('A rebuild is on its way.');

  publishSite();
  await page.reload();
  await expect(page.getByTestId('publish-status')).toContainText('Everything is published.');
  const published = (await (await request.get(`/api/subjects/${subject._id}`)).json()) as {
    description: string[];
  };
  expect(published.description).toEqual([newText]);
  // The rebuilt static page carries the new text in its HTML (no script needed to see it).
  const html = await (await request.get(`/subject/${subject._id}`)).text();
  expect(html).toContain(newText);
  await page.goto(`/subject/${subject._id}`);
  await expect(page.getByText(newText).first()).toBeVisible();
});

test('an editor sees content, publishing and failed mail only', async ({ page, request }) => {
  const editor = {
    email: `editor.${stamp}@example.com`,
    name: 'Eddie Editor',
    password: 'another long password 7',
  };
  await createStaff(editor, 'editor');
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(editor.email);
  await page.getByLabel('Password').fill(editor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Back office' });
  // Failed mail: editors see that mail fails (not whom it was for), e2e/admin-failed-mail.spec.ts.
  // Insight: editors see where visits came from (no figures about people), e2e/states/insight.spec.ts.
  // Counsellors: editors change the hours of the counsellors an admin opened to them.
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Insight',
    'Content',
    'Failed mail',
    'Two-step sign-in',
    'Counsellors',
  ]);
  await page.goto('/admin/inbox');
  await expect(page.getByText('Your role (editor) does not include this page.')).toBeVisible();

  // Two-step sign-in is offered to editors: turned on from its page, asked for at the next sign-in.
  await nav.getByRole('link', { name: 'Two-step sign-in' }).click();
  await expect(page.getByText('Two-step sign-in is off for your account.')).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  await page.getByLabel('Code from your authenticator app').fill(await freshTotp(secret));
  // The session was opened with the password alone: a code e-mailed to the staff address comes too.
  const emailed = page.getByLabel('Code from the e-mail');
  await expect(emailed).toHaveAccessibleDescription(
    `Sent to ${editor.email}, your staff e-mail address. It works for 10 minutes.`,
  );
  const emailedCode = await authenticatorCode(request, editor.email);
  const sent = await authenticatorCodesSent(request, editor.email);
  await emailed.fill(emailedCode === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code from the e-mail is not right or has expired. Check the e-mail, or send a new code.',
  );
  await expect(emailed).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Code from your authenticator app')).not.toHaveAttribute('aria-invalid');
  // A new code is a minute away from the last one.
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please wait' })).toHaveText(
    /^Please wait \d+ seconds before requesting another code\.$/,
  );
  expect(await authenticatorCodesSent(request, editor.email)).toBe(sent);
  await emailed.fill(emailedCode);
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Two-step sign-in is on' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signIn(page, editor.email, editor.password, secret);
});

test('signs in with a code, and with a recovery code that then works no more', async ({ page }) => {
  await signIn(page, staff.email, staff.password, staff.totpSecret);
  await axe(page);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  // Signed out on the server: the back office sends to the sign-in page again.
  await page.goto('/admin/inbox');
  await expect(page).toHaveURL(/\/admin\/login\?/);

  const useRecovery = async (code: string) => {
    await page.goto('/admin/login');
    await page.getByLabel('E-mail').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Lost your phone? Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  };
  await useRecovery(staff.recoveryCodes[0]!);
  await expect(page.getByRole('heading', { name: `Welcome, ${staff.name}` })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Two-step sign-in' })
    .click();
  await expect(page.getByText('Recovery codes left:')).toContainText('9 of 10');
  await axe(page);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await useRecovery(staff.recoveryCodes[0]!);
  await expect(page.getByRole('alert')).toHaveText(
    'That recovery code is not right or has already been used.',
  );
});

test('the demo admin signs in with the code npm run demo:totp prints', async ({ page }) => {
  // The README's demo table: admin@example.com / demo-admin-password, then the printed code.
  await signIn(page, 'admin@example.com', 'demo-admin-password', () => {
    const printed = runOnOwnStack('demo:totp');
    expect(printed).toMatch(/^\d{6} {2}\(admin@example\.com; valid for \d+ more seconds?/m);
    return printed.slice(0, 6);
  });
});

test('screenshots at 375 and 1280 px', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, staff.email, staff.password, staff.totpSecret);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The two detail screens e2e/states/admin.spec.ts does not open (it checks the dashboard, an
    // application's detail and every section's list at both sizes, with axe); all seven with SCREENSHOTS=1.
    for (const path of [
      `/admin/inbox?id=contact%2F${message.id}`,
      '/admin/content?kind=countries&id=united-kingdom',
      ...(keepPictures
        ? [
            '/admin',
            `/admin/applications?id=${subscriptionId}`,
            '/admin/staff',
            '/admin/audit',
            '/admin/security',
          ]
        : []),
    ]) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await picture(page, `admin-${path.split('?')[0]!.replace(/\W+/g, '-')}-${width}`, {
        fullPage: width === 1280,
      });
      await axe(page);
    }
  }
});
