/// <reference lib="dom" />
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { testChromium } from '#scripts/lib/chromium.ts';
import { axeViolations } from './axe.ts';
import { pageStyled } from './islands.ts';
import { BOX_TOLERANCE, CHANGING, compareLayout } from './layout-record.ts';

// What a person sees after they act: a screen state (a dialog
// open, a form with its errors, a success or empty view, a dashboard tab) checked at a phone's and a
// desktop's size. Each check asserts that
// - no visible element has classes of which none has a CSS rule in the loaded stylesheets (the build
//   once dropped a dialog's rules: scripts/build/page-css.ts);
// - nothing scrolls sideways (scrollWidth ≤ innerWidth);
// - axe finds nothing moderate or worse (e2e/helpers/axe.ts), checked once a state, inside the open
//   modal when there is one;
// - on the phone, every tap target is at least 44 × 44 CSS px;
// - the screen is laid out as its committed record says (e2e/helpers/layout-record.ts,
//   e2e/states/__layouts__): the same elements, each box within a few pixels, the same colours,
//   borders, fonts and texts, in any Chromium build;
// - in the Chromium build the committed screenshots were drawn in (DRAWN_IN), the screen matches its
//   screenshot (e2e/states/__screenshots__) too. Another build draws text with other anti-aliasing
//   and glyph advances, which moves a few percent of the pixels of any page with text: there the
//   layout record is the test;
// a person reviews either baseline when it changes (`npm exec -- playwright test e2e/states
// --update-snapshots`, then look at the diff); and, once the test ends, that the page threw nothing
// (`pageerror`, React's hydration errors).
//
// A state group opens its page once and checks its states in turn, each at both sizes: a new state
// is one `await states.check('name')` after the clicks that reach it.

/** The two sizes every state is seen at. */
export const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/** The smallest tap target on a phone, in CSS px (WCAG 2.5.5). */
export const MIN_TAP = 44;

export interface CheckOptions {
  /** Elements whose content changes from run to run (e-mail addresses; every <time> already is): painted over in the screenshot. */
  mask?: Locator[];
  /** Brought into view before each screenshot (an error below the fold, a success view). */
  show?: Locator;
  /** Selectors axe leaves out (a third party's frame). */
  axeExclude?: string[];
  /**
   * false for a screen whose rows come from the shared database (what every other spec wrote):
   * its length and column widths differ with the specs that ran before it, so a baseline (layout or
   * screenshot) would fail on a full run; the other checks (styles, sideways scroll, axe, tap
   * targets) still run.
   */
  screenshot?: boolean;
}

/**
 * The Chromium build the committed screenshots were drawn in: its executable's name and version, as
 * runningBuild names them. Written by a run that redraws every screenshot (`--update-snapshots=all`).
 */
const DRAWN_IN = new URL('../states/__screenshots__/drawn-in.txt', import.meta.url);

/** The build this run drives, in DRAWN_IN's words. */
const runningBuild = (page: Page) =>
  `${basename(realpathSync(testChromium.path))} ${page.context().browser()?.version() ?? 'unknown'}`;

let toldOtherBuild = false;
/**
 * Whether this run compares screenshots: in the build that drew them, or when it redraws them all
 * (and then records its build). Elsewhere it says once that only the layout is compared.
 */
function comparesPixels(page: Page) {
  const build = runningBuild(page);
  if (base.info().config.updateSnapshots === 'all') {
    writeFileSync(DRAWN_IN, `${build}\n`);
    return true;
  }
  const drawn = existsSync(DRAWN_IN) ? readFileSync(DRAWN_IN, 'utf8').trim() : 'no recorded build';
  if (drawn === build) return true;
  if (!toldOtherBuild)
    console.log(
      `Screen states: the screenshots were drawn in ${drawn}, this is ${build}: layout records compared, screenshots not.`,
    );
  toldOtherBuild = true;
  return false;
}

/** Visible elements with classes none of which any loaded stylesheet names, one line each. */
export function unstyledElements(page: Page) {
  return page.evaluate(() => {
    const named = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule)
          for (const m of rule.selectorText.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) named.add(m[1]!);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) {
      try {
        walk(sheet.cssRules);
      } catch {
        // Another origin's stylesheet: none is ours.
      }
    }
    const out: string[] = [];
    for (const el of document.querySelectorAll('[class]')) {
      const classes = (el.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
      if (!classes.length || classes.some((c) => named.has(c))) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      out.push(`<${el.tagName.toLowerCase()} class="${classes.join(' ')}">`);
    }
    return out;
  });
}

/** How far the page scrolls sideways, in CSS px (0 when it does not). */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

/**
 * Visible tap targets smaller than MIN_TAP in either direction. The target of a checkbox or radio
 * is its label too; a link or button inside running text ("Don't have an account? Register") is
 * exempt, as WCAG's target-size rules exempt it.
 */
export function smallTapTargets(page: Page) {
  return page.evaluate((min) => {
    const targets = document.querySelectorAll<HTMLElement>(
      'a[href], button, [role="button"], [role="tab"], input:not([type="hidden"]), select, textarea, summary',
    );
    const out: string[] = [];
    for (const el of targets) {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      let box = el.getBoundingClientRect();
      // Visually hidden (clipped, or placed above the page like the skip link) until focused: not a
      // target until it shows.
      if (box.width <= 1 || box.height <= 1 || box.bottom + window.scrollY <= 0) continue;
      if (el instanceof HTMLInputElement && el.labels?.length) {
        for (const label of el.labels) {
          const l = label.getBoundingClientRect();
          const left = Math.min(box.left, l.left);
          const top = Math.min(box.top, l.top);
          box = new DOMRect(
            left,
            top,
            Math.max(box.right, l.right) - left,
            Math.max(box.bottom, l.bottom) - top,
          );
        }
      }
      // A stretched link's ::after covers its whole card: the card is the target.
      const after = getComputedStyle(el, '::after');
      if (after.content !== 'none' && after.position === 'absolute') continue;
      if (/^inline(-block)?$/.test(getComputedStyle(el).display) && el.tagName !== 'INPUT') {
        let block = el.parentElement;
        while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
        const own = el.textContent?.trim().length ?? 0;
        if (block && (block.textContent?.trim().length ?? 0) > own) continue;
      }
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        out.push(
          `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className}"` : ''}> "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return out;
  }, MIN_TAP);
}

/**
 * What has the focus, as `document.activeElement` says: its tag, tabindex and text ("h2[-1]
 * \"Success!\""), or "body" when nothing has it (a form a success view replaced took it along).
 */
export const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const tabIndex = el.getAttribute('tabindex');
    return `${el.tagName.toLowerCase()}${tabIndex === null ? '' : `[${tabIndex}]`} "${(el.textContent ?? '').trim().slice(0, 60)}"`;
  });

/** Resolves once the page's whole stylesheet and its fonts are in: what a person sees. */
async function settled(page: Page) {
  await pageStyled(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

let addresses = 0;
/**
 * Gives the page's requests a client address of their own (CF-Connecting-IP, which the rate limits
 * read), so sign-ins and sends in one state group never meet the limits another group used up.
 */
export async function addressOfItsOwn(page: Page) {
  await page.setExtraHTTPHeaders({
    'CF-Connecting-IP': `198.51.${process.pid % 250}.${addresses++ % 250}`,
  });
}

/** One test's screen states: checks each, and collects what the page threw. */
export class ScreenStates {
  readonly errors: string[] = [];
  constructor(readonly page: Page) {
    page.on('pageerror', (error) => this.errors.push(error.message));
    // React reports a hydration mismatch (#418, #425) to the console, not as an uncaught error.
    page.on('console', (message) => {
      if (message.type() === 'error' && /Minified React error|hydrat/i.test(message.text()))
        this.errors.push(message.text());
    });
  }

  /** Checks the screen as it is now at both sizes (VIEWPORTS), ending at the desktop's. */
  async check(name: string, options: CheckOptions = {}) {
    const { page } = this;
    // A masked text is new each run (an address, a number): its digits set in equal widths, it takes
    // the same room every run, so what wraps around it wraps the same way (Inter's digits differ in
    // width). Nothing of it shows: the mask covers it.
    // Its text is left out of the layout record too.
    for (const masked of options.mask ?? [])
      await masked.evaluateAll((elements, changing) => {
        for (const element of elements)
          if (element instanceof HTMLElement) {
            element.style.fontVariantNumeric = 'tabular-nums';
            element.setAttribute(changing, '');
          }
      }, CHANGING);
    const pixels = options.screenshot !== false && comparesPixels(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await settled(page);
      // Every screenshot starts from the top of the page: where a click, a focused field or the
      // other size's layout left the scroll differs from run to run.
      await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
      if (options.show) await options.show.scrollIntoViewIfNeeded();
      // Two frames: what the scroll sets off (the header turns solid below the top) has run.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      );
      const where = `${name} at ${viewport.width}×${viewport.height}`;
      expect.soft(await unstyledElements(page), `${where}: elements without a rule`).toEqual([]);
      expect.soft(await sidewaysScroll(page), `${where}: sideways scroll (px)`).toBe(0);
      if (viewport.name === 'phone') {
        // axe once a state (its rules do not depend on the width; it is the slowest check), and
        // inside an open modal only: the page behind is inert, and checked in its own state.
        const modal = (await page.locator('dialog[open]:modal').count()) > 0;
        expect
          .soft(
            await axeViolations(page, {
              exclude: options.axeExclude,
              include: modal ? 'dialog[open]' : undefined,
            }),
            `${where}: axe`,
          )
          .toEqual([]);
      }
      if (viewport.name === 'phone')
        expect.soft(await smallTapTargets(page), `${where}: tap targets under ${MIN_TAP} px`).toEqual([]);
      if (options.screenshot === false) continue;
      expect
        .soft(
          await compareLayout(page, base.info(), `${name}-${viewport.name}`),
          `${where}: layout (elements, boxes within ${BOX_TOLERANCE} px, styles, texts)`,
        )
        .toEqual([]);
      if (!pixels) continue;
      await expect.soft(page, `${where}: screenshot`).toHaveScreenshot(`${name}-${viewport.name}.png`, {
        // Dates change from run to run, whatever the state.
        mask: [page.locator('time'), ...(options.mask ?? [])],
      });
    }
  }
}

/** Playwright's test with `states` for the page (not `screen`: that is a context option); the test fails if the page threw. */
export const test = base.extend<{ states: ScreenStates }>({
  states: async ({ page }, use) => {
    const states = new ScreenStates(page);
    await use(states);
    expect(states.errors, 'errors thrown in the page').toEqual([]);
  },
});

export { expect };
