import { test, expect } from '@playwright/test';
import { axeViolations } from './helpers/axe.ts';

// The accessibility checks of every other spec go through axeViolations (helpers/axe.ts), which
// runs axe in the page itself: here it must still see what it is there to see.
test('the axe helper finds violations, and keeps to what it is told to check', async ({ page }) => {
  await page.goto('/login');
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const image = document.createElement('img');
    image.src = '/no-such-image.png';
    const button = document.createElement('button');
    button.id = 'unnamed';
    main.append(image, button);
  });
  expect(await axeViolations(page)).toEqual(['critical button-name: #unnamed', 'critical image-alt: img']);
  expect(await axeViolations(page, { include: '#main', exclude: ['#unnamed'] })).toEqual([
    'critical image-alt: img',
  ]);
  expect(await axeViolations(page, { exclude: ['#main'] })).toEqual([]);
});
