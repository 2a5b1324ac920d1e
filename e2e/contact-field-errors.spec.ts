import { test, expect, type Page, type Request } from '@playwright/test';
import { axeViolations } from './helpers/axe.ts';
import { hydrated } from './helpers/islands.ts';
import { phoneMessages } from '#schemas/phone.ts';

// The contact forms apply the routes' own schemas before sending, and
// whatever the server still refuses is shown beside the field it is about.

const posts = (page: Page, path: string) => {
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === path) sent.push(r);
  });
  return sent;
};

async function moderateViolations(page: Page, include: string) {
  return axeViolations(page, { include });
}

for (const [path, component] of [
  ['/', 'HomeContactForm'],
  ['/contactform', 'HomeContactForm'],
] as const) {
  test(`${path} contact form with a blank e-mail says so beside the field, whether the form or the server refuses it`, async ({
    page,
  }) => {
    const sent = posts(page, '/api/contact');
    await page.goto(path);
    await hydrated(page, component);
    const form = page.getByTestId('home-contact');
    await form.getByLabel('First Name').fill('Grace');
    await form.getByLabel('Message').fill('Which intakes are open?');
    await form.getByRole('button', { name: 'Send Message' }).click();

    // The form's own check (the route's schema): nothing is sent, the message sits by the field.
    const email = form.getByLabel('Email');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Email is required');
    await expect(email).toBeFocused();
    await expect(form.getByRole('alert')).toHaveText('Please correct what is marked below.');
    expect(sent).toHaveLength(0);
    expect(await moderateViolations(page, '[data-testid="home-contact"]')).toEqual([]);

    // Typing clears the field's message; the typed text is never lost.
    await email.fill('grace@');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(form.getByLabel('First Name')).toHaveValue('Grace');

    // The server's refusal, mapped the same way: a request that slipped past the form (here the
    // body is blanked on the wire) comes back 400 with `fields`, shown beside the e-mail field.
    await email.fill('grace@example.com');
    await page.route('**/api/contact', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), email: '' }) }),
    );
    const answer = page.waitForResponse('**/api/contact');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const res = await answer;
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: 'Email is required',
      fields: { email: 'Email is required' },
    });
    await expect(email).toHaveAccessibleDescription('Email is required');
    await expect(form.getByText('Failed to send message. Please try again later.')).toHaveCount(0);
    await expect(email).toHaveValue('grace@example.com');
    await page.unroute('**/api/contact');

    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Message sent successfully!')).toBeVisible();
    await expect(email).toHaveValue('');
  });
}

test('Get In Touch accepts a phone number as people type it and says what is wrong beside the field', async ({
  page,
}) => {
  const sent = posts(page, '/api/sendsmsus');
  await page.goto('/');
  await hydrated(page, 'GetInTouchForm');
  const form = page.getByTestId('get-in-touch');
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Message').fill('Please call me about studying in Ireland.');
  const phone = form.getByLabel('Phone');

  for (const [typed, message] of [
    ['call me maybe', phoneMessages.characters],
    ['020 794', phoneMessages.tooShort],
    ['44 +20 7946 0000', phoneMessages.plus],
  ] as const) {
    await phone.fill(typed);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(
      new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    await expect(form.getByText('Something went wrong')).toHaveCount(0);
  }
  expect(sent).toHaveLength(0);
  expect(await moderateViolations(page, '[data-testid="get-in-touch"]')).toEqual([]);

  // The server says the same when it is the one refusing (the check is bypassed on the wire).
  await phone.fill('+44 20 7946 0000');
  await page.route('**/api/sendsmsus', (route) =>
    route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), nnumber: 'ring me' }) }),
  );
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(phone).toHaveAccessibleDescription(
    new RegExp(`^${phoneMessages.characters.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  await page.unroute('**/api/sendsmsus');

  await phone.fill('+44 (0)20 7946 0000 ext. 2');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Your message has been sent successfully!')).toBeVisible();
  const outbox = await page.request.get('/api/dev/outbox?to=staff-alerts@example.com');
  expect(JSON.stringify(await outbox.json())).toContain('+44 (0)20 7946 0000 ext. 2');
});
