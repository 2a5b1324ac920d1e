import { appliedToJob, registeredApplicant, TINY_PDF } from '../helpers/accounts.ts';
import { hydratedAround } from '../helpers/islands.ts';
import { latestLink, mailsTo, uniqueEmail } from '../helpers/mailbox.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// What a job seeker sees after each click (e2e/helpers/screen-state.ts): the job
// application window's two steps, their errors, a registration and the confirmation inside the
// window (held until the e-mail is confirmed, or not); the job-alert window; /my-applications
// signed out, signed in, empty, and its delete window.

const PASSWORD = 'Seeker-pass-2026';
const JOB = { id: 'care-assistant-leeds', title: 'Care Assistant (Domiciliary)' };

test.describe.configure({ timeout: 300_000 });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

test('the job application window: sign-in, register and application steps, their errors, the confirmation', async ({
  page,
  states,
}) => {
  const email = uniqueEmail('states-apply');
  await registeredApplicant(page.request, { fullName: 'Amina Okafor', email, password: PASSWORD });
  await page.goto(`/job/${JOB.id}`);
  const apply = page.getByRole('button', { name: 'Apply to job' });
  await hydratedAround(apply);
  await apply.click();
  const modal = page.getByRole('dialog', { name: `Apply: ${JOB.title}` });
  await expect(modal.getByRole('heading', { name: 'Log in to apply' })).toBeVisible();
  await states.check('job-apply-sign-in');

  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password').fill('not-the-password');
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Invalid email or password');
  await states.check('job-apply-sign-in-error', { mask: [modal.getByLabel('Email')] });

  await modal.getByRole('button', { name: 'Register' }).click();
  await modal.getByRole('button', { name: 'Register' }).click();
  await expect(modal.getByRole('alert')).toBeVisible();
  await states.check('job-apply-register-error', { mask: [modal.getByLabel('Email')] });

  // A new job seeker registers here, and is told where they apply that their applications wait
  // for the e-mail confirmation.
  const newcomer = uniqueEmail('states-apply-new');
  await modal.getByLabel('Full name').fill('Amina Okafor');
  await modal.getByLabel('Phone').fill('020 7946 0333');
  await modal.getByLabel('Email').fill(newcomer);
  await modal.getByLabel('Password').fill(PASSWORD);
  await modal.getByRole('button', { name: 'Register' }).click();
  await expect(modal.getByRole('status').filter({ hasText: 'Registration successful!' })).toHaveText(
    'Registration successful! Please login to continue.',
  );
  const onHold = modal.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(onHold).toContainText(`We sent a link to ${newcomer}. Until you click it, we keep your`);
  const address = [modal.getByLabel('Email'), modal.getByText(newcomer, { exact: true })];
  await states.check('job-apply-registered', { mask: address });

  await modal.getByLabel('Password').fill(PASSWORD);
  await modal.getByRole('button', { name: 'Login' }).click();
  const cv = modal.getByLabel('CV (PDF, DOC or DOCX)');
  await expect(cv).toBeVisible();
  await states.check('job-apply-application');

  await modal.getByRole('button', { name: 'Submit application' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Please choose your resume (PDF, DOC or DOCX).');
  await states.check('job-apply-application-error');

  await cv.setInputFiles({ name: 'amina-cv.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
  await modal.getByLabel('Cover letter').fill('I have three years of care experience in Leeds.');
  await modal.getByRole('button', { name: 'Submit application' }).click();
  await expect(modal.getByRole('status').filter({ hasText: 'Application submitted!' })).toContainText(
    'Application submitted! File amina-cv.pdf uploaded successfully.',
  );
  await expect(modal.getByRole('link', { name: 'My applications' })).toHaveAttribute(
    'href',
    '/my-applications',
  );
  // Held until the address is confirmed: said where they applied, with the e-mail to send again.
  await expect(onHold).toContainText(`We sent a link to ${newcomer}.`);
  await expect(onHold).toContainText('on hold and do not pass them on to employers');
  await states.check('job-apply-submitted', { mask: address });
  await onHold.getByRole('button', { name: 'Resend the e-mail' }).click();
  await expect(onHold.getByRole('status')).toHaveText(`We sent a new confirmation link to ${newcomer}.`);
  await states.check('job-apply-submitted-resent', { mask: [...address, onHold.getByRole('status')] });
  // The link went out at registration, again after the application (naming the job), and on the click.
  const links = async () =>
    (await mailsTo(page.request, newcomer)).filter((m) =>
      m.text.includes('/my-applications/confirm-email?token='),
    ).length;
  await expect.poll(links).toBe(3);
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(modal).toBeHidden();
});

test('the job application window for a job seeker whose e-mail is confirmed: nothing on hold', async ({
  page,
  states,
}) => {
  const email = uniqueEmail('states-apply-confirmed');
  await registeredApplicant(page.request, { fullName: 'Kwame Asante', email, password: PASSWORD });
  const link = await latestLink(page.request, email, '/my-applications/confirm-email');
  const confirmed = await page.request.post('/api/job-applicants/confirm-email', {
    data: { token: new URL(link, 'http://localhost').searchParams.get('token') },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  // Confirming ends the sessions made before it: a new sign-in.
  const login = await page.request.post('/api/job-applicants/login', { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((t) => localStorage.setItem('applicantToken', t), token);
  await page.goto(`/job/${JOB.id}`);
  const apply = page.getByRole('button', { name: 'Apply to job' });
  await hydratedAround(apply);
  await apply.click();
  const modal = page.getByRole('dialog', { name: `Apply: ${JOB.title}` });
  const cv = modal.getByLabel('CV (PDF, DOC or DOCX)');
  await cv.setInputFiles({ name: 'kwame-cv.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
  await modal.getByLabel('Cover letter').fill('Five years of domiciliary care in Leeds.');
  await modal.getByRole('button', { name: 'Submit application' }).click();
  await expect(modal.getByRole('status').filter({ hasText: 'Application submitted!' })).toContainText(
    'Application submitted! File kwame-cv.pdf uploaded successfully.',
  );
  await expect(modal.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
  await expect(modal.getByText('on hold')).toHaveCount(0);
  await states.check('job-apply-submitted-confirmed');
});

test('the job-alert window: the live filter, signed out, and saved', async ({ page, states }) => {
  await page.goto('/job');
  const keywords = page.getByLabel('Keywords');
  await hydratedAround(keywords);
  // Typing filters the list; the alert offer appears with the search.
  await keywords.fill('care assistant');
  await page.getByLabel('Location').fill('Leeds');
  const save = page.getByRole('button', { name: 'Create an alert for this search' });
  await expect(save).toBeVisible();
  await states.check('job-list-filtered');
  await save.click();
  const modal = page.getByRole('dialog', { name: 'Get alerts for jobs like these' });
  await expect(modal.getByRole('heading', { name: 'Log in to apply' })).toBeVisible();
  await states.check('job-alert-sign-in');

  const email = uniqueEmail('states-alert');
  const { token } = await registeredApplicant(page.request, {
    fullName: 'Kofi Mensah',
    email,
    password: PASSWORD,
  });
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password').fill(PASSWORD);
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(modal.getByRole('status')).toContainText('Job alert saved.');
  expect(token).toBeTruthy();
  await states.check('job-alert-saved');
});

test('my applications: signed out, signed in with an application and an alert, empty, and the delete window', async ({
  page,
  states,
}) => {
  await page.goto('/my-applications');
  await expect(page.getByRole('heading', { name: 'Sign in to see your applications' })).toBeVisible();
  await states.check('my-applications-sign-in');
  // "Forgot password?": the reset form in the sign-in's place, styled as it is, with a 44 px way back.
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await states.check('my-applications-forgot-password');
  await page.getByRole('button', { name: 'Back to login' }).click();
  await expect(page.getByRole('heading', { name: 'Log in to apply' })).toBeVisible();

  const email = uniqueEmail('states-mine');
  const seeker = await registeredApplicant(page.request, {
    fullName: 'Grace Adeyemi',
    email,
    password: PASSWORD,
  });
  await appliedToJob(page.request, JOB.id, seeker.token);
  const alert = await page.request.post('/api/job-alerts', {
    headers: { 'X-Applicant-Token': seeker.token },
    data: { keywords: 'care assistant', category: '', location: 'Leeds' },
  });
  expect(alert.status(), await alert.text()).toBe(201);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('list', { name: 'Your job applications' })).toContainText(JOB.title);
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My applications');
  // Their name and e-mail address, and the e-mail address in the "confirm your e-mail" banner, change every run.
  const who = [page.getByText('Signed in as'), page.getByText('We sent a link to')];
  await states.check('my-applications', { mask: who });

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Enter your password to confirm').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await states.check('my-applications-delete-error');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A new applicant with nothing yet: the empty state (a fresh page load reads the stored session).
  const fresh = await registeredApplicant(page.request, {
    fullName: 'Tomasz Nowak',
    email: uniqueEmail('states-empty'),
    password: PASSWORD,
  });
  await page.evaluate((token) => localStorage.setItem('applicantToken', token), fresh.token);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No applications yet' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await states.check('my-applications-empty', { mask: who });
});

test('after the confirmation link: the sign-in says the address is confirmed, with it filled in', async ({
  page,
  states,
}) => {
  const email = uniqueEmail('states-confirmed-sign-in');
  await registeredApplicant(page.request, { fullName: 'Efua Mensah', email, password: PASSWORD });
  await page.goto(await latestLink(page.request, email, '/my-applications/confirm-email'));
  await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
  // Confirming ended the sessions made before it: the way on is to sign in again.
  await page.getByRole('link', { name: 'Go to My applications' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to see your applications' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'confirmed' })).toHaveText(
    'Your e-mail address is confirmed. Log in with your e-mail address and password.',
  );
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password')).toBeFocused();
  await states.check('my-applications-sign-in-confirmed', { mask: [page.getByLabel('Email')] });
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My applications');
});
