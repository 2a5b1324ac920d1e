import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { batch } from '../batch.ts';
import { addDays, startOfLocalDay, weekday } from '#schemas/zoned-time.ts';
import type {
  FunnelStep,
  InsightKind,
  InsightQuery,
  JobsRankResponse,
  PartnersRankResponse,
  ResponseTimesResponse,
  SourcesResponse,
  TrendsResponse,
} from '#schemas/admin/insight.ts';

// The staff's insight: every figure is one aggregate over the history of stage changes
// (status_changes, db/queries/stage-history.ts) and its indexes, never a list of people. The
// screen and the CSV exports call the same functions with the same filters.

const DAY_MS = 86_400_000;

/** A period of local dates as the instants that bound it: from the first day's local midnight to the one after the last day. */
export function periodBounds(from: string, to: string, timeZone: string) {
  return {
    start: startOfLocalDay(from, timeZone).getTime(),
    end: startOfLocalDay(addDays(to, 1), timeZone).getTime(),
  };
}

interface StepDef {
  key: string;
  label: string;
  entity: string;
  statuses: readonly string[];
}

/**
 * Each funnel's steps. Students are followed as people (the history's person_id: one student's
 * several applications count once per step); jobs and partners as items (one application, one
 * request). The first step is the entry that makes the cohort.
 */
const funnels: Record<InsightKind, { unit: 'person' | 'item'; steps: StepDef[] }> = {
  students: {
    unit: 'person',
    steps: [
      { key: 'registered', label: 'Registration', entity: 'student', statuses: ['registered'] },
      {
        key: 'profile_complete',
        label: 'Profile complete',
        entity: 'student',
        statuses: ['profile_complete'],
      },
      { key: 'application', label: 'Application', entity: 'subscription', statuses: ['submitted'] },
      { key: 'in_review', label: 'In review', entity: 'subscription', statuses: ['in_review'] },
      { key: 'offer', label: 'Offer', entity: 'subscription', statuses: ['offer'] },
      { key: 'enrolled', label: 'Enrolled', entity: 'subscription', statuses: ['enrolled'] },
    ],
  },
  jobs: {
    unit: 'item',
    steps: [
      { key: 'application', label: 'Application', entity: 'job_application', statuses: ['received'] },
      {
        key: 'forwarded',
        label: 'Forwarded to employer',
        entity: 'job_application',
        statuses: ['forwarded'],
      },
      { key: 'interview', label: 'Interview', entity: 'job_application', statuses: ['interview'] },
      { key: 'hired', label: 'Hired', entity: 'job_application', statuses: ['offer'] },
    ],
  },
  partners: {
    unit: 'item',
    steps: [
      { key: 'request', label: 'Request', entity: 'partner_request', statuses: ['submitted'] },
      { key: 'handled', label: 'Handled', entity: 'partner_request', statuses: ['approved', 'declined'] },
    ],
  },
};

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The programs or jobs a filter keeps, for the steps it applies to (as a subquery of ids), or null:
 * a program application's program (country, department) for the program steps of the students'
 * funnel, a job's category (as the department) for every step of the jobs' funnel. The history holds
 * each application's program or job (target_id), so the index reads only their rows.
 */
function targetFilter(entity: string, q: InsightQuery): SQL | null {
  if (entity === 'subscription' && (q.country || q.department))
    return sql`select id from subjects where 1 = 1
      ${q.country ? sql`and country_id = ${q.country}` : sql``}
      ${q.department ? sql`and department_id = ${q.department}` : sql``}`;
  if (entity === 'job_application' && q.department)
    return sql`select id from jobs where lower(category) = lower(${q.department})`;
  return null;
}

/** The source a student registered from narrows every step of theirs (it is a fact about the person). */
const sourceOf = (entity: string, q: InsightQuery) =>
  (entity === 'student' || entity === 'subscription') && q.source ? q.source : null;

/**
 * A student's row (their own or an application's) matches a source: the utm_source they arrived
 * with, copied onto the row (status_changes.utm_source), or 'direct' for an arrival without one.
 */
function sourceFilter(source: string) {
  return source === 'direct' ? sql`h.utm_source is null` : sql`h.utm_source = ${source}`;
}

/**
 * The histogram (whole days to reach it, count) of the period's cohort at one step. Each unit counts
 * once, at its first arrival (status_changes.first_arrival), read from the index that fits the
 * filters: the cohort index (the source tested on its entries), or the rows of the filtered programs
 * or jobs (target index). Narrowed to some programs, a student's first arrival among those
 * applications is the earliest of them (grouped).
 */
function reachOf(s: StepDef, unit: 'person' | 'item', q: InsightQuery, start: number, end: number): SQL {
  const stage = sql`h.entity = ${s.entity} and h.to_status in (${list(s.statuses)})`;
  const cohort = sql`h.cohort_at >= ${start} and h.cohort_at < ${end}`;
  const days = sql`cast((h.created_at - h.cohort_at) / ${DAY_MS} as integer)`;
  const target = targetFilter(s.entity, q);
  const source = sourceOf(s.entity, q);
  const bySource = source ? sql` and ${sourceFilter(source)}` : sql``;
  if (target && unit === 'person')
    return sql`select cast((t - cohort_at) / ${DAY_MS} as integer) as d, count(*) as n from (
        select h.cohort_at, min(h.created_at) as t from status_changes h
        where ${stage} and h.target_id in (${target}) and ${cohort}${bySource}
        group by h.cohort_at, h.person_id
      ) group by 1`;
  // (`+h.first_arrival`: a condition checked on the index entry, not sought, so the planner
  // takes the target index rather than every first arrival of the period.)
  if (target)
    return sql`select ${days} as d, count(*) as n from status_changes h
      where ${stage} and h.target_id in (${target}) and ${cohort} and +h.first_arrival = 1${bySource} group by 1`;
  return sql`select ${days} as d, count(*) as n from status_changes h
    where ${stage} and h.first_arrival = 1 and ${cohort}${bySource} group by 1`;
}

/** The moves into one step in the period (every move, not only first arrivals), from the index that fits the filters. */
function activityOf(s: StepDef, q: InsightQuery, start: number, end: number): SQL {
  const stage = sql`h.entity = ${s.entity} and h.to_status in (${list(s.statuses)})`;
  const period = sql`h.created_at >= ${start} and h.created_at < ${end}`;
  const target = targetFilter(s.entity, q);
  const source = sourceOf(s.entity, q);
  const bySource = source ? sql` and ${sourceFilter(source)}` : sql``;
  return sql`select count(*) as n from status_changes h
    where ${stage}${target ? sql` and h.target_id in (${target})` : sql``} and ${period}${bySource}`;
}

/**
 * Nearest-rank percentile over the whole cohort, the members who have not reached the step counted
 * as not yet (beyond every reached value): null when the rank falls among them.
 */
export function percentile(histogram: Map<number, number>, cohort: number, p: number) {
  if (cohort === 0) return null;
  const rank = Math.ceil(p * cohort);
  let seen = 0;
  for (const d of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(d)!;
    if (seen >= rank) return d;
  }
  return null;
}

/** The funnel's statements: each step's cohort histogram, then each step's activity (their plans: insight-plans.test.ts). */
export function funnelStatements(q: InsightQuery, timeZone: string): SQL[] {
  const { start, end } = periodBounds(q.from, q.to, timeZone);
  const { unit, steps } = funnels[q.kind];
  return [
    ...steps.map((s) => reachOf(s, unit, q, start, end)),
    ...steps.map((s) => activityOf(s, q, start, end)),
  ];
}

/**
 * The funnel of a kind for a period: per step the cohort, the conversion, the activity and the days
 * to reach it. The cohort reads the history's cohort_at (when the unit entered the funnel) and its
 * first arrivals, so each step is one range of an index (reachOf): who of the period's entrants
 * reached it, and the whole days it took them. The activity is one range per step (activityOf).
 */
export async function funnel(db: Db, q: InsightQuery, timeZone: string): Promise<FunnelStep[]> {
  const { steps } = funnels[q.kind];
  // One round trip for every step's two figures.
  const results = await batch(db, funnelStatements(q, timeZone));
  const histograms = steps.map((_, i) => {
    const histogram = new Map<number, number>();
    for (const r of results[i]!.results as { d: number; n: number }[]) {
      const d = Math.max(0, r.d);
      histogram.set(d, (histogram.get(d) ?? 0) + r.n);
    }
    return histogram;
  });
  const total = (h: Map<number, number>) => [...h.values()].reduce((a, b) => a + b, 0);
  const cohortSize = total(histograms[0]!);
  let previous = cohortSize;
  return steps.map((s, i) => {
    const reached = i === 0 ? cohortSize : total(histograms[i]!);
    const step: FunnelStep = {
      key: s.key,
      label: s.label,
      cohort: reached,
      conversion: i === 0 ? (cohortSize ? 1 : null) : previous ? reached / previous : null,
      activity: Number((results[steps.length + i]!.results[0] as { n: number } | undefined)?.n ?? 0),
      medianDays: i === 0 ? (cohortSize ? 0 : null) : percentile(histograms[i]!, cohortSize, 0.5),
      p75Days: i === 0 ? (cohortSize ? 0 : null) : percentile(histograms[i]!, cohortSize, 0.75),
      notYet: cohortSize - reached,
    };
    previous = reached;
    return step;
  });
}

/** The Monday that starts the local week of a date. */
const mondayOf = (date: string) => addDays(date, 1 - weekday(date));

/** The 12 local weeks ending with the week of `to`: their first dates and the instants that bound them (13). */
export function weeksEnding(to: string, timeZone: string, count = 12) {
  const last = mondayOf(to);
  const weeks = Array.from({ length: count }, (_, i) => addDays(last, (i - count + 1) * 7));
  const bounds = [...weeks, addDays(last, 7)].map((d) => startOfLocalDay(d, timeZone).getTime());
  return { weeks, bounds };
}

/** The same local dates a year before (52 weeks, so each week still starts on a Monday). */
const yearBefore = (weeks: string[], timeZone: string) => {
  const shifted = [...weeks, addDays(weeks.at(-1)!, 7)].map((d) => addDays(d, -364));
  return shifted.map((d) => startOfLocalDay(d, timeZone).getTime());
};

const trendDefs: { key: string; label: string; entity: string[]; status: string }[] = [
  {
    key: 'enquiries',
    label: 'Enquiries',
    entity: ['contact_message', 'assistance_request'],
    status: 'unread',
  },
  { key: 'registrations', label: 'Registrations', entity: ['student'], status: 'registered' },
  { key: 'applications', label: 'Applications', entity: ['subscription'], status: 'submitted' },
  { key: 'offers', label: 'Offers', entity: ['subscription'], status: 'offer' },
  { key: 'consultations_booked', label: 'Consultations booked', entity: ['consultation'], status: 'booked' },
  { key: 'consultations_held', label: 'Consultations held', entity: ['consultation'], status: 'held' },
];

/** Weekly series for 12 weeks, each with the same weeks a year before where the history reaches back that far. */
export async function trends(db: Db, q: InsightQuery, timeZone: string): Promise<TrendsResponse['series']> {
  const { weeks, bounds } = weeksEnding(q.to, timeZone);
  const before = yearBefore(weeks, timeZone);
  // One statement: every series' count for every week of both years (a count a week and series,
  // each a plain range of a covering index: the stage index, or the payments' paid index), and
  // the oldest registration. The weeks are rows of a VALUES list (13 bounds a year: each week runs
  // to the next bound), the series another; one round trip, 44 bound values (D1 allows 100).
  const span = weeks.length;
  const instants = [...bounds, ...before];
  const boundRows = sql.join(
    instants.map((t, i) => sql`(${sql.raw(String(i))}, ${t})`),
    sql`, `,
  );
  const seriesRows = sql.join(
    trendDefs.map(
      (t, i) => sql`(${sql.raw(String(i))}, ${t.entity[0]}, ${t.entity[1] ?? t.entity[0]}, ${t.status})`,
    ),
    sql`, `,
  );
  const rows = await db.all<{ s: number; k: number; n: number | null }>(sql`
    with b(k, t) as (values ${boundRows}),
    w(k, lo, hi) as (select a.k, a.t, c.t from b a join b c on c.k = a.k + 1 where a.k <> ${span}),
    s(i, e1, e2, st) as (values ${seriesRows})
    select s.i as s, w.k as k, (select count(*) from status_changes h
        where h.entity in (s.e1, s.e2) and h.to_status = s.st and h.created_at >= w.lo and h.created_at < w.hi) as n
      from s, w
    union all
    select -2, w.k, (select count(*) from payments p where p.status = 'succeeded' and p.paid_at >= w.lo and p.paid_at < w.hi) from w
    union all
    select -1, 0, (select min(created_at) from status_changes where entity = 'student' and to_status = 'registered')`);
  // k: the weeks of this year are 0..11, the year before's 13..24 (12 is this year's closing bound).
  const series = (i: number, year: 0 | 1) => {
    const values = weeks.map(() => 0);
    for (const r of rows)
      if (r.s === i && r.k >= year * (span + 1) && r.k < year * (span + 1) + span)
        values[r.k - year * (span + 1)] = Number(r.n ?? 0);
    return values;
  };
  // Where the history reaches back a year (its oldest registration, read from the stage index's
  // first entry), the year before is drawn; before it, there is nothing to compare with.
  const oldest = rows.find((r) => r.s === -1)?.n ?? null;
  const reachesBack = oldest != null && oldest <= before[0]!;
  // Payments received (the payments table is their history) come fifth, after offers.
  const defs = trendDefs.map((d, i) => ({ key: d.key, label: d.label, i }));
  defs.splice(4, 0, { key: 'payments', label: 'Payments received', i: -2 });
  return defs.map((d) => ({
    key: d.key,
    label: d.label,
    values: series(d.i, 0),
    yearBefore: reachesBack ? series(d.i, 1) : null,
  }));
}

/** Registrations and enquiries by where they came from (source, medium, campaign, landing page), most first. */
export async function sources(db: Db, q: InsightQuery, timeZone: string): Promise<SourcesResponse['rows']> {
  const { start, end } = periodBounds(q.from, q.to, timeZone);
  const rows = await db.all<{
    source: string;
    medium: string;
    campaign: string;
    page: string;
    registrations: number;
    enquiries: number;
  }>(sql`
    select coalesce(utm_source, 'direct') as source, coalesce(utm_medium, '') as medium,
      coalesce(utm_campaign, '') as campaign, coalesce(page, '') as page,
      sum(entity = 'student') as registrations, sum(entity <> 'student') as enquiries
    from arrival_sources
    where entity in ('student', 'contact_message', 'assistance_request') and created_at >= ${start} and created_at < ${end}
      ${q.source ? (q.source === 'direct' ? sql`and utm_source is null` : sql`and utm_source = ${q.source}`) : sql``}
    group by 1, 2, 3, 4
    order by registrations + enquiries desc, source, medium, campaign, page
    limit 50`);
  return rows.map((r) => ({ ...r, registrations: Number(r.registrations), enquiries: Number(r.enquiries) }));
}

/**
 * The inbox's first response per week of arrival: the hours from an enquiry's arrival to its first
 * move to handled (a reply, or staff marking it handled), median and 90th percentile over every
 * enquiry of the week, those not answered yet counted as not yet.
 */
export async function responseTimes(
  db: Db,
  q: InsightQuery,
  timeZone: string,
): Promise<ResponseTimesResponse['weeks']> {
  const { weeks, bounds } = weeksEnding(q.to, timeZone);
  const rows = await db.all<{ w: number; hours: number | null; n: number }>(sql`
    with arrived as (
      select h.entity, h.entity_id, h.created_at as t0,
        ${sql.join(
          bounds.slice(1, -1).map((b) => sql`(h.created_at >= ${b})`),
          sql` + `,
        )} as w
      from status_changes h
      where h.entity in ('contact_message', 'assistance_request') and h.to_status = 'unread' and h.from_status is null
        and h.created_at >= ${bounds[0]} and h.created_at < ${bounds.at(-1)}
    )
    select w, cast(((select min(x.created_at) from status_changes x
        where x.entity = arrived.entity and x.entity_id = arrived.entity_id and x.to_status = 'handled') - t0) / 3600000 as integer) as hours,
      count(*) as n
    from arrived group by 1, 2`);
  return weeks.map((week, i) => {
    const histogram = new Map<number, number>();
    let total = 0;
    for (const r of rows) {
      if (r.w !== i) continue;
      total += r.n;
      if (r.hours !== null)
        histogram.set(Math.max(0, r.hours), (histogram.get(Math.max(0, r.hours)) ?? 0) + r.n);
    }
    const answered = [...histogram.values()].reduce((a, b) => a + b, 0);
    return {
      week,
      enquiries: total,
      answered,
      medianHours: percentile(histogram, total, 0.5),
      p90Hours: percentile(histogram, total, 0.9),
    };
  });
}

/** Partners ranked by the requests they sent in the period, with what became of them. */
export async function partnersRank(
  db: Db,
  q: InsightQuery,
  timeZone: string,
): Promise<PartnersRankResponse['rows']> {
  const { start, end } = periodBounds(q.from, q.to, timeZone);
  const rows = await db.all<PartnersRankResponse['rows'][number]>(sql`
    select r.partner_id as partnerId, coalesce(p.company_name, 'A removed partner') as partner, count(*) as requests,
      sum(r.status = 'approved') as approved, sum(r.status = 'declined') as declined,
      sum(r.status in ('submitted', 'in_review')) as open
    from partner_requests r left join partners p on p.id = r.partner_id
    where r.created_at >= ${start} and r.created_at < ${end}
    group by r.partner_id order by requests desc, approved desc, partner limit 20`);
  return rows.map((r) => ({
    ...r,
    approved: Number(r.approved),
    declined: Number(r.declined),
    open: Number(r.open),
  }));
}

/** Jobs ranked by applicants in the period, with their hires (offers) so far. */
export async function jobsRank(db: Db, q: InsightQuery, timeZone: string): Promise<JobsRankResponse['rows']> {
  const { start, end } = periodBounds(q.from, q.to, timeZone);
  // Counted per job from the covering created index first, then each job's title read once (not
  // once per application).
  const rows = await db.all<JobsRankResponse['rows'][number]>(sql`
    select a.job_id as jobId, coalesce(j.title, 'A removed job') as job, coalesce(j.company, '') as company,
      a.applicants, a.hires
    from (
      select job_id, count(*) as applicants, sum(status = 'offer') as hires from job_applications
      where created_at >= ${start} and created_at < ${end}
      group by job_id
    ) a left join jobs j on j.id = a.job_id
    ${q.department ? sql`where lower(j.category) = lower(${q.department})` : sql``}
    order by applicants desc, hires desc, job limit 20`);
  return rows.map((r) => ({ ...r, hires: Number(r.hires) }));
}
