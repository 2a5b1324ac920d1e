/// <reference lib="dom" />
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

// A screen state as layout, not pixels: what the screenshot shows, as every visible element in the
// window in document order, with the part of its box in view (CSS px from the window's top left),
// the computed styles a person sees (colours, borders, fonts, overflow, position) and its own text.
// Two Chromium builds draw the same page with different text anti-aliasing, and a pixel diff of the
// two fails on the text alone; their boxes agree to a pixel (with fractional glyph advances in both:
// playwright.config.ts), while a missing rule, a changed margin, a wrapped line, a dialog that did
// not open or an error that did not show moves boxes by far more or changes the styles and the
// elements themselves. What is below the fold is left out, as the screenshot leaves it out: rows
// dated by the run, and sections that fill in after the first paint.

/** One element as the record keeps it. */
interface LaidOut {
  /** tag.class of the element and of its parent: which element this is, for a person reading a diff. */
  k: string;
  /**
   * Its own text (not its children's), whitespace collapsed, each run of digits as one #, at most
   * TEXT_LENGTH characters.
   */
  t?: string;
  /**
   * The part of its box in the window: x, y, width, height in whole CSS px from the window's top
   * left. None for an inline element (a link in a sentence): where a line breaks around it is the
   * font's, not the layout's.
   */
  b?: [number, number, number, number];
  /** The computed styles a person sees that it does not simply inherit (STYLES). */
  s?: Record<string, string>;
}

/**
 * How far a box's edge may move, in CSS px: rounding, and a build whose glyphs differ by a hair.
 * A line that wraps moves what is below it by a line (20 px or more), the smallest spacing token by
 * 4 px.
 */
export const BOX_TOLERANCE = 3;

/** A label, a heading or a sentence is known by its first words. */
const TEXT_LENGTH = 60;

/** Marks the elements whose content changes from run to run (masked in the screenshot): no text recorded. */
export const CHANGING = 'data-screen-state-changing';

/** Reads the record of the window as it shows the page now. */
function layoutRecord(page: Page): Promise<LaidOut[]> {
  return page.evaluate(
    ({ changing, textLength }) => {
      // As the screenshot does (`animations: 'disabled'`): a transition under way (the header's
      // shadow as the page scrolls) ends, an endless animation goes back to its start.
      for (const animation of document.getAnimations()) {
        if (animation.effect?.getComputedTiming().iterations === Infinity) animation.cancel();
        else animation.finish();
      }
      // Inherited properties are recorded where they differ from the parent's, the others where
      // they differ from their initial value: the record names what the stylesheet set.
      const inherited = [
        'color',
        'font-family',
        'font-size',
        'font-weight',
        'font-style',
        'text-align',
        'text-transform',
      ];
      const own: Record<string, string[]> = {
        'background-color': ['rgba(0, 0, 0, 0)'],
        'background-image': ['none'],
        'border-top': [],
        'border-right': [],
        'border-bottom': [],
        'border-left': [],
        'border-radius': ['0px'],
        // A gradient border draws over its colour.
        'border-image-source': ['none'],
        'box-shadow': ['none'],
        outline: [],
        opacity: ['1'],
        'text-decoration-line': ['none'],
        'overflow-x': ['visible'],
        'overflow-y': ['visible'],
        position: ['static'],
      };
      // Inline text without a class of its own (<strong>, <em>, a plain <span>) is part of its
      // block's text and box; an <svg>'s inner shapes are the icon.
      const inlineText = new Set([
        'SPAN',
        'STRONG',
        'EM',
        'B',
        'I',
        'SMALL',
        'ABBR',
        'BR',
        'WBR',
        'CODE',
        'SUP',
        'SUB',
      ]);
      const skipped = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'LINK', 'META']);
      const name = (el: Element) => {
        const classes = (el.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
        return [el.tagName.toLowerCase(), ...classes].join('.');
      };
      const border = (style: CSSStyleDeclaration, side: string) => {
        const width = style.getPropertyValue(`border-${side}-width`);
        const kind = style.getPropertyValue(`border-${side}-style`);
        if (kind === 'none' || width === '0px') return undefined;
        return `${width} ${kind} ${style.getPropertyValue(`border-${side}-color`)}`;
      };
      const out: {
        k: string;
        t?: string;
        b?: [number, number, number, number];
        s?: Record<string, string>;
      }[] = [];
      const visit = (el: Element, parentStyle: CSSStyleDeclaration | null, quiet: boolean) => {
        if (skipped.has(el.tagName)) return;
        const style = getComputedStyle(el);
        const isQuiet = quiet || el.hasAttribute(changing) || el.tagName === 'TIME';
        const visible = el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
        if (!visible && style.display === 'none') return;
        const box = el.getBoundingClientRect();
        const plainInline = inlineText.has(el.tagName) && !el.getAttribute('class');
        // What of it is in the window.
        const left = Math.max(0, box.left);
        const top = Math.max(0, box.top);
        const right = Math.min(window.innerWidth, box.right);
        const bottom = Math.min(window.innerHeight, box.bottom);
        const inView = right > left && bottom > top;
        // Visually hidden text (1 × 1 px, clipped) is for screen readers: axe checks it.
        if (visible && inView && box.width > 1 && box.height > 1 && !plainInline) {
          const item: (typeof out)[number] = {
            k: `${el.parentElement ? `${name(el.parentElement)} > ` : ''}${name(el)}`,
          };
          if (style.display !== 'inline')
            item.b = [Math.round(left), Math.round(top), Math.round(right - left), Math.round(bottom - top)];
          if (!isQuiet) {
            const text = [...el.childNodes]
              .filter((n) => n.nodeType === Node.TEXT_NODE)
              .map((n) => n.textContent ?? '')
              .join(' ')
              .replace(/\s+/g, ' ')
              .trim()
              // Numbers in running text are the run's (a sign-in's date and time, a count of rows):
              // the words around them are the screen's.
              .replace(/\d+/g, '#');
            if (text) item.t = text.slice(0, textLength);
          }
          const styles: Record<string, string> = {};
          for (const property of inherited) {
            const value = style.getPropertyValue(property);
            if (!parentStyle || parentStyle.getPropertyValue(property) !== value) styles[property] = value;
          }
          for (const [property, initial] of Object.entries(own)) {
            let value: string | undefined;
            if (/^border-(top|right|bottom|left)$/.test(property))
              value = border(style, property.slice('border-'.length));
            else if (property === 'outline')
              value =
                style.outlineStyle === 'none' || style.outlineWidth === '0px'
                  ? undefined
                  : `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
            else value = style.getPropertyValue(property);
            // A background image's address names the test server's origin, which differs by port.
            if (value) value = value.replaceAll(location.origin, '');
            if (value !== undefined && !initial.includes(value)) styles[property] = value;
          }
          // Four equal sides, or overflow alike both ways, read as one.
          const sides = ['border-top', 'border-right', 'border-bottom', 'border-left'];
          if (styles['border-top'] && sides.every((side) => styles[side] === styles['border-top'])) {
            styles.border = styles['border-top'];
            for (const side of sides) delete styles[side];
          }
          if (styles['overflow-x'] && styles['overflow-x'] === styles['overflow-y']) {
            styles.overflow = styles['overflow-x'];
            delete styles['overflow-x'];
            delete styles['overflow-y'];
          }
          if (Object.keys(styles).length) item.s = styles;
          out.push(item);
        }
        if (el.tagName === 'svg' || el.tagName === 'SVG') return;
        for (const child of el.children) visit(child, style, isQuiet);
      };
      visit(document.body, getComputedStyle(document.documentElement), false);
      return out;
    },
    { changing: CHANGING, textLength: TEXT_LENGTH },
  );
}

/** Where a state's record is kept: beside its spec, `__layouts__/<spec file>/<state>-<size>.json`. */
function layoutPath(testInfo: TestInfo, name: string) {
  return join(dirname(testInfo.file), '__layouts__', basename(testInfo.file), `${name}.json`);
}

/** One element a line: a diff of a changed screen reads element by element. */
const formatRecord = (record: LaidOut[]) => `[\n${record.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`;

const describe = (e: LaidOut) => `${e.k}${e.t ? ` "${e.t}"` : ''}${e.b ? ` at ${e.b.join(',')}` : ''}`;

/** Whether two boxes differ by more than BOX_TOLERANCE on any edge or size (or one has none). */
const moved = (e?: LaidOut['b'], a?: LaidOut['b']) =>
  !e || !a ? e !== a : e.some((v, at) => Math.abs(v - a[at]!) > BOX_TOLERANCE);

/**
 * How `actual` differs from `expected`, one line each (at most `limit`, then a count): elements that
 * came or went, boxes that moved past BOX_TOLERANCE, texts and styles that changed. Empty when the
 * screen is the same.
 */
function layoutDifferences(expected: LaidOut[], actual: LaidOut[], limit = 12): string[] {
  const out: string[] = [];
  // Elements pair up by their names in order (a longest common subsequence): one element that came
  // or went is reported once, and those after it are still compared with their own baselines.
  const n = expected.length;
  const m = actual.length;
  const common: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      common[i]![j] =
        expected[i]!.k === actual[j]!.k
          ? common[i + 1]![j + 1]! + 1
          : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && expected[i]!.k === actual[j]!.k) {
      const [e, a] = [expected[i]!, actual[j]!];
      if (moved(e.b, a.b))
        out.push(
          `${e.k}${e.t ? ` "${e.t}"` : ''}: box ${e.b?.join(',') ?? 'none'} is now ${a.b?.join(',') ?? 'none'}`,
        );
      if ((e.t ?? '') !== (a.t ?? '')) out.push(`${e.k}: text "${e.t ?? ''}" is now "${a.t ?? ''}"`);
      const properties = new Set([...Object.keys(e.s ?? {}), ...Object.keys(a.s ?? {})]);
      for (const p of properties)
        if (e.s?.[p] !== a.s?.[p])
          out.push(`${describe(e)}: ${p} ${e.s?.[p] ?? '(unset)'} is now ${a.s?.[p] ?? '(unset)'}`);
      i++;
      j++;
    } else if (j >= m || (i < n && common[i + 1]![j]! >= common[i]![j + 1]!)) {
      out.push(`gone: ${describe(expected[i]!)}`);
      i++;
    } else {
      out.push(`new: ${describe(actual[j]!)}`);
      j++;
    }
  }
  return out.length > limit ? [...out.slice(0, limit), `… and ${out.length - limit} more`] : out;
}

/**
 * Compares the page's record with the state's committed one and answers the differences (the record
 * it read is then kept as `<state>-actual.json` in the test's results, beside Playwright's own
 * pictures); writes the record instead when the run updates baselines (`--update-snapshots`) or when
 * there is none yet (a new state: then it fails, as a missing screenshot does, until a person has
 * looked at it and committed it).
 */
export async function compareLayout(page: Page, testInfo: TestInfo, name: string): Promise<string[]> {
  const record = await layoutRecord(page);
  const path = layoutPath(testInfo, name);
  const updating = testInfo.config.updateSnapshots === 'all' || testInfo.config.updateSnapshots === 'changed';
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, formatRecord(record));
    return updating ? [] : [`no layout baseline: wrote ${path}, look at it and commit it`];
  }
  const differences = layoutDifferences(readRecord(path), record);
  if (differences.length && updating) {
    writeFileSync(path, formatRecord(record));
    return [];
  }
  if (differences.length) writeFileSync(testInfo.outputPath(`${name}-actual.json`), formatRecord(record));
  return differences;
}

const readRecord = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as LaidOut[];
