import { isSafeLink } from '#schemas/links.ts';
import { convertWhole, formatWhole, type CurrencyCode, type RateTable } from '#schemas/money.ts';
/** Cuts text to `words` words, adding an ellipsis when something was cut. */
export function truncateWords(text: string, words: number): string {
  const parts = text.trim().split(/\s+/);
  if (parts.length <= words) return text.trim();
  return `${parts.slice(0, words).join(' ')}...`;
}

/** Featured programs: 50 words, or 250 characters when a text has few spaces (spec 1 section 5). */
export function truncateProgram(text: string): string {
  const byWords = truncateWords(text, 50);
  if (byWords.length <= 253) return byWords;
  return `${text.slice(0, 250).trimEnd()}...`;
}

/** Tuition per year in the subject's own currency; '$10,000 / Year' only when there is no price. */
export function formatTuition(basePrice: number | null, currency: string): string {
  if (basePrice === null || !Number.isFinite(basePrice)) return '$10,000 / Year';
  try {
    return `${new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 }).format(basePrice)} / Year`;
  } catch {
    return `${basePrice.toLocaleString('en-GB')} ${currency} / Year`;
  }
}

/**
 * Tuition per year in the currency the person chose: converted and marked "≈",
 * with the program's own price as `own`; in the program's own currency when none is chosen, it is
 * the same, or a rate is missing.
 */
export function tuitionIn(
  basePrice: number | null,
  currency: string,
  target: CurrencyCode | undefined,
  rates: RateTable,
): { shown: string; own?: string } {
  const own = formatTuition(basePrice, currency);
  if (!target || target === currency || basePrice === null) return { shown: own };
  const converted = convertWhole(basePrice, currency, target, rates);
  if (converted === undefined) return { shown: own };
  return { shown: `≈ ${formatWhole(converted, target)} / Year`, own };
}

/** Drops blank entries of a list (spec 1 section 2.7). */
export const cleanList = (list: readonly (string | null | undefined)[] | undefined): string[] =>
  (list ?? [])
    .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    .map((s) => s.trim());

/** Campus images: absolute http(s) URLs and site-relative paths only (0-decisions; the content link rule). */
export const usableImages = (list: readonly unknown[] | undefined): string[] =>
  (list ?? []).filter((u): u is string => typeof u === 'string' && isSafeLink(u));

/** Paragraphs of a description given as a string or a list. */
export const paragraphs = (d: string | readonly string[] | undefined): string[] =>
  cleanList(Array.isArray(d) ? d : [d as string | undefined]);

/** '{n}+ students' or 'Join now'. */
export const studentsLabel = (n: number | null | undefined) =>
  n && n > 0 ? `${n.toLocaleString('en-GB')}+ students` : 'Join now';

/**
 * The `tel:` link of a phone number, or null for a number that cannot be dialled: seed content
 * writes example numbers in countries with no range kept for fiction as "+880 2 XXXX XXXX (example)".
 */
export function telHref(phone: string): string | null {
  if (/[a-z]/i.test(phone.replace(/\s*(?:ext(?:ension)?\.?|x)\s*\d+\s*$/i, ''))) return null;
  return `tel:${phone
    .replace(/\s*(?:ext(?:ension)?\.?|x)\s*(\d+)\s*$/i, ',$1')
    .replace(/\(0\)/, '')
    .replace(/[^\d+,]/g, '')}`;
}

/**
 * A value read loosely (a content form's field, a detail row's cell) as text: strings as they are,
 * numbers and booleans printed, anything else (null, an object) as '' rather than "[object Object]".
 */
export const scalarText = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
