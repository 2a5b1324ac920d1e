import type { Page } from '@playwright/test';

/** Collects every Content Security Policy complaint the page logs from now on (read the array at the end). */
export function cspViolations(page: Page) {
  const found: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) found.push(m.text());
  });
  return found;
}
