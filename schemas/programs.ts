import { z } from 'zod';
import { searchText } from './common.ts';
import { currencyCodes } from './money.ts';
import {
  COMPARE_MAX,
  COMPARE_MIN,
  FINDER_COUNTRIES_MAX,
  PROGRAMS_MAX_PAGE,
  commaList,
  durationBandNames,
  programSorts,
} from './finder-terms.ts';

/**
 * The program finder's contract: GET /api/programs, GET /api/programs/compare and
 * GET /api/programs/{id}/costs. Requests are validated with these schemas in the Worker; responses
 * are defined here once, the routes `satisfies` their types, the islands import the types (never
 * this module's values: zod stays out of the pages' JavaScript) and the API tests parse them.
 */

/** An empty parameter (a GET form sends `country=` for "any") means the parameter is not set. */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const slugParam = (name: string, example: string) =>
  z
    .string({ error: `${name} must be one ${name} id` })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, `${name} must be an id such as ${example}`)
    .max(200, `${name} must be an id such as ${example}`);
const whole = (name: string, min: number, max: number, what: string) =>
  z.coerce
    .number({ error: `${name} must be ${what}` })
    .int(`${name} must be ${what}`)
    .min(min, `${name} must be ${what}`)
    .max(max, `${name} must be ${what}`);
const fee = (name: string) =>
  whole(name, 0, 10_000_000_000, 'a whole amount of 0 or more, in the currency given');

export const programsQuery = z
  .object({
    q: optional(
      searchText(200, { notText: 'q must be one search text', tooLong: 'q must be at most 200 characters' }),
    ),
    // One country or several, comma-separated: united-kingdom,canada.
    country: optional(
      z
        .string({ error: 'country must be one or more country ids, separated by commas' })
        .max(2000, 'country must be one or more country ids, separated by commas')
        .transform(commaList)
        .pipe(
          z
            .array(slugParam('country', 'united-kingdom'))
            .max(FINDER_COUNTRIES_MAX, `country: choose at most ${FINDER_COUNTRIES_MAX} countries`)
            .transform((list) => (list.length ? list : undefined)),
        ),
    ),
    level: optional(
      searchText(60, {
        notText: 'level must be one level, such as Master',
        tooLong: 'level must be at most 60 characters',
      }),
    ),
    department: optional(slugParam('department', 'data-science-ai')),
    intake: optional(whole('intake', 1, 12, 'a month number from 1 (January) to 12 (December)')),
    minFee: optional(fee('minFee')),
    maxFee: optional(fee('maxFee')),
    currency: optional(
      z
        .string({ error: 'currency must be one currency code' })
        .trim()
        .toUpperCase()
        .pipe(z.enum(currencyCodes, `currency must be one of ${currencyCodes.join(', ')}`)),
    ),
    duration: optional(z.enum(durationBandNames, `duration must be one of ${durationBandNames.join(', ')}`)),
    sort: z.preprocess(
      blank,
      z.enum(programSorts, `sort must be one of ${programSorts.join(', ')}`).default('relevance'),
    ),
    page: z.preprocess(
      blank,
      whole('page', 1, PROGRAMS_MAX_PAGE, `a whole number from 1 to ${PROGRAMS_MAX_PAGE}`).default(1),
    ),
  })
  .superRefine((v, ctx) => {
    if ((v.minFee !== undefined || v.maxFee !== undefined) && v.currency === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['currency'],
        message: 'currency is required with minFee or maxFee (for example currency=GBP)',
      });
    }
    if (v.minFee !== undefined && v.maxFee !== undefined && v.minFee > v.maxFee) {
      ctx.addIssue({ code: 'custom', path: ['minFee'], message: 'minFee must not be more than maxFee' });
    }
  });
export type ProgramsQuery = z.output<typeof programsQuery>;

const facetValue = z.object({ value: z.string(), label: z.string(), count: z.number().int().min(0) });
export type FacetValue = z.infer<typeof facetValue>;

/** One program as the finder lists it: enough for a card, a fraction of the full subject. */
export const programCard = z.object({
  _id: z.string(),
  name: z.string(),
  university: z.string(),
  countryId: z.string(),
  country: z.string(),
  location: z.string(),
  departmentId: z.string(),
  degreeType: z.string(),
  duration: z.string(),
  durationMonths: z.number().int().nullable(),
  /** Tuition per year in whole units of `currency`; null when the program has no price. */
  basePrice: z.number().int().nullable(),
  currency: z.string(),
  feesVerifiedOn: z.string().nullable(),
  /** The current intake (Open) and the future ones (Upcoming). */
  intake: z.string(),
  futureIntakes: z.array(z.string()),
});
export type ProgramCard = z.infer<typeof programCard>;

export const programsResponse = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  items: z.array(programCard),
  /** For each filter, each value with the number of programs it would give, under every other active filter. */
  facets: z.object({
    country: z.array(facetValue),
    level: z.array(facetValue),
    department: z.array(facetValue),
    intake: z.array(facetValue),
    duration: z.array(facetValue),
  }),
});
export type ProgramsResponse = z.infer<typeof programsResponse>;

// The inputs of "Estimated total cost" (schemas/total-cost.ts): each figure in its own currency's
// minor units with its source and date, resolved per program from the cost tables.
const minor = z.number().int().min(0);
export const costInputs = z.object({
  months: z.number().int().nullable(),
  tuition: z
    .object({ annualMinor: minor, currency: z.string(), verifiedOn: z.string().nullable() })
    .nullable(),
  living: z
    .object({
      monthlyMinor: minor,
      currency: z.string(),
      place: z.string(),
      source: z.string(),
      verifiedOn: z.string(),
    })
    .nullable(),
  visa: z
    .object({
      name: z.string(),
      feeMinor: minor,
      currency: z.string(),
      source: z.string(),
      verifiedOn: z.string(),
    })
    .nullable(),
  health: z
    .object({
      name: z.string(),
      annualMinor: minor,
      currency: z.string(),
      extraMonthsLong: z.number().int(),
      extraMonthsShort: z.number().int(),
      source: z.string(),
      verifiedOn: z.string(),
    })
    .nullable(),
});
export type CostInputs = z.infer<typeof costInputs>;

/** Exchange rates by currency code: units per US dollar (a decimal string), with date and source. */
export const ratesTable = z.record(
  z.string(),
  z.object({ unitsPerUsd: z.string(), asOf: z.string(), source: z.string() }),
);
export type RatesTable = z.infer<typeof ratesTable>;

export const programCostsResponse = z.object({ costs: costInputs, rates: ratesTable });
export type ProgramCostsResponse = z.infer<typeof programCostsResponse>;

export const compareQuery = z.object({
  ids: z
    .string({ error: `ids must list ${COMPARE_MIN} to ${COMPARE_MAX} program ids, separated by commas` })
    .max(2000, `ids must list ${COMPARE_MIN} to ${COMPARE_MAX} program ids, separated by commas`)
    .transform(commaList)
    .pipe(
      z
        .array(z.string().max(200, 'ids: that is not a program id'))
        .min(COMPARE_MIN, `Choose at least ${COMPARE_MIN} programs to compare`)
        .max(COMPARE_MAX, `You can compare up to ${COMPARE_MAX} programs at a time`),
    ),
});

/** A program side by side with others: the card plus requirements, intakes and its cost inputs. */
export const compareProgram = programCard.extend({
  universityLocation: z.string(),
  degree: z.string(),
  entryRequirements: z.object({
    description: z.string(),
    academicRequirements: z.array(z.string()),
    englishLanguageRequirements: z.array(z.string()),
    additionalRequirements: z.array(z.string()),
  }),
  costs: costInputs,
});
export type CompareProgram = z.infer<typeof compareProgram>;

export const compareResponse = z.object({ items: z.array(compareProgram), rates: ratesTable });
export type CompareResponse = z.infer<typeof compareResponse>;
