import { useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CompareProgram } from '#schemas/programs.ts';
import { COMPARE_MAX, COMPARE_MIN } from '#schemas/finder-limits.ts';
import { commaList } from '#schemas/finder-terms.ts';
import { estimateTotalCost, formatDay } from '#schemas/total-cost.ts';
import { formatWhole, rateTableFrom } from '#schemas/money.ts';
import { api, schemaFrom, notInProduction } from '#site/lib/api.ts';
import { cleanList, tuitionIn } from '#site/lib/format.ts';
import { useDisplayCurrency, withCurrency } from '#site/lib/display-currency.ts';
import { withQuery } from '../common/with-query.tsx';
import { CostNote, CurrencyPicker, usePreferredCurrency } from './cost-view.tsx';
// Its own rules, since styles travel with what renders them: whichever page renders it has them.
import '../../styles/finder.css';
import '../../styles/compare.css';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const programsContract = () => (import.meta.env.DEV ? import('#schemas/programs.ts') : notInProduction());

/** The ids in /compare?ids=a,b,c: distinct, in order. */
const idsFromUrl = () => commaList(new URLSearchParams(location.search).get('ids') ?? '');

interface Row {
  key: string;
  label: string;
  /** What is compared (plain text): rows whose values differ are marked. */
  value: (p: CompareProgram) => string;
  render?: (p: CompareProgram) => ReactNode;
  /** Links and actions are never "different". */
  compare?: false;
}

const list = (items: string[]) =>
  items.length ? (
    <ul>
      {items.map((i) => (
        <li key={i}>{i}</li>
      ))}
    </ul>
  ) : (
    <span className="muted">None listed</span>
  );
/**
 * Text with every figure in it ("NGN 86,842,996", "£28,750") kept on one line: a column narrower
 * than a number wraps the words around it, never the digits.
 */
const whole = (text: string): ReactNode =>
  text.split(/( +)/).map((part, i) =>
    /\d/.test(part) ? (
      <span key={i} className="compare__amount">
        {part}
      </span>
    ) : (
      part
    ),
  );

const intakes = (p: CompareProgram) => [
  ...(p.intake ? [`${p.intake} (Open)`] : []),
  ...p.futureIntakes.map((f) => `${f} (Upcoming)`),
];

/**
 * /compare?ids=a,b,c: 2 to 4 programs side by side, rows whose values differ marked
 * in words as well as colour, the estimated total cost in the student's currency, a link to apply.
 * The URL is the comparison: share it, or print the page (A4, print stylesheet).
 */
function CompareTable() {
  const [ids, setIds] = useState<string[] | null>(null);
  const [onlyDiffering, setOnlyDiffering] = useState(false);
  useEffect(() => {
    const read = () => setIds(idsFromUrl());
    read();
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);
  const countOk = ids !== null && ids.length >= COMPARE_MIN && ids.length <= COMPARE_MAX;
  const query = useQuery({
    queryKey: ['compare', ids?.join(',')],
    queryFn: () =>
      api(`/api/programs/compare?ids=${ids!.map(encodeURIComponent).join(',')}`, {
        schema: schemaFrom(programsContract, 'compareResponse'),
      }),
    enabled: countOk,
    retry: false,
  });
  const [currency, setCurrency] = usePreferredCurrency(query.data?.items[0]?.currency ?? 'GBP');
  const chosen = useDisplayCurrency();
  const rateTable = useMemo(() => rateTableFrom(query.data?.rates ?? {}), [query.data?.rates]);

  const remove = (id: string) => {
    const next = (ids ?? []).filter((x) => x !== id);
    history.pushState(null, '', `/compare?ids=${next.map(encodeURIComponent).join(',')}`);
    setIds(next);
  };

  if (ids === null) return <div className="spinner" role="status" aria-label="Loading the comparison" />;
  if (!countOk) {
    return (
      <Message
        title={
          ids.length > COMPARE_MAX
            ? `You can compare up to ${COMPARE_MAX} programs at a time`
            : 'Choose programs to compare'
        }
      >
        {ids.length > COMPARE_MAX
          ? `This link names ${ids.length} programs. Remove some, or choose again in the course finder.`
          : `Pick ${COMPARE_MIN} to ${COMPARE_MAX} programs with “Compare” in the course finder${ids.length === 1 ? ' (this link names only one)' : ''}.`}
      </Message>
    );
  }
  if (query.isPending) return <div className="spinner" role="status" aria-label="Loading the comparison" />;
  if (query.isError) return <Message title="This comparison cannot be shown">{query.error.message}</Message>;

  const { items, rates } = query.data;
  const estimates = items.map((p) => estimateTotalCost(p.costs, currency, rates));
  const money = (n: bigint) => whole(formatWhole(n, currency));
  // In the currency the table shows, with the program's own price beside a converted one.
  const tuition = (p: CompareProgram) => {
    const { shown, own } = tuitionIn(p.basePrice, p.currency, currency, rateTable);
    return own ? `${shown} (${own})` : shown;
  };
  const rows: Row[] = [
    {
      key: 'university',
      label: 'University and location',
      value: (p) => `${p.university}, ${p.universityLocation}`,
    },
    { key: 'degree', label: 'Degree and duration', value: (p) => `${p.degree} · ${p.duration}` },
    {
      key: 'intakes',
      label: 'Intakes',
      value: (p) => intakes(p).join('; '),
      render: (p) => list(intakes(p)),
    },
    {
      key: 'tuition',
      label: 'Tuition',
      value: (p) => tuitionIn(p.basePrice, p.currency, currency, rateTable).shown,
      render: (p) => (
        <>
          {whole(tuition(p))}
          <span className="total-cost__basis">
            {p.feesVerifiedOn ? `Fees verified on ${formatDay(p.feesVerifiedOn)}` : 'Fees not yet verified'}
          </span>
        </>
      ),
    },
    {
      key: 'total',
      label: 'Estimated total cost',
      value: (p) => {
        const e = estimates[items.indexOf(p)]!;
        return e.ok ? formatWhole(e.wholeProgram, currency) : e.reason;
      },
      render: (p) => {
        const e = estimates[items.indexOf(p)]!;
        if (!e.ok) return e.reason;
        return (
          <div className="compare__cost" data-testid="compare-cost">
            <strong>{money(e.wholeProgram)}</strong> for the whole program ({e.months} months)
            <span className="total-cost__basis">{money(e.perYear)} per year</span>
            <ul className="compare__parts">
              {e.lines.map((l) => (
                <li key={l.key}>
                  {l.label}: {money(l.wholeProgram)}
                </li>
              ))}
            </ul>
          </div>
        );
      },
    },
    {
      key: 'entry',
      label: 'Entry requirements',
      value: (p) => cleanList(p.entryRequirements.academicRequirements).join('; '),
      render: (p) => list(cleanList(p.entryRequirements.academicRequirements)),
    },
    {
      key: 'english',
      label: 'English requirements',
      value: (p) => cleanList(p.entryRequirements.englishLanguageRequirements).join('; '),
      render: (p) => list(cleanList(p.entryRequirements.englishLanguageRequirements)),
    },
    {
      key: 'apply',
      label: 'Apply',
      compare: false,
      value: () => '',
      render: (p) => (
        <a className="btn btn--primary btn--small" href={withCurrency(`/subject/${p._id}`, chosen)}>
          Apply<span className="visually-hidden"> to {p.name}</span>
        </a>
      ),
    },
  ];
  const differs = (r: Row) => r.compare !== false && new Set(items.map(r.value)).size > 1;
  const shown = rows.filter((r) => !onlyDiffering || r.compare === false || differs(r));

  return (
    <div className="compare">
      <div className="compare__tools no-print">
        <CurrencyPicker id="compare-currency" value={currency} onChange={setCurrency} />
        <label className="finder__compare">
          <input
            type="checkbox"
            checked={onlyDiffering}
            onChange={(e) => setOnlyDiffering(e.target.checked)}
          />{' '}
          Show only rows that differ
        </label>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => print()}>
          Print
        </button>
        <a className="btn btn--ghost btn--small" href={withCurrency('/courses', chosen)}>
          Back to the course finder
        </a>
      </div>
      <p className="compare__legend">
        <span className="compare__mark">Differs</span> marks the rows where the programs are not the same.
      </p>
      <p className="compare__hint" id="compare-hint">
        Swipe the table sideways to see every program.
      </p>
      {/* On a phone the table is wider than the screen: this box scrolls, not the page;
          focusable, so a keyboard scrolls it too. */}
      <div
        className="compare__scroll"
        tabIndex={0}
        role="region"
        aria-label="Programs side by side"
        aria-describedby="compare-hint"
      >
        <table
          className="compare__table"
          data-testid="compare-table"
          // Each program a column of at least its share (compare.css): amounts fit whole.
          style={{ '--programs': items.length } as CSSProperties}
        >
          <caption className="visually-hidden">{items.length} programs compared</caption>
          <thead>
            <tr>
              <td className="compare__corner" />
              {items.map((p) => (
                <th key={p._id} scope="col">
                  <a href={withCurrency(`/subject/${p._id}`, chosen)}>{p.name}</a>
                  <button type="button" className="compare__remove no-print" onClick={() => remove(p._id)}>
                    Remove<span className="visually-hidden"> {p.name}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => {
              const d = differs(r);
              return (
                <tr
                  key={r.key}
                  data-row={r.key}
                  data-differs={d || undefined}
                  className={d ? 'compare__differs' : undefined}
                >
                  <th scope="row">
                    {r.label}
                    {d && (
                      <>
                        {' '}
                        <span className="compare__mark">Differs</span>
                      </>
                    )}
                  </th>
                  {items.map((p) => (
                    <td key={p._id}>{r.render ? r.render(p) : r.value(p)}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {estimates[0] && (
        <CostNote many estimate={estimates.find((e) => e.ok && e.conversion) ?? estimates[0]} />
      )}
    </div>
  );
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="empty-state" role="alert">
      <h2>{title}</h2>
      <p>{children}</p>
      <a className="btn btn--primary" href="/courses">
        Go to the course finder
      </a>
    </div>
  );
}

export default withQuery(CompareTable);
