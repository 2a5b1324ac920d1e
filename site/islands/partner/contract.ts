import { lazy } from '#site/lib/lazy.ts';

/** The partner contract (zod schemas), loaded on a form's first focus rather than with the page. */
export const partnerContract = lazy(() => import('#schemas/partner.ts'));
