/// <reference lib="dom" />
import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

type Impact = axe.ImpactValue;
const IMPACTS: Impact[] = ['minor', 'moderate', 'serious', 'critical'];

interface AxeOptions {
  /** Checks only inside this selector (an open dialog, say). */
  include?: string;
  exclude?: string[];
  /** The least impact that fails: "moderate" by default (moderate counts too). */
  atLeast?: Impact;
}

/**
 * axe's violations of `atLeast` impact or worse on the page as it is now, one line each.
 *
 * axe runs in the page itself, injected once a document: @axe-core/playwright's analyze() injects
 * it into every frame on every call and finishes each run in a new blank page, which cost 2–4 s a
 * call on two cores against axe's own 1 s, the largest share of the browser tests' time. Frames are
 * left out: the only ones are Stripe's card fields and video players, other sites' markup.
 */
export async function axeViolations(page: Page, options: AxeOptions = {}) {
  const least = IMPACTS.indexOf(options.atLeast ?? 'moderate');
  const exclude = options.exclude ?? [];
  const context = options.include ? { include: [options.include], exclude } : { exclude };
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page
    .evaluate(
      (context) =>
        (window as unknown as { axe: typeof axe }).axe.run(context, {
          iframes: false,
          resultTypes: ['violations'],
        }),
      context,
    )
    .then((results) => results.violations);
  return violations
    .filter((v) => IMPACTS.indexOf(v.impact ?? 'minor') >= least)
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
