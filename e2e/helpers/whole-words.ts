/// <reference lib="dom" />
import type { Locator } from '@playwright/test';

/**
 * The words (runs of text between spaces, hyphens and dashes: "Scholarship", "$15,500";
 * "NGN 86,842,996" is two, "English-speaking" two) that the layout breaks across lines inside the
 * elements `scope` finds, as they are now. Text a person cannot see (clipped to a pixel, as the
 * visually hidden helpers are) is left out: it lays out in its one pixel by design.
 */
export function brokenWords(scope: Locator) {
  return scope.evaluateAll((roots) => {
    const clipped = (from: Element | null) => {
      for (let el = from; el; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.clip !== 'auto' || style.clipPath !== 'none') return true;
        const box = el.getBoundingClientRect();
        if ((box.width <= 1 || box.height <= 1) && style.overflow !== 'visible') return true;
      }
      return false;
    };
    const out: string[] = [];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (clipped(node.parentElement)) continue;
        // A hyphen or a dash is a place to break ("English-|speaking", "CA$10,000–|CA$40,000"): each
        // part is a word of its own.
        for (const word of (node.textContent ?? '').matchAll(/[^\s–—-]+[–—-]?|[–—-]/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)),
          );
          if (lines.size > 1) out.push(word[0]);
        }
      }
    }
    return out;
  });
}
