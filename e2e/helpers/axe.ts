/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Impacts that fail a test: everything but "minor" (issue 16: moderate counts too). */
const failing = new Set(['moderate', 'serious', 'critical']);

/** axe's moderate, serious and critical violations on the page as it is now, one line each. */
export async function axeViolations(page: Page, options: { exclude?: string[]; include?: string } = {}) {
  let builder = new AxeBuilder({ page });
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => failing.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/**
 * The page's landmark and id problems: not exactly one `main` landmark, or an id used twice
 * (a label, aria-* reference or skip link then points at the wrong element).
 */
export async function landmarkProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const mains = document.querySelectorAll('main, [role="main"]');
    if (mains.length !== 1) problems.push(`${mains.length} main landmarks`);
    const seen = new Map<string, number>();
    for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    for (const [id, n] of seen) if (n > 1) problems.push(`id "${id}" used ${n} times`);
    return problems;
  });
}

/** Fails on axe violations of moderate impact or worse, on a second `main`, and on duplicate ids. */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}) {
  expect(await axeViolations(page, options), `axe on ${page.url()}`).toEqual([]);
  expect(await landmarkProblems(page), `landmarks and ids on ${page.url()}`).toEqual([]);
}
