import { notInProduction } from './api.ts';

/**
 * The response schemas of the public pages, which ship no zod (issue 9's budget): loaders for
 * `schemaFrom(contract, 'xResponse')` (site/lib/api.ts), called only where answers are checked, i.e.
 * in development. The dead branch takes each dynamic import, and so zod, out of production builds.
 * (The student, partner and recruitment forms load their contracts anyway: site/islands/<x>/contract.ts.)
 */
export const siteContentContract = () =>
  import.meta.env.DEV ? import('#schemas/site-content.ts') : notInProduction();
export const catalogContract = () =>
  import.meta.env.DEV ? import('#schemas/catalog-dto.ts') : notInProduction();
export const programsContract = () =>
  import.meta.env.DEV ? import('#schemas/programs.ts') : notInProduction();
export const jobsContract = () =>
  import.meta.env.DEV ? import('#schemas/recruitment.ts') : notInProduction();
export const paymentContract = () =>
  import.meta.env.DEV ? import('#schemas/payment.ts') : notInProduction();
export const responsesContract = () =>
  import.meta.env.DEV ? import('#schemas/responses.ts') : notInProduction();
