import { expect, type Page } from '@playwright/test';

// The back office's "Book a consultation" dialog (site/islands/admin/BookOnBehalf.tsx), as the
// browser tests drive it.

/** The dialog's first free time, turning the days until one has some (weekends and notice have none). */
export async function firstFreeTime(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Book a consultation' });
  const times = dialog.getByRole('group', { name: /^Free times on / });
  const first = times.getByRole('radio').first();
  for (let i = 0; i < 14; i++) {
    const none = times.getByText('No free times that day.');
    await expect(first.or(none)).toBeVisible();
    if (await first.isVisible()) return first;
    await dialog.getByRole('button', { name: 'Day after' }).click();
  }
  throw new Error('No free time in the next fortnight');
}
