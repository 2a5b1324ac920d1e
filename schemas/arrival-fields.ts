/**
 * The header and fields of a visit's first-party arrival (schemas/arrival.ts validates them), apart
 * from zod: every page's script keeps the arrival (site/lib/arrival.ts) and must stay small.
 */
export const ARRIVAL_HEADER = 'X-Arrival';

/** The utm fields the browser keeps from the landing address. */
export const utmFields = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
