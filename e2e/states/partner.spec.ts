import { partnerForm, verifiedPartner } from '../helpers/accounts.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// Issue 29: the partner's dashboard as the partner sees it after each click
// (e2e/helpers/screen-state.ts): each tab, the two request forms with their errors and their
// success, the requests list, and "Your data".

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
  await page.goto('/partnerdashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Priya' })).toBeVisible({ timeout: 30_000 });
  const who = [page.getByText(email)];
  await states.check('partner-profile', { mask: who });

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
  await states.check('partner-hiring-sent', { mask: who });

  await page.getByRole('tab', { name: 'My Requests' }).click();
  await expect(page.getByText('Care Assistant').first()).toBeVisible();
  await states.check('partner-requests', { mask: who });

  await page.getByRole('tab', { name: 'Your Data' }).click();
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  await states.check('partner-your-data', { mask: who });
});
