import { z } from 'zod';
import { isSafeLink, LINK_RULE } from './links.ts';

/** Stable URL-safe ids: countries and subjects use readable slugs. */
export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug (letters, digits and single hyphens)');

/** A link rule with its own message (e.g. one that names the field). */
export const linkWith = (message: string) =>
  z.string().max(2000, 'must be at most 2000 characters').refine(isSafeLink, message);

/**
 * Every link and image address in content edited in the back office (and in the seed): one rule.
 * Its message follows the field name ("website must be an https:// …").
 */
export const contentLink = linkWith(LINK_RULE);

export const nonEmpty = (max = 5000) => z.string().trim().min(1, 'is required').max(max);

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2027-01-31');

/** Runs of control characters (C0, DEL and C1: NUL, tab, CR/LF, ESC …). */
const CONTROL_CHARACTERS = /\p{Cc}+/gu;

/**
 * Free text a person types into a search or filter (`?q=`, `?category=`, `?level=`, a job alert's
 * keywords): the one rule for all of them. Control characters never mean anything in one line of
 * search text, and SQLite's full-text index refuses a NUL outright (`q=%00abc`
 * answered 500), so each run of them becomes one space and the ends are trimmed: `a%00b` searches
 * for "a b", pasted text with a tab or line break still finds what it says. Removed rather than
 * refused: a person who pasted a line break into a search box should get results, not an error.
 * `max` counts what was typed, before the clean-up.
 */
export const searchText = (max: number, messages: { tooLong: string; notText?: string }) =>
  z
    .string(messages.notText ?? 'Search text must be one piece of text')
    .max(max, messages.tooLong)
    .transform((text) => text.replace(CONTROL_CHARACTERS, ' ').trim());
