import { z } from 'zod';

/**
 * The insight screen's contract: the filters every figure and its CSV share (they live in the
 * screen's address, so a shared link shows the same numbers), and the figures' shapes. Periods are
 * local dates in the consultancy's time zone (site settings; Europe/London by default): a day runs
 * from its local midnight to the next, across daylight-saving changes.
 */

export const insightKinds = ['students', 'jobs', 'partners'] as const;
export type InsightKind = (typeof insightKinds)[number];

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be written YYYY-MM-DD');
const optionalText = z.string().trim().max(100).optional();

/** The longest period one query covers: two years, what a manager compares (and a bound on one query's work). */
const INSIGHT_MAX_DAYS = 731;

export const insightQuery = z
  .object({
    from: date,
    to: date,
    kind: z.enum(insightKinds, 'Kind must be students, jobs or partners').default('students'),
    country: optionalText,
    department: optionalText,
    source: optionalText,
  })
  .refine((q) => q.from <= q.to, { message: 'The period must end on or after its start', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < INSIGHT_MAX_DAYS, {
    message: `A period covers at most ${INSIGHT_MAX_DAYS} days`,
    path: ['from'],
  });
export type InsightQuery = z.infer<typeof insightQuery>;

/** Days to reach a step: the median and 75th percentile over the whole cohort; null while over half (a quarter) have not reached it. */
const days = z.number().nullable();

export const funnelStep = z.object({
  key: z.string(),
  label: z.string(),
  /** Of the people (items) who entered the first step in the period: how many reached this step so far. */
  cohort: z.number(),
  /** The share of the previous step's cohort that reached this one (the first step: 1). */
  conversion: z.number().nullable(),
  /** How many moves into this step happened in the period, whoever made them and whenever they entered. */
  activity: z.number(),
  medianDays: days,
  p75Days: days,
  /** Cohort members who have not reached this step yet (counted in the percentiles, never left out). */
  notYet: z.number(),
});
export type FunnelStep = z.infer<typeof funnelStep>;

export const periodInfo = z.object({ from: z.string(), to: z.string(), timeZone: z.string() });

export const funnelResponse = z.object({
  period: periodInfo,
  kind: z.enum(insightKinds),
  steps: z.array(funnelStep),
});
export type FunnelResponse = z.infer<typeof funnelResponse>;

export const trendSeries = z.object({
  key: z.string(),
  label: z.string(),
  /** Counts per week, oldest first, aligned with `weeks`. */
  values: z.array(z.number()),
  /** The same weeks a year before; null where the history holds nothing that old. */
  yearBefore: z.array(z.number()).nullable(),
});
export const trendsResponse = z.object({
  period: periodInfo,
  /** The first local date of each of the 12 weeks (Mondays), oldest first. */
  weeks: z.array(z.string()),
  series: z.array(trendSeries),
});
export type TrendsResponse = z.infer<typeof trendsResponse>;

export const sourceRow = z.object({
  source: z.string(),
  medium: z.string(),
  campaign: z.string(),
  page: z.string(),
  registrations: z.number(),
  enquiries: z.number(),
});
export const sourcesResponse = z.object({ period: periodInfo, rows: z.array(sourceRow) });
export type SourcesResponse = z.infer<typeof sourcesResponse>;

export const responseTimeRow = z.object({
  week: z.string(),
  enquiries: z.number(),
  answered: z.number(),
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
});
export const responseTimesResponse = z.object({ period: periodInfo, weeks: z.array(responseTimeRow) });
export type ResponseTimesResponse = z.infer<typeof responseTimesResponse>;

export const partnerRankRow = z.object({
  partnerId: z.string(),
  partner: z.string(),
  requests: z.number(),
  approved: z.number(),
  declined: z.number(),
  open: z.number(),
});
export const partnersRankResponse = z.object({ period: periodInfo, rows: z.array(partnerRankRow) });
export type PartnersRankResponse = z.infer<typeof partnersRankResponse>;

export const jobRankRow = z.object({
  jobId: z.string(),
  job: z.string(),
  company: z.string(),
  applicants: z.number(),
  hires: z.number(),
});
export const jobsRankResponse = z.object({ period: periodInfo, rows: z.array(jobRankRow) });
export type JobsRankResponse = z.infer<typeof jobsRankResponse>;
