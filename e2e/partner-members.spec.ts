import { test, expect, type Page } from '@playwright/test';
import { partnerForm, verifiedPartner } from './helpers/accounts.ts';
import { latestLink, uniqueEmail } from './helpers/mailbox.ts';
import { hydrated } from './helpers/islands.ts';
import { axeViolations } from './helpers/axe.ts';

// A partner organisation's second member, as people do it: the owner invites the registration's
// contact person from the dashboard's Members tab; the contact opens the e-mailed link in their own
// browser, sets a password, signs in at the partner login and sees the organisation's dashboard.

const OWNER_PASSWORD = 'Owner-members-2026';
const MEMBER_PASSWORD = 'Member-joins-2026';

async function seenWell(page: Page) {
  expect(await axeViolations(page, { atLeast: 'serious' })).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login-partner-account');
  await hydrated(page, 'PartnerLogin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/partnerdashboard\/?$/);
  await hydrated(page, 'PartnerDashboard');
}

test('the owner invites the contact person, who joins in another browser and sees the dashboard', async ({
  browser,
  request,
}) => {
  const ownerEmail = uniqueEmail('members-owner');
  const form = partnerForm({ ownerEmail, password: OWNER_PASSWORD, companyName: 'Harbour Members Ltd' });
  const contact = form.contactEmail;
  await verifiedPartner(request, form);

  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  await signIn(owner, ownerEmail, OWNER_PASSWORD);
  await owner.getByRole('tab', { name: 'Members' }).click();
  const invite = owner.getByRole('form', { name: 'Invite a member' });
  // The registration's contact person is offered.
  await expect(invite.getByLabel('E-mail address')).toHaveValue(contact);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`We e-mailed an invitation to ${contact}.`)).toBeFocused();
  const members = owner.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await expect(members.getByRole('listitem').nth(1)).toContainText('Invited');
  await seenWell(owner);

  // The contact person, in a browser of their own.
  const memberContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const member = await memberContext.newPage();
  await member.goto(await latestLink(request, contact, '/account/partner-invitation'));
  await hydrated(member, 'AcceptInvitation');
  await expect(member.getByRole('heading', { name: 'Join Harbour Members Ltd' })).toBeVisible();
  await seenWell(member);
  await member.getByLabel('Choose a password').fill(MEMBER_PASSWORD);
  await member.getByRole('button', { name: 'Join Harbour Members Ltd' }).click();
  await expect(member.getByRole('heading', { name: 'You have joined' })).toBeFocused();
  await member.getByRole('link', { name: 'Go to the partner login' }).click();
  await member.waitForURL(/\/login-partner-account\/?$/);
  await signIn(member, contact, MEMBER_PASSWORD);
  await expect(member.locator('.pt-company')).toHaveText('Harbour Members Ltd');
  await member.getByRole('tab', { name: 'My Requests' }).click();
  await expect(member.getByRole('heading', { name: 'My Requests' })).toBeVisible();
  await member.getByRole('tab', { name: 'Members' }).click();
  await expect(member.getByText('You are a member of this organisation.')).toBeVisible();
  await expect(member.getByRole('form', { name: 'Invite a member' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await seenWell(member);

  // The owner sees them joined, with "Remove".
  await owner.reload();
  await hydrated(owner, 'PartnerDashboard');
  await owner.getByRole('tab', { name: 'Members' }).click();
  await expect(members.getByRole('listitem').nth(1)).toContainText('Member');
  await expect(owner.getByRole('button', { name: `Remove ${contact}` })).toBeVisible();

  await ownerContext.close();
  await memberContext.close();
});
