import { partnerForm, verifiedPartner } from '../helpers/accounts.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { addressOfItsOwn, expect, focusedElement, test } from '../helpers/screen-state.ts';

// The partner's dashboard as the partner sees it after each click
// (e2e/helpers/screen-state.ts): each tab, the two request forms with their errors and their
// success, the requests list (empty, then with the request just sent), and "Your data".

const PASSWORD = 'Partner-pass-2026';

test.describe.configure({ timeout: 300_000 });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

test('the partner dashboard: each tab, the request forms with errors and success, the requests list', async ({
  page,
  states,
}) => {
  const email = uniqueEmail('states-partner');
  await verifiedPartner(
    page.request,
    partnerForm({
      companyName: 'Northern Skills Ltd',
      ownerFirstName: 'Priya',
      ownerEmail: email,
      password: PASSWORD,
    }),
  );
  const login = await page.request.post('/api/partner/login', { data: { email, password: PASSWORD } });
  const session = (await login.json()) as { token: string; partner: unknown };
  await page.addInitScript(({ token, partner }) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('partnerToken', token);
    localStorage.setItem('partner', JSON.stringify(partner));
  }, session);
  // The success view must outlast the dashboard's 5-second toasts: the test runs the clock past them.
  await page.clock.install();
  await page.goto('/partnerdashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Priya' })).toBeVisible({ timeout: 30_000 });
  const who = [page.getByText(email)];
  await states.check('partner-profile', { mask: who });

  // The list is read before anything is sent: what the dashboard keeps of it must not hide a new request.
  await page.getByRole('tab', { name: 'My Requests' }).click();
  await expect(page.getByText('You have not submitted any requests yet.', { exact: false })).toBeVisible();
  await states.check('partner-requests-empty', { mask: who });

  await page.getByRole('tab', { name: 'Student Admission' }).click();
  const admission = page.getByRole('form', { name: 'Student Admission Request' });
  await admission.getByRole('button', { name: 'Submit Admission Request' }).click();
  await expect(admission.getByText(/required/i).first()).toBeVisible();
  // The focus goes to the first field that needs attention, once the rules have loaded: the state
  // is checked after it has (a later move would scroll the page under the screenshot).
  await expect(admission.getByLabel('Course Name')).toBeFocused();
  await states.check('partner-admission-errors', { mask: [...who, admission.getByLabel('Contact Email')] });

  await page.getByRole('tab', { name: 'Hire Employees' }).click();
  const hiring = page.getByRole('form', { name: 'Hire Employees' });
  await hiring.getByRole('button', { name: 'Submit Hiring Request' }).click();
  await expect(hiring.getByText(/required/i).first()).toBeVisible();
  await expect(hiring.getByLabel('Job Title')).toBeFocused();
  await states.check('partner-hiring-errors', { mask: who });
  await hiring.getByLabel('Job Title').fill('Care Assistant');
  await hiring.getByLabel('Department').fill('Home care');
  await hiring.getByLabel('Employment Type').selectOption({ index: 1 });
  await hiring.getByLabel('Salary Range').fill('£24,000–£27,000');
  await hiring.getByLabel('Number of Positions').fill('3');
  await hiring.getByLabel('Location').fill('Leeds');
  await hiring.getByLabel('Application Deadline').fill('2027-06-30');
  await hiring.getByLabel('Required Experience').fill('One year in care');
  await hiring.getByLabel('Job Description').fill('Visiting clients in their homes.');
  await hiring.getByLabel('Required Qualifications').fill('Care Certificate');
  await hiring.getByLabel('Contact Email').fill('hiring@example.com');
  await hiring.getByLabel('Contact Phone').fill('+44 20 7946 0123');
  await hiring.getByRole('button', { name: 'Submit Hiring Request' }).click();
  await expect(page.getByText('Employee hiring request submitted successfully')).toBeVisible();
  // What was sent stays on screen, its heading focused, past the toasts' 5 seconds.
  const sent = page.getByRole('region', { name: 'Hiring request sent' });
  await expect.soft(sent.getByRole('heading', { name: 'Hiring request sent' })).toBeFocused();
  expect(await focusedElement(page), 'the focus once the request is sent').toBe(
    'h2[-1] "Hiring request sent"',
  );
  for (const value of [
    'Care Assistant',
    'Home care',
    '£24,000–£27,000',
    '30 June 2027',
    'hiring@example.com',
  ])
    await expect.soft(sent.getByRole('definition').filter({ hasText: value })).toHaveCount(1);
  await expect.soft(sent).toContainText(`We have e-mailed a confirmation to ${email}.`);
  await page.clock.fastForward('00:06');
  await expect.soft(sent).toBeVisible();
  await states.check('partner-hiring-sent', { mask: who });

  // The list shows the new request at once: no reload, no Refresh, and not "none sent" first while
  // it asks the server again. What the tab shows first is recorded as it appears.
  const firstShown = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const look = () => {
          if (document.querySelector('ul[aria-label="My Requests"]')) resolve('the list');
          else if (document.body.innerText.includes('You have not submitted any requests yet'))
            resolve('"You have not submitted any requests yet"');
        };
        new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
      }),
  );
  await page.getByRole('tab', { name: 'My Requests' }).click();
  expect(await firstShown, 'what My Requests shows first').toBe('the list');
  const list = page.getByRole('list', { name: 'My Requests' });
  await expect(list.getByRole('article', { name: /Care Assistant/ })).toBeVisible();
  await states.check('partner-requests', { mask: who });

  await page.getByRole('tab', { name: 'Your Data' }).click();
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  await states.check('partner-your-data', { mask: who });
});
