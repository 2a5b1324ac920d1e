import { api, schemaFrom } from '#site/lib/api.ts';
import { lazy } from '#site/lib/lazy.ts';

/** The partner contract (zod schemas), loaded on a form's first focus rather than with the page. */
export const partnerContract = lazy(() => import('#schemas/partner.ts'));

type Answers = 'messageResponse' | 'partnerLoginResponse';

/**
 * A POST of the signed-out partner pages (sign in, verify, reset): the answer typed by the
 * contract's `answer` schema (checked in development).
 */
export const postPartner = <K extends Answers>(path: string, body: Record<string, unknown>, answer: K) =>
  api(path, { method: 'POST', body, schema: schemaFrom(partnerContract, answer) });
