/// <reference lib="dom" />
import { test, expect, type Page } from '@playwright/test';
import { headerWired, holdPageScript, hydrated } from './helpers/islands.ts';
import { CAROUSEL_INTERVAL } from '#site/islands/home/carousel.ts';

const student = { id: 's1', name: 'Ada Student', email: 'ada@example.com', role: 'user' };
const partner = {
  companyName: 'Acme Hiring Ltd',
  fullName: 'Pat Partner',
  ownerEmail: 'owner@acme.example.com',
};

/** Stores a session and reloads: the header's script reads it and shows the account button. */
async function storeAndReload(page: Page, entries: Record<string, string>) {
  await page.evaluate((e) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
  }, entries);
  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
}

test.describe('shared layout', () => {
  test('nav highlights the current page, footer links and social links open in a new tab', async ({
    page,
  }) => {
    await page.goto('/destinations');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Study Abroad' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Work Abroad' })).toHaveAttribute('href', '/recruitments');
    await expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about-us');
    const banner = page.getByRole('link', { name: /We accept Visa, Mastercard, and American Express/ });
    await expect(banner).toHaveAttribute('href', '/payment');
    const footer = page.locator('footer.site-footer');
    for (const [name, href] of [
      ['Find a Destination', '/destinations'],
      ['Choose a University', '/destinations'],
      ['Application Support', '/student-addmission-information'],
      ['Finding a Job', '/recruitments'],
      ['Our Staffing Solutions', '/AssistanceRequestForm'],
      ['Post a job', '/recruitments'],
      ['Our Company Story', '/about-us'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link', { name: /^Working for / })).toHaveAttribute(
      'href',
      '/become-our-partner-registerhere',
    );
    for (const name of [/Facebook/, /Instagram/]) {
      const link = footer.getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText('All rights reserved');
  });

  test('header search: hit, miss, keyboard, Escape clears, picking opens the subject', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search subjects' }).first();
    await expect(box).toHaveAttribute('placeholder', 'Search subjects...');
    // Typed at once, maybe before the header's script: the answer shows once it is wired.
    await box.fill('zzqx-nothing');
    await expect(page.getByRole('option', { name: /No subjects found/ })).toBeVisible();
    await box.fill('DATA SCIENCE');
    const options = page.getByRole('listbox', { name: 'Matching subjects' }).first().getByRole('option');
    await expect(options.first()).toContainText(/data science/i);
    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(page.getByRole('listbox', { name: 'Matching subjects' }).first()).toBeHidden();
    // matches the description too (case-insensitive)
    await box.fill('leeds institute for data analytics');
    await expect(options).toHaveCount(1);
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/subject\/msc-data-science-university-of-leeds\/?$/);
  });

  test('header search: what is typed before the header script runs gets its suggestions once it does', async ({
    page,
  }) => {
    // The page script held back: a person quicker than it focuses the box and types.
    const release = await holdPageScript(page);
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search subjects' }).first();
    await box.pressSequentially('law');
    release();
    await expect(
      page.getByRole('listbox', { name: 'Matching subjects' }).first().getByRole('option').first(),
    ).toBeVisible();
    await expect(box).toHaveValue('law');
  });

  test('header search on a page without islands: a live status gives the count, Enter without a pick opens /search', async ({
    page,
  }) => {
    await page.goto('/terms');
    const box = page.getByRole('combobox', { name: 'Search subjects' }).first();
    const status = page.locator('.search__box [role="status"]');
    await box.fill('data science');
    await expect(status).toHaveText(/^\d+ subjects? found$/);
    await box.fill('zzqx-nothing');
    await expect(status).toHaveText('No subjects found');
    await box.fill('law');
    await expect(
      page.getByRole('listbox', { name: 'Matching subjects' }).first().getByRole('option').nth(1),
    ).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\/?\?query=law$/);
  });

  test('mobile: search overlay and slide-in menu that locks scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    // Each button is disabled until the header's script wires it: the click waits for that.
    await page.getByRole('button', { name: 'Search subjects' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search Subjects' });
    await expect(overlay).toBeVisible();
    await overlay.getByRole('combobox').fill('law');
    await expect(overlay.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: /menu/ });
    await expect(menu.getByRole('link', { name: 'Study Abroad' })).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/scroll-locked/);
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.locator('body')).not.toHaveClass(/scroll-locked/);
  });

  test('header turns solid after 10 px of scroll', async ({ page }) => {
    await page.goto('/destinations');
    const header = page.locator('header.site-header');
    await expect(header).not.toHaveClass(/is-solid/);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveClass(/is-solid/);
    // Back to 5 px: once the scroll event has been handled (the header's listener came first), clear.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          addEventListener('scroll', () => resolve(), { once: true });
          window.scrollTo(0, 5);
        }),
    );
    await expect(header).not.toHaveClass(/is-solid/);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveClass(/is-solid/);
  });

  test('account menu: visitor, student wins over partner, partner, unparsable record, logout', async ({
    page,
  }) => {
    await page.goto('/about-us');
    // The script has read the (empty) stored session, and the visitor still sees Sign In.
    await headerWired(page);
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Apply Now' }).first()).toHaveAttribute(
      'href',
      '/destinations',
    );

    await storeAndReload(page, {
      user: JSON.stringify(student),
      userToken: 't1',
      token: 't1',
      partner: JSON.stringify(partner),
      partnerToken: 'p1',
    });
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await page.getByRole('button', { name: /Account menu/ }).click();
    const menu = page.locator('#account-menu');
    await expect(menu).toContainText('Ada Student');
    await expect(menu).toContainText('ada@example.com');
    await expect(menu).toContainText('Student Account');
    await expect(menu.getByRole('link', { name: 'Student Profile' })).toHaveAttribute(
      'href',
      '/profile-bashboard-student',
    );

    await storeAndReload(page, {
      user: '{not json',
      userToken: 't1',
      partner: JSON.stringify(partner),
      partnerToken: 'p1',
    });
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect(menu).toContainText('Acme Hiring Ltd');
    await expect(menu).toContainText('owner@acme.example.com');
    await expect(menu).toContainText('Partner Account');
    await expect(menu.getByRole('link', { name: 'Partner Dashboard' })).toHaveAttribute(
      'href',
      '/partnerdashboard',
    );

    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    const left = await page.evaluate(() =>
      ['userToken', 'token', 'user', 'partnerToken', 'partner'].map((k) => localStorage.getItem(k)),
    );
    expect(left).toEqual([null, null, null, null, null]);
    await headerWired(page);
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('a session written in another tab shows without navigation (storage event)', async ({
    page,
    context,
  }) => {
    await page.goto('/support');
    // Listening before the other tab writes (else the first read would show the session).
    await headerWired(page);
    const other = await context.newPage();
    await other.goto('/support');
    await other.evaluate((s) => {
      localStorage.setItem('user', JSON.stringify(s));
      localStorage.setItem('token', 't');
    }, student);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await other.evaluate(() => localStorage.clear());
    await other.close();
  });
});

test.describe('home page', () => {
  test('sections in order with hero links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ignite Your Career With');
    await expect(page.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute(
      'href',
      '/destinations',
    );
    await expect(page.getByRole('link', { name: 'Learn More', exact: true })).toHaveAttribute(
      'href',
      '/#mission',
    );
    await expect(
      page.getByRole('heading', { name: 'Shaping Your Success – Whether You Study or Work Abroad' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore Courses' })).toHaveAttribute('href', '/courses');
    const headings = await page.locator('main h2').allTextContents();
    const order = [
      'Shaping Your Success',
      'Turning Aspirations into Achievements',
      'Why students',
      'Opening Doors',
      'Our Services',
      'About',
      'One adviser',
      'partner institutions',
      'Our offices',
      'Send us a message',
      'Meet the team',
      'Featured Programs',
      'Our Mission and Vision',
    ];
    let at = -1;
    for (const h of order) {
      const i = headings.findIndex((t, j) => j > at && t.includes(h));
      expect(i, `section "${h}" after position ${at}`).toBeGreaterThan(at);
      at = i;
    }
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(ld['@type']).toBe('Organization'); // a consultancy, not a school
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
  });

  test('small screens show Study Abroad and Work Abroad in the hero', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const hero = page.locator('.home-hero');
    await expect(hero.getByRole('link', { name: 'Study Abroad' })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Work Abroad' })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Start Your Journey' })).toBeHidden();
  });

  test('Why Choose Us: cards cut to 25 words, Learn More modal with full text, Escape and Close', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page, 'FeatureCards');
    const cards = page.getByTestId('why-features').locator('li');
    await expect(cards).toHaveCount(6);
    const text = (await cards.first().locator('p').textContent())!;
    expect(text.endsWith('...')).toBe(true);
    expect(
      text
        .replace(/\.\.\.$/, '')
        .trim()
        .split(/\s+/),
    ).toHaveLength(25);
    await cards
      .first()
      .getByRole('button', { name: /Learn More/ })
      .click();
    const modal = page.getByRole('dialog', { name: 'Free Admissions Support' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('consultancy fee');
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await cards
      .nth(1)
      .getByRole('button', { name: /Learn More/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('features, services and mission fall back to built-in content when the API fails', async ({
    page,
  }) => {
    await page.route('**/api/features', (r) => r.fulfill({ status: 500, json: { success: false } }));
    await page.route('**/api/services', (r) => r.fulfill({ status: 200, json: { unexpected: true } }));
    await page.route('**/api/missionvission', (r) =>
      r.fulfill({ status: 500, json: { success: false, message: 'x' } }),
    );
    await page.goto('/');
    await hydrated(page, 'FeatureCards');
    await expect(page.getByTestId('why-features').locator('li')).toHaveCount(6);
    await hydrated(page, 'MissionFeatures');
    await expect(page.getByText('Failed to load mission and vision data')).toBeVisible({ timeout: 10_000 });
    await hydrated(page, 'ServicesList');
    await expect(page.getByText('Failed to load services. Using fallback data instead.')).toBeVisible({
      timeout: 10_000,
    });
    await expect(page.getByTestId('services').locator('li')).toHaveCount(3);
    await expect(page.getByTestId('services')).toContainText('Study-to-PR Pathways');
    await expect(page.getByRole('button', { name: 'Next services' })).toBeDisabled();
  });

  test('mission: a network failure says Failed to connect to the server', async ({ page }) => {
    await page.route('**/api/missionvission', (r) => r.abort());
    await page.goto('/');
    await hydrated(page, 'MissionFeatures');
    await expect(page.getByText('Failed to connect to the server')).toBeVisible({ timeout: 10_000 });
    const card = page.getByTestId('mission-features').locator('li').first();
    const words = (await card.locator('p').textContent())!
      .replace(/\.\.\.$/, '')
      .trim()
      .split(/\s+/);
    expect(words).toHaveLength(20);
  });

  test('services page 3 at a time, previous/next disabled at the ends', async ({ page }) => {
    await page.goto('/');
    await hydrated(page, 'ServicesList');
    const list = page.getByTestId('services').locator('li');
    await expect(list).toHaveCount(3);
    const prev = page.getByRole('button', { name: 'Previous services' });
    const next = page.getByRole('button', { name: 'Next services' });
    await expect(prev).toBeDisabled();
    const first = await list.first().locator('h3').textContent();
    await next.click();
    await expect(list.first().locator('h3')).not.toHaveText(first!);
    await expect(next).toBeDisabled();
    await expect(prev).toBeEnabled();
  });

  test('partners carousel: 280 px every 3 s on desktop, pauses on hover', async ({ page }) => {
    // The page's clock runs as a real one, and the test moves it on by the carousel's 3 s.
    await page.clock.install();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await hydrated(page, 'PartnersCarousel');
    const track = page.getByTestId('partners-track');
    await expect(track).toBeVisible();
    await page.mouse.move(5, 5);
    const start = await track.evaluate((el) => el.scrollLeft);
    await page.clock.fastForward(CAROUSEL_INTERVAL);
    await expect
      .poll(() => track.evaluate((el) => el.scrollLeft), { timeout: 6000 })
      .toBeGreaterThanOrEqual(start + 270);
    await track.hover();
    await expect(page.locator('.partners')).toHaveAttribute('data-paused', 'true');
    const paused = await track.evaluate((el) => el.scrollLeft);
    await page.clock.fastForward(CAROUSEL_INTERVAL + 500);
    // A scroll the interval had started would be well under way ten frames on (seen: 3 px after two).
    await page.evaluate(async () => {
      for (let i = 0; i < 10; i++) await new Promise((r) => requestAnimationFrame(r));
    });
    expect(await track.evaluate((el) => el.scrollLeft)).toBe(paused);
  });

  test('partners carousel: one card at a time at 768 px, silent fallback list', async ({ page }) => {
    await page.clock.install();
    await page.route('**/api/universities', (r) => r.fulfill({ status: 500, json: { success: false } }));
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/');
    await hydrated(page, 'PartnersCarousel');
    const cards = page.getByTestId('partners-track').locator('li');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('University of Leeds', { timeout: 10_000 });
    await page.mouse.move(1, 1);
    await page.clock.fastForward(CAROUSEL_INTERVAL);
    await expect(cards.first()).toContainText('University of Manchester', { timeout: 7000 });
  });

  test('team carousel shows 1, 2 or 4 cards at 640/1024 and wraps around', async ({ page }) => {
    for (const [width, count] of [
      [639, 1],
      [640, 2],
      [1023, 2],
      [1024, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await hydrated(page, 'TeamCarousel');
      await expect(page.getByTestId('team-cards').locator('li')).toHaveCount(count);
    }
    const first = page.getByTestId('team-cards').locator('li').first();
    const name = (await first.locator('h3').textContent())!;
    await page.getByRole('button', { name: 'Previous team member' }).click();
    await expect(first.locator('h3')).toHaveText('Elena Petrova');
    await page.getByRole('button', { name: 'Next team member' }).click();
    await expect(first.locator('h3')).toHaveText(name);
  });

  test('offices: picking an office shows its details; Bulgaria has no phone', async ({ page }) => {
    await page.goto('/');
    await hydrated(page, 'OfficesMap');
    const detail = page.getByTestId('office-detail');
    await page
      .getByRole('button', { name: /Bulgaria/ })
      .first()
      .click();
    await expect(detail).toContainText('Bulgaria');
    await expect(detail).not.toContainText('Phone:');
    await expect(detail.getByRole('link', { name: /Open in Maps/ })).toHaveAttribute('href', /maps/);
    await page
      .getByRole('button', { name: /United Kingdom/ })
      .first()
      .click();
    await expect(detail).toContainText('Phone:');
  });

  test('featured programs: 4 cards; failure shows Failed to load courses, Try again shows skeletons then cards', async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page, 'FeaturedPrograms');
    await expect(page.getByTestId('featured-programs').locator('li')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'View All Programs' })).toHaveAttribute(
      'href',
      '/destinations',
    );

    await page.route('**/api/subjects?limit=4', (r) =>
      r.fulfill({ status: 500, json: { success: false, message: 'down' } }),
    );
    await page.reload();
    await hydrated(page, 'FeaturedPrograms');
    await expect(page.getByText('Failed to load courses')).toBeVisible({ timeout: 10_000 });
    await page.unroute('**/api/subjects?limit=4');
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/subjects?limit=4', async (r) => {
      await gate;
      await r.continue();
    });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('programs-skeleton')).toBeVisible();
    release();
    await expect(page.getByTestId('featured-programs').locator('li')).toHaveCount(4);
    const card = page.getByTestId('featured-programs').locator('li').first();
    await expect(card).toContainText(/\d+\+ students|Join now/);
  });
});

test.describe('contact forms', () => {
  test('Get In Touch: success resets, server failure and network failure messages', async ({ page }) => {
    await page.goto('/');
    await hydrated(page, 'GetInTouchForm');
    const form = page.getByTestId('get-in-touch');
    await expect(form).toContainText('24 hours');
    const fill = async () => {
      await form.getByLabel('Name').fill('Ada Lovelace');
      await form.getByLabel('Email').fill('ada@example.com');
      await form.getByLabel('Phone').fill('+44 20 7946 0123');
      await form.getByLabel('Message').fill('I want to study in Ireland.');
    };
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await form.getByLabel('Name').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(
      true,
    );
    await fill();
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Your message has been sent successfully!')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
    const outbox = await page.request.get('/api/dev/outbox?to=staff-alerts@example.com');
    expect(JSON.stringify(await outbox.json())).toContain('I want to study in Ireland.');

    await page.route('**/api/sendsmsus', (r) => r.fulfill({ status: 500, json: { success: false } }));
    await fill();
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Something went wrong. Please try again.')).toBeVisible();
    await page.unroute('**/api/sendsmsus');
    await page.route('**/api/sendsmsus', (r) => r.abort());
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Network error. Please try later.')).toBeVisible();
  });

  test('home contact form: success clears, failure message', async ({ page }) => {
    await page.goto('/');
    await hydrated(page, 'HomeContactForm');
    const form = page.getByTestId('home-contact');
    await form.getByLabel('First Name').fill('Grace');
    await form.getByLabel('Last Name').fill('Hopper');
    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByLabel('Phone').fill('+1 555 0100');
    await form.getByLabel('Subject').fill('Masters in Canada');
    await form.getByLabel('Country').fill('Canada');
    await form.getByLabel('Message').fill('Which intakes are open?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Message sent successfully!')).toBeVisible();
    await expect(form.getByLabel('First Name')).toHaveValue('');
    await page.route('**/api/contact', (r) => r.fulfill({ status: 500, json: { success: false } }));
    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Failed to send message. Please try again later.')).toBeVisible();
  });
});
