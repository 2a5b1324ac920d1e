import { z } from 'zod';
import { utmFields } from './arrival-fields.ts';

export { ARRIVAL_HEADER } from './arrival-fields.ts';

/**
 * Where a visit arrived, first-party: the path of the first page seen on our site and the `utm_*`
 * campaign fields of its address. The browser keeps it for the visit (site/lib/arrival.ts) and sends
 * it in the `X-Arrival` header with a registration or an enquiry; the Worker stores it beside the item
 * (db/queries/arrivals.ts). Anything that does not fit is dropped, never refused: a form never fails
 * for its tracking.
 */
const field = z
  .string()
  .trim()
  .max(100)
  .transform((v) => v || null)
  .nullish()
  .catch(null);

export const arrivalSchema = z.object({
  page: z
    .string()
    .max(200)
    .regex(/^\/[^?#\s]*$/)
    .nullish()
    .catch(null),
  utm_source: field,
  utm_medium: field,
  utm_campaign: field,
  utm_term: field,
  utm_content: field,
});
export type Arrival = z.infer<typeof arrivalSchema>;

/** The header's JSON read as an arrival, or null when it is missing or not one. */
export function parseArrival(header: string | null | undefined): Arrival | null {
  if (!header || header.length > 1200) return null;
  try {
    const parsed = arrivalSchema.safeParse(JSON.parse(header));
    if (!parsed.success) return null;
    const a = parsed.data;
    return a.page || utmFields.some((f) => a[f]) ? a : null;
  } catch {
    return null;
  }
}
