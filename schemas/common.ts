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
