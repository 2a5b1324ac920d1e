import { Hono, type Context } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { getSite } from '#db/queries/site-content.ts';
import {
  funnel,
  jobsRank,
  partnersRank,
  responseTimes,
  sources,
  trends,
  weeksEnding,
} from '#db/queries/insight.ts';
import {
  insightQuery,
  type FunnelResponse,
  type InsightQuery,
  type JobsRankResponse,
  type PartnersRankResponse,
  type ResponseTimesResponse,
  type SourcesResponse,
  type TrendsResponse,
} from '#schemas/admin/insight.ts';
import type { Wire } from '#schemas/responses.ts';
import { adminOnly, staffOnly, toCsv } from './shared.ts';

type Ctx = Context<AppEnv>;

/** The period as the answer and the CSV state it: its local dates and the zone that cuts them. */
async function periodOf(c: Ctx, q: InsightQuery) {
  const { timeZone } = await getSite(c.var.db);
  return { from: q.from, to: q.to, timeZone };
}

/**
 * A CSV of a figure: first the rows that say what it is (the time zone, the period and every
 * filter, so a file read later says what it counted), a blank row, then the table as the screen
 * shows it. RFC 4180, formula-safe cells (shared.ts toCsv).
 */
function csvResponse<T extends Record<string, unknown>>(
  c: Ctx,
  name: string,
  q: InsightQuery,
  period: { from: string; to: string; timeZone: string },
  rows: T[],
  columns: { key: keyof T & string; header: string }[],
) {
  const about = toCsv(
    [
      { k: 'Time zone', v: period.timeZone },
      { k: 'Period', v: `${period.from} to ${period.to} (days cut at midnight ${period.timeZone})` },
      { k: 'Kind', v: q.kind },
      { k: 'Country', v: q.country ?? 'all' },
      { k: 'Department', v: q.department ?? 'all' },
      { k: 'Source', v: q.source ?? 'all' },
    ],
    [
      { key: 'k', header: 'Figure' },
      { key: 'v', header: name },
    ],
  );
  c.header('Cache-Control', 'private, no-store');
  return c.body(`${about}\r\n${toCsv(rows, columns)}`, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="insight-${name}-${period.from}-${period.to}.csv"`,
  });
}

const query = validate('query', insightQuery);

/**
 * Staff insight: funnels, trends, sources, the inbox's response times and the partner and job
 * rankings, each as JSON for the screen and as CSV from the same query and filters. Every figure is
 * an aggregate. Admins see all; editors, whose work is the site's content, see only where visits
 * came from (sources and pages), which holds no personal data.
 */
export const adminInsight = new Hono<AppEnv>()
  .get('/sources', staffOnly, query, async (c) => {
    const q = c.req.valid('query');
    const period = await periodOf(c, q);
    return c.json({
      period,
      rows: await sources(c.var.db, q, period.timeZone),
    } satisfies Wire<SourcesResponse>);
  })
  .get('/sources.csv', staffOnly, query, async (c) => {
    const q = c.req.valid('query');
    const period = await periodOf(c, q);
    return csvResponse(c, 'sources', q, period, await sources(c.var.db, q, period.timeZone), [
      { key: 'source', header: 'Source' },
      { key: 'medium', header: 'Medium' },
      { key: 'campaign', header: 'Campaign' },
      { key: 'page', header: 'Landing page' },
      { key: 'registrations', header: 'Registrations' },
      { key: 'enquiries', header: 'Enquiries' },
    ]);
  })
  .get('/funnel', adminOnly, query, async (c) => {
    const q = c.req.valid('query');
    const period = await periodOf(c, q);
    const steps = await funnel(c.var.db, q, period.timeZone);
    return c.json({ period, kind: q.kind, steps } satisfies Wire<FunnelResponse>);
  })
  .get('/funnel.csv', adminOnly, query, async (c) => {
    const q = c.req.valid('query');
    const period = await periodOf(c, q);
    const steps = await funnel(c.var.db, q, period.timeZone);
    return csvResponse(c, 'funnel', q, period, steps, [
      { key: 'label', header: 'Step' },
      { key: 'cohort', header: 'Cohort (entered in period, reached so far)' },
      { key: 'conversion', header: 'Conversion from previous step' },
      { key: 'activity', header: 'Activity (moves into step in period)' },
      { key: 'medianDays', header: 'Median days to reach (blank: not yet)' },
      { key: 'p75Days', header: '75th percentile days (blank: not yet)' },
      { key: 'notYet', header: 'Not yet reached' },
    ]);
  })
  .get('/trends', adminOnly, query, async (c) => {
    const q = c.req.valid('query');
    const period = await periodOf(c, q);
    const { weeks } = weeksEnding(q.to, period.timeZone);
    const series = await trends(c.var.db, q, period.timeZone);
    return c.json({ period, weeks, series } satisfies Wire<TrendsResponse>);
  })
  .get('/trends.csv', adminOnly, query, async (c) => {
    const q = c.req.valid('query');
    const period = await periodOf(c, q);
    const { weeks } = weeksEnding(q.to, period.timeZone);
    const series = await trends(c.var.db, q, period.timeZone);
    // One row a week, one column a series and one its year before: the chart's table, as the screen shows it.
    const rows = weeks.map((week, i) => {
      const row: Record<string, string | number | null> = { week };
      for (const s of series) {
        row[s.key] = s.values[i] ?? 0;
        row[`${s.key}_year_before`] = s.yearBefore?.[i] ?? null;
      }
      return row;
    });
    return csvResponse(c, 'trends', q, period, rows, [
      { key: 'week', header: 'Week starting' },
      ...series.flatMap((s) => [
        { key: s.key, header: s.label },
        { key: `${s.key}_year_before`, header: `${s.label} (a year before)` },
      ]),
    ]);
  })
  .get('/response-times', adminOnly, query, async (c) => {
    const q = c.req.valid('query');
    const period = await periodOf(c, q);
    return c.json({
      period,
      weeks: await responseTimes(c.var.db, q, period.timeZone),
    } satisfies Wire<ResponseTimesResponse>);
  })
  .get('/response-times.csv', adminOnly, query, async (c) => {
    const q = c.req.valid('query');
    const period = await periodOf(c, q);
    return csvResponse(c, 'response-times', q, period, await responseTimes(c.var.db, q, period.timeZone), [
      { key: 'week', header: 'Week starting' },
      { key: 'enquiries', header: 'Enquiries' },
      { key: 'answered', header: 'Answered' },
      { key: 'medianHours', header: 'Median hours to first response (blank: not yet)' },
      { key: 'p90Hours', header: '90th percentile hours (blank: not yet)' },
    ]);
  })
  .get('/partners', adminOnly, query, async (c) => {
    const q = c.req.valid('query');
    const period = await periodOf(c, q);
    return c.json({
      period,
      rows: await partnersRank(c.var.db, q, period.timeZone),
    } satisfies Wire<PartnersRankResponse>);
  })
  .get('/partners.csv', adminOnly, query, async (c) => {
    const q = c.req.valid('query');
    const period = await periodOf(c, q);
    return csvResponse(c, 'partners', q, period, await partnersRank(c.var.db, q, period.timeZone), [
      { key: 'partner', header: 'Partner' },
      { key: 'requests', header: 'Requests' },
      { key: 'approved', header: 'Approved' },
      { key: 'declined', header: 'Declined' },
      { key: 'open', header: 'Open' },
    ]);
  })
  .get('/jobs', adminOnly, query, async (c) => {
    const q = c.req.valid('query');
    const period = await periodOf(c, q);
    return c.json({
      period,
      rows: await jobsRank(c.var.db, q, period.timeZone),
    } satisfies Wire<JobsRankResponse>);
  })
  .get('/jobs.csv', adminOnly, query, async (c) => {
    const q = c.req.valid('query');
    const period = await periodOf(c, q);
    return csvResponse(c, 'jobs', q, period, await jobsRank(c.var.db, q, period.timeZone), [
      { key: 'job', header: 'Job' },
      { key: 'company', header: 'Company' },
      { key: 'applicants', header: 'Applicants' },
      { key: 'hires', header: 'Hires' },
    ]);
  });
