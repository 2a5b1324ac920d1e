import { lazy } from '#site/lib/lazy.ts';

/** The student contract (zod schemas), loaded on a form's first focus rather than with the page. */
export const usersContract = lazy(() => import('#schemas/users.ts'));
