import { test, expect, type Page } from '@playwright/test';
import { headerWired, hydrated } from './helpers/islands.ts';
import { previousBuild } from './helpers/previous-build.ts';

// A page loaded before a deploy names files of its own build, which the new
// version no longer serves. When one of them fails to load (here the contact form's island code, as
// it hydrates on scrolling to it) and the server answers 404 for it, the page reloads once, from the
// new build, and the island works. Only once: a page whose files can never load does not loop.

/** The home page's contact form: pressing Send with no e-mail is refused beside the field. */
async function contactFormWorks(page: Page) {
  await hydrated(page, 'HomeContactForm');
  const form = page.getByTestId('home-contact');
  await form.getByLabel('First Name').fill('Ada');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Email is required');
}

/** The contact form's island, not yet hydrated: it waits below the first screen. */
const contactIsland = (page: Page) => page.locator('astro-island[component-url*="HomeContactForm"]');

test('an open tab across a deploy: the island whose code is gone reloads the page once, from the new build, and works', async ({
  page,
}) => {
  const previous = await previousBuild(page, '/');
  await page.goto('/');
  // Loaded from the previous build: its page script ran (the header's buttons work), the form waits.
  await headerWired(page);
  await expect(contactIsland(page)).toHaveAttribute('component-url', new RegExp(`^${previous.files}`));
  await expect(contactIsland(page)).toHaveAttribute('ssr', '');

  previous.deploy();
  const reloaded = page.waitForEvent('load');
  // The person scrolls down to the form: its code is gone (404), so the page reloads.
  await contactIsland(page).locator('xpath=./*[1]').scrollIntoViewIfNeeded();
  await reloaded;
  expect(previous.documents).toHaveLength(2);
  await expect(contactIsland(page)).not.toHaveAttribute('component-url', new RegExp(previous.files));

  await contactFormWorks(page);
  expect(previous.documents).toHaveLength(2);
});

test('a page whose island code can never load reloads once, not again', async ({ page }) => {
  // The page keeps coming from the previous build (a cache that never refreshes), and after the
  // deploy one file of it is gone for good: the contact form's code.
  const previous = await previousBuild(page, '/', { staleHtml: true });
  await page.goto('/');
  await headerWired(page);
  const component = new URL((await contactIsland(page).getAttribute('component-url'))!, page.url()).pathname;
  previous.deploy([component]);

  const reloaded = page.waitForEvent('load');
  await contactIsland(page).locator('xpath=./*[1]').scrollIntoViewIfNeeded();
  await reloaded;
  expect(previous.documents).toHaveLength(2);

  // The same page again, the same file gone: the check that would reload runs (its probe answers
  // 404), and does not reload; the form stays as the server rendered it, readable.
  await headerWired(page);
  const probed = page.waitForResponse(
    (r) => r.request().method() === 'HEAD' && new URL(r.url()).pathname === component && r.status() === 404,
  );
  await contactIsland(page).locator('xpath=./*[1]').scrollIntoViewIfNeeded();
  await probed;
  await page.waitForLoadState('networkidle');
  expect(previous.documents).toHaveLength(2);
  await expect(page.getByTestId('home-contact')).toBeVisible();
  await expect(contactIsland(page)).toHaveAttribute('ssr', '');
});
