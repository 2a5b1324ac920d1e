import { hydrateIslands } from '../helpers/islands.ts';
import { expect, sidewaysScroll, smallTapTargets, test, unstyledElements } from '../helpers/screen-state.ts';

// Across the public site: on a 375 px phone, once every island has started, no page
// scrolls sideways, every classed element has its rules and every tap target is 44 × 44 px. The
// pages public-pages.spec.ts loads anyway (PUBLIC_PAGES) get these checks there, in the same
// visit; the states after a click are the other files here.

const PAGES = ['/recruitments', '/job', '/job/care-assistant-leeds', '/payment', '/compare'];

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 375, height: 812 } });

for (const path of PAGES) {
  test(`${path} on a phone`, async ({ page }) => {
    await page.goto(path);
    await hydrateIslands(page);
    expect(await sidewaysScroll(page), 'sideways scroll (px)').toBe(0);
    expect(await unstyledElements(page), 'elements without a rule').toEqual([]);
    expect(await smallTapTargets(page), 'tap targets under 44 px').toEqual([]);
  });
}
