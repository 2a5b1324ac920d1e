import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminApi, downloadCsv, errorText, type StaffProfile } from '../session.ts';
import { AdminAlert } from '../AdminAlert.tsx';
import { SelectField, TextField } from '../../common/fields.tsx';
import { adminLook } from '../look.ts';
import { BarChart, WeekChart } from './charts.tsx';
import {
  funnelResponse,
  insightKinds,
  jobsRankResponse,
  partnersRankResponse,
  responseTimesResponse,
  sourcesResponse,
  trendsResponse,
  type FunnelStep,
  type InsightKind,
} from '#schemas/admin/insight.ts';
import './insight.css';

// The staff's insight screen. Every filter and the period live in the address (a shared link shows
// the same numbers, Back returns to the previous ones); each figure is fetched with exactly those
// parameters, and its CSV link is the same path with `.csv`, so the file is what the screen shows.

interface Filters {
  from: string;
  to: string;
  kind: InsightKind;
  country: string;
  department: string;
  source: string;
}

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The filters the address gives, defaulting to the last 28 days of students. */
function filtersFromAddress(search: string): Filters {
  const p = new URLSearchParams(search);
  const today = new Date();
  const date = (v: string | null, fallback: string) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : fallback);
  const kind = p.get('kind');
  return {
    from: date(p.get('from'), iso(new Date(today.getTime() - 27 * 86_400_000))),
    to: date(p.get('to'), iso(today)),
    kind: insightKinds.find((k) => k === kind) ?? 'students',
    country: p.get('country') ?? '',
    department: p.get('department') ?? '',
    source: p.get('source') ?? '',
  };
}

const queryOf = (f: Filters) => {
  const p = new URLSearchParams({ from: f.from, to: f.to, kind: f.kind });
  for (const k of ['country', 'department', 'source'] as const) if (f[k].trim()) p.set(k, f[k].trim());
  return p.toString();
};

const pct = (n: number | null) => (n === null ? '—' : `${Math.round(n * 100)}%`);
const days = (n: number | null) => (n === null ? 'not yet' : `${n} d`);
const change = (now: number, before: number) =>
  before === 0
    ? now === 0
      ? 'no change'
      : 'up from none'
    : `${now >= before ? 'up' : 'down'} ${Math.abs(Math.round(((now - before) / before) * 100))}%`;

/** Where a funnel step's bar leads: the back-office list of the items at that stage. */
const stepList: Partial<Record<InsightKind, Record<string, string>>> = {
  students: {
    application: '/admin/applications?status=submitted',
    in_review: '/admin/applications?status=in_review',
    offer: '/admin/applications?status=offer',
    enrolled: '/admin/applications?status=enrolled',
  },
  jobs: {
    application: '/admin/job-applications?status=received',
    interview: '/admin/job-applications?status=interview',
    hired: '/admin/job-applications?status=offer',
  },
  partners: { request: '/admin/partner-requests?status=submitted' },
};

function CsvButton({ path, query }: { path: string; query: string }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="admin-button admin-button--quiet"
        onClick={() => {
          setError(null);
          downloadCsv(`/insight/${path}.csv?${query}`).catch((e: unknown) => setError(errorText(e)));
        }}
      >
        Download CSV
      </button>
      {error && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
    </>
  );
}

function Section({ title, children, csv }: { title: string; children: ReactNode; csv: ReactNode }) {
  return (
    <section className="insight-section" aria-label={title}>
      <div className="insight-section__head">
        <h2>{title}</h2>
        {csv}
      </div>
      {children}
    </section>
  );
}

function Funnel({ query, kind }: { query: string; kind: InsightKind }) {
  const q = useQuery({
    queryKey: ['admin', 'insight', 'funnel', query],
    queryFn: () => adminApi(`/insight/funnel?${query}`, { schema: funnelResponse }),
  });
  if (q.isPending) return <p>Loading the funnel…</p>;
  if (q.isError) return <AdminAlert error={q.error} />;
  const steps = q.data.steps;
  const first = steps[0]!;
  const last = steps.at(-1)!;
  const summary =
    first.cohort === 0
      ? `Nobody entered this funnel in the period. ${steps.map((s) => `${s.label}: ${s.activity}`).join(', ')} moves happened in it.`
      : `Of ${first.cohort} who entered (${first.label.toLowerCase()}) in the period, ${last.cohort} (${pct(last.cohort / first.cohort)}) reached ${last.label.toLowerCase()} so far; ${steps[1] ? `${steps[1].cohort} reached ${steps[1].label.toLowerCase()}` : ''}.`;
  const links = stepList[kind] ?? {};
  return (
    <BarChart
      title="Funnel: cohort and activity"
      summary={summary}
      legend={[
        'Cohort: entered in the period, reached the step so far',
        'Activity: moves into the step in the period',
      ]}
      bars={steps.map((s) => ({ label: s.label, value: s.cohort, second: s.activity, href: links[s.key] }))}
    >
      <FunnelTable steps={steps} links={links} />
    </BarChart>
  );
}

function FunnelTable({ steps, links }: { steps: FunnelStep[]; links: Record<string, string> }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table insight-table">
        <caption>Funnel by step (days to reach: people not there yet count as not yet)</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Cohort</th>
            <th scope="col">Conversion</th>
            <th scope="col">Activity</th>
            <th scope="col">Median days</th>
            <th scope="col">75th percentile days</th>
            <th scope="col">Not yet</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((s) => (
            <tr key={s.key}>
              <th scope="row">{links[s.key] ? <a href={links[s.key]}>{s.label}</a> : s.label}</th>
              <td data-label="Cohort">{s.cohort}</td>
              <td data-label="Conversion">{pct(s.conversion)}</td>
              <td data-label="Activity">{s.activity}</td>
              <td data-label="Median days">{days(s.medianDays)}</td>
              <td data-label="75th percentile days">{days(s.p75Days)}</td>
              <td data-label="Not yet">{s.notYet}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Trends({ query }: { query: string }) {
  const [chosen, setChosen] = useState('applications');
  const q = useQuery({
    queryKey: ['admin', 'insight', 'trends', query],
    queryFn: () => adminApi(`/insight/trends?${query}`, { schema: trendsResponse }),
  });
  if (q.isPending) return <p>Loading the trends…</p>;
  if (q.isError) return <AdminAlert error={q.error} />;
  const { weeks, series } = q.data;
  const s = series.find((x) => x.key === chosen) ?? series[0]!;
  const last4 = s.values.slice(-4).reduce((a, b) => a + b, 0);
  const prev4 = s.values.slice(-8, -4).reduce((a, b) => a + b, 0);
  const summary = `${s.label}: ${last4} in the last four weeks, ${change(last4, prev4)} on the four weeks before${
    s.yearBefore
      ? `; ${s.yearBefore.slice(-4).reduce((a, b) => a + b, 0)} in the same weeks a year before`
      : ''
  }.`;
  return (
    <>
      <SelectField
        look={adminLook}
        id="insight-series"
        label="Series"
        value={s.key}
        options={series.map((x) => ({ value: x.key, label: x.label }))}
        onChange={(e) => setChosen(e.target.value)}
      />
      <WeekChart
        title={`${s.label} per week`}
        summary={summary}
        weeks={weeks}
        values={s.values}
        before={s.yearBefore}
      >
        <div className="admin-table-wrap">
          <table className="admin-table insight-table">
            <caption>Every series per week (a year before in brackets)</caption>
            <thead>
              <tr>
                <th scope="col">Week starting</th>
                {series.map((x) => (
                  <th scope="col" key={x.key}>
                    {x.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((w, i) => (
                <tr key={w}>
                  <th scope="row">{w}</th>
                  {series.map((x) => (
                    <td key={x.key} data-label={x.label}>
                      {x.values[i]}
                      {x.yearBefore ? ` (${x.yearBefore[i]})` : ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </WeekChart>
    </>
  );
}

function Sources({ query }: { query: string }) {
  const q = useQuery({
    queryKey: ['admin', 'insight', 'sources', query],
    queryFn: () => adminApi(`/insight/sources?${query}`, { schema: sourcesResponse }),
  });
  if (q.isPending) return <p>Loading the sources…</p>;
  if (q.isError) return <AdminAlert error={q.error} />;
  const rows = q.data.rows;
  const top = rows[0];
  const summary = top
    ? `${rows.length} sources and pages brought registrations and enquiries; the most was ${top.source}${top.campaign ? ` (${top.campaign})` : ''} on ${top.page || 'an unknown page'}, with ${top.registrations + top.enquiries}.`
    : 'No registration or enquiry in the period came with a source.';
  return (
    <BarChart
      title="Where registrations and enquiries came from"
      summary={summary}
      legend={['Registrations', 'Enquiries']}
      bars={rows.slice(0, 10).map((r) => ({
        label: `${r.source}${r.campaign ? ` · ${r.campaign}` : ''} ${r.page}`,
        value: r.registrations,
        second: r.enquiries,
      }))}
    >
      <div className="admin-table-wrap">
        <table className="admin-table insight-table">
          <caption>Sources, campaigns and landing pages</caption>
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Medium</th>
              <th scope="col">Campaign</th>
              <th scope="col">Landing page</th>
              <th scope="col">Registrations</th>
              <th scope="col">Enquiries</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.source}|${r.medium}|${r.campaign}|${r.page}`}>
                <th scope="row">{r.source}</th>
                <td data-label="Medium">{r.medium || '—'}</td>
                <td data-label="Campaign">{r.campaign || '—'}</td>
                <td data-label="Landing page">{r.page || '—'}</td>
                <td data-label="Registrations">{r.registrations}</td>
                <td data-label="Enquiries">{r.enquiries}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </BarChart>
  );
}

function ResponseTimes({ query }: { query: string }) {
  const q = useQuery({
    queryKey: ['admin', 'insight', 'response-times', query],
    queryFn: () => adminApi(`/insight/response-times?${query}`, { schema: responseTimesResponse }),
  });
  if (q.isPending) return <p>Loading the response times…</p>;
  if (q.isError) return <AdminAlert error={q.error} />;
  const weeks = q.data.weeks;
  const last = weeks.at(-1)!;
  const summary = `In the week of ${last.week}, ${last.answered} of ${last.enquiries} enquiries were answered; half within ${
    last.medianHours === null ? 'not yet' : `${last.medianHours} hours`
  }, nine in ten within ${last.p90Hours === null ? 'not yet' : `${last.p90Hours} hours`}.`;
  return (
    <BarChart
      title="Inbox: first response per week"
      summary={summary}
      legend={['Median hours', '90th percentile hours']}
      bars={weeks.map((w) => ({ label: w.week, value: w.medianHours ?? 0, second: w.p90Hours ?? 0 }))}
    >
      <div className="admin-table-wrap">
        <table className="admin-table insight-table">
          <caption>First response by week of arrival (unanswered count as not yet)</caption>
          <thead>
            <tr>
              <th scope="col">Week starting</th>
              <th scope="col">Enquiries</th>
              <th scope="col">Answered</th>
              <th scope="col">Median hours</th>
              <th scope="col">90th percentile hours</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <th scope="row">{w.week}</th>
                <td data-label="Enquiries">{w.enquiries}</td>
                <td data-label="Answered">{w.answered}</td>
                <td data-label="Median hours">{w.medianHours ?? 'not yet'}</td>
                <td data-label="90th percentile hours">{w.p90Hours ?? 'not yet'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </BarChart>
  );
}

function Rankings({ query }: { query: string }) {
  const partners = useQuery({
    queryKey: ['admin', 'insight', 'partners', query],
    queryFn: () => adminApi(`/insight/partners?${query}`, { schema: partnersRankResponse }),
  });
  const jobs = useQuery({
    queryKey: ['admin', 'insight', 'jobs', query],
    queryFn: () => adminApi(`/insight/jobs?${query}`, { schema: jobsRankResponse }),
  });
  return (
    <>
      <Section title="Partners" csv={<CsvButton path="partners" query={query} />}>
        {partners.isPending ? (
          <p>Loading the partners…</p>
        ) : partners.isError ? (
          <AdminAlert error={partners.error} />
        ) : (
          <BarChart
            title="Partners by requests"
            summary={
              partners.data.rows[0]
                ? `${partners.data.rows[0].partner} sent the most requests (${partners.data.rows[0].requests}, ${partners.data.rows[0].approved} approved).`
                : 'No partner sent a request in the period.'
            }
            legend={['Requests', 'Approved']}
            bars={partners.data.rows.slice(0, 10).map((r) => ({
              label: r.partner,
              value: r.requests,
              second: r.approved,
              href: '/admin/partner-requests',
            }))}
          >
            <div className="admin-table-wrap">
              <table className="admin-table insight-table">
                <caption>Partners ranked by requests</caption>
                <thead>
                  <tr>
                    <th scope="col">Partner</th>
                    <th scope="col">Requests</th>
                    <th scope="col">Approved</th>
                    <th scope="col">Declined</th>
                    <th scope="col">Open</th>
                  </tr>
                </thead>
                <tbody>
                  {partners.data.rows.map((r) => (
                    <tr key={r.partnerId}>
                      <th scope="row">{r.partner}</th>
                      <td data-label="Requests">{r.requests}</td>
                      <td data-label="Approved">{r.approved}</td>
                      <td data-label="Declined">{r.declined}</td>
                      <td data-label="Open">{r.open}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </BarChart>
        )}
      </Section>
      <Section title="Jobs" csv={<CsvButton path="jobs" query={query} />}>
        {jobs.isPending ? (
          <p>Loading the jobs…</p>
        ) : jobs.isError ? (
          <AdminAlert error={jobs.error} />
        ) : (
          <BarChart
            title="Jobs by applicants"
            summary={
              jobs.data.rows[0]
                ? `${jobs.data.rows[0].job} drew the most applicants (${jobs.data.rows[0].applicants}, ${jobs.data.rows[0].hires} hired).`
                : 'No job had an applicant in the period.'
            }
            legend={['Applicants', 'Hires']}
            bars={jobs.data.rows.slice(0, 10).map((r) => ({
              label: r.job,
              value: r.applicants,
              second: r.hires,
              href: '/admin/job-applications',
            }))}
          >
            <div className="admin-table-wrap">
              <table className="admin-table insight-table">
                <caption>Jobs ranked by applicants</caption>
                <thead>
                  <tr>
                    <th scope="col">Job</th>
                    <th scope="col">Company</th>
                    <th scope="col">Applicants</th>
                    <th scope="col">Hires</th>
                  </tr>
                </thead>
                <tbody>
                  {jobs.data.rows.map((r) => (
                    <tr key={r.jobId}>
                      <th scope="row">{r.job}</th>
                      <td data-label="Company">{r.company}</td>
                      <td data-label="Applicants">{r.applicants}</td>
                      <td data-label="Hires">{r.hires}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </BarChart>
        )}
      </Section>
    </>
  );
}

/** The insight screen: the filter form, then each figure with its chart, summary, table and CSV. */
export default function Insight({ me }: { me: StaffProfile }) {
  const [filters, setFilters] = useState(() => filtersFromAddress(location.search));
  const [draft, setDraft] = useState(filters);
  // Back and Forward move between filter sets, as between pages.
  useEffect(() => {
    const onPop = () => {
      const next = filtersFromAddress(location.search);
      setFilters(next);
      setDraft(next);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  const query = queryOf(filters);
  const admin = me.role === 'admin';
  const field = (name: 'country' | 'department' | 'source', label: string, hint: string) => (
    <TextField
      look={adminLook}
      id={`insight-${name}`}
      label={label}
      hint={hint}
      value={draft[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
    />
  );
  return (
    <div className="insight">
      <h1>Insight</h1>
      <p className="insight-intro">
        Every figure counts what the history of stage changes holds, with days cut at midnight in the
        company's time zone. The <strong>cohort</strong> follows those who entered in the period; the{' '}
        <strong>activity</strong> counts the moves made in it, whoever made them.
        {!admin && ' As an editor you see where visits came from; figures about people are for admins.'}
      </p>
      <form
        className="admin-filters insight-filters"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.from > draft.to) return;
          setFilters(draft);
          history.pushState(null, '', `${location.pathname}?${queryOf(draft)}`);
        }}
      >
        <TextField
          look={adminLook}
          id="insight-from"
          label="From"
          type="date"
          required
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextField
          look={adminLook}
          id="insight-to"
          label="To"
          type="date"
          required
          value={draft.to}
          min={draft.from}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        {admin && (
          <SelectField
            look={adminLook}
            id="insight-kind"
            label="Funnel"
            value={draft.kind}
            options={[
              { value: 'students', label: 'Students' },
              { value: 'jobs', label: 'Jobs' },
              { value: 'partners', label: 'Partners' },
            ]}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value as InsightKind })}
          />
        )}
        {admin && field('country', 'Country', 'Id, e.g. united-kingdom')}
        {admin && field('department', 'Department', 'Id, or a job category')}
        {field('source', 'Source', 'utm_source, or direct')}
        <button type="submit" className="admin-button">
          Show
        </button>
      </form>
      {draft.from > draft.to && (
        <p role="alert" className="admin-error">
          The period must end on or after its start.
        </p>
      )}
      {admin && (
        <>
          <Section title="Funnel" csv={<CsvButton path="funnel" query={query} />}>
            <Funnel query={query} kind={filters.kind} />
          </Section>
          <Section title="Trends" csv={<CsvButton path="trends" query={query} />}>
            <Trends query={query} />
          </Section>
        </>
      )}
      <Section title="Sources" csv={<CsvButton path="sources" query={query} />}>
        <Sources query={query} />
      </Section>
      {admin && (
        <>
          <Section title="Inbox response" csv={<CsvButton path="response-times" query={query} />}>
            <ResponseTimes query={query} />
          </Section>
          <Rankings query={query} />
        </>
      )}
    </div>
  );
}
