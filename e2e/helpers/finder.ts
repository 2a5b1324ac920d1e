import { expect, type Page } from '@playwright/test';
import { hydrated } from './islands.ts';

/**
 * The courses finder has hydrated and read its filters from the address: what a person sees then
 * is a Compare box they can tick (drawn disabled until then), or, when nothing matches the
 * address's filters, the empty state (the server draws the unfiltered first page).
 */
export async function finderReady(page: Page) {
  await hydrated(page, 'ProgramFinder');
  const compareBox = page.getByRole('checkbox', { name: /^Compare / }).and(page.locator(':enabled'));
  const nothingFound = page.getByText('No programs found matching your criteria.');
  await expect(compareBox.or(nothingFound).first()).toBeVisible();
}
