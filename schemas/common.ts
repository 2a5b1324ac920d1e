import { z } from 'zod';

/** Stable URL-safe ids: countries and subjects use readable slugs. */
export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug (letters, digits and single hyphens)');

/** An image we serve: a site-relative path or an absolute http(s) URL. */
export const imagePath = z
  .string()
  .regex(/^(\/[^/]|https?:\/\/)/, 'must start with "/" or http(s)://');

export const nonEmpty = (max = 5000) => z.string().trim().min(1, 'is required').max(max);

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2027-01-31');
