/**
 * The recruitment contract's texts and constants without zod: what islands need on their first
 * render (schemas/recruitment.ts re-exports all of it, and loads zod).
 */

export const DEFAULT_COUNTRY = 'United Kingdom';
export const TERMS_MESSAGE = 'You must accept the Terms & Conditions!';
export const CATEGORY_MESSAGE = 'Please select a category!';

/** Jobs per page of GET /api/applyjobs when filtered or paged. */
export const JOBS_PAGE_SIZE = 3;
