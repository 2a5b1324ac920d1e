import type { APIRequestContext, Page } from '@playwright/test';
import { partnerForm, verifiedPartner } from '../helpers/accounts.ts';
import { latestLink, uniqueEmail } from '../helpers/mailbox.ts';
import { ScreenStates, addressOfItsOwn, expect, test } from '../helpers/screen-state.ts';

// A partner organisation's members (e2e/helpers/screen-state.ts): the Members tab as its owner sees
// it (the contact person offered, then invited), the handover's confirmation, the tab as a member
// sees it, and the page the invitation links to (ready, joined, and a link that no longer works).

const OWNER_PASSWORD = 'Owner-states-2026';
const MEMBER_PASSWORD = 'Member-states-2026';

test.describe.configure({ timeout: 300_000 });
test.beforeEach(async ({ page }) => addressOfItsOwn(page));

async function seedSession(page: Page, request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/partner/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const session = (await login.json()) as { token: string; partner: unknown };
  await page.addInitScript(({ token, partner }) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('partnerToken', token);
    localStorage.setItem('partner', JSON.stringify(partner));
  }, session);
}

test('the members card and the invitation page', async ({ page, browser, states }) => {
  const ownerEmail = uniqueEmail('states-members');
  const form = partnerForm({
    companyName: 'Northern Members Ltd',
    ownerFirstName: 'Priya',
    ownerEmail,
    password: OWNER_PASSWORD,
  });
  const contact = form.contactEmail;
  await verifiedPartner(page.request, form);
  await seedSession(page, page.request, ownerEmail, OWNER_PASSWORD);
  await page.goto('/partnerdashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Priya' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Members' }).click();
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await expect(invite.getByLabel('E-mail address')).toHaveValue(contact);
  const who = () => [
    page.getByText(ownerEmail),
    page.getByText(contact),
    invite.getByLabel('E-mail address'),
  ];
  await states.check('partner-members-owner', { mask: who() });

  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`We e-mailed an invitation to ${contact}.`)).toBeFocused();
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);
  await states.check('partner-members-invited', { mask: who() });

  // The invitation's page, in the contact person's own browser.
  const link = await latestLink(page.request, contact, '/account/partner-invitation');
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await addressOfItsOwn(member);
  const memberStates = new ScreenStates(member);
  await member.goto(link);
  await expect(member.getByRole('heading', { name: 'Join Northern Members Ltd' })).toBeVisible();
  await memberStates.check('partner-invitation-ready', {
    mask: [member.locator('strong', { hasText: contact })],
  });
  await member.getByRole('button', { name: 'Join Northern Members Ltd' }).click();
  await expect(member.getByText('Password is required')).toBeVisible();
  await memberStates.check('partner-invitation-error', {
    mask: [member.locator('strong', { hasText: contact })],
    show: member.getByText('Password is required'),
  });
  await member.getByLabel('Choose a password').fill(MEMBER_PASSWORD);
  await member.getByRole('button', { name: 'Join Northern Members Ltd' }).click();
  await expect(member.getByRole('heading', { name: 'You have joined' })).toBeFocused();
  await memberStates.check('partner-invitation-accepted');
  // The same link again: used.
  await member.goto(link);
  await expect(member.getByRole('heading', { name: 'We could not open this invitation' })).toBeFocused();
  await memberStates.check('partner-invitation-invalid');

  // The member's own view of the card.
  await seedSession(member, member.request, contact, MEMBER_PASSWORD);
  await member.goto('/partnerdashboard');
  await expect(member.getByRole('heading', { name: 'Welcome, Priya' })).toBeVisible({ timeout: 30_000 });
  await member.getByRole('tab', { name: 'Members' }).click();
  await expect(member.getByText('You are a member of this organisation.')).toBeVisible();
  await memberStates.check('partner-members-member', {
    mask: [member.getByText(ownerEmail), member.getByText(contact)],
  });
  expect(memberStates.errors, 'errors thrown in the page').toEqual([]);
  await memberContext.close();

  // The owner's list with the member joined, and the handover's confirmation.
  await page.reload();
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByRole('button', { name: 'Hand over' }).click();
  await expect(page.getByRole('group', { name: 'Hand over the organisation' })).toBeVisible();
  const confirm = page.getByRole('group', { name: 'Hand over the organisation' });
  await states.check('partner-members-handover', {
    mask: [page.locator('.pm-email'), confirm.getByText(contact)],
    show: confirm,
  });
});
