import { lazy } from '#site/lib/lazy.ts';

/** The recruitment contract (zod schemas), loaded when needed rather than with the page. */
export const recruitmentContract = lazy(() => import('#schemas/recruitment.ts'));
