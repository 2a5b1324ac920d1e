import { useId, type ReactNode } from 'react';

// The insight screen's charts, drawn as plain SVG (no chart library: two chart shapes do not need
// one, and none weighs nothing). Each chart is a figure whose caption is its text summary; the SVG is
// an image named by that summary (screen readers read the figure's table, not the drawing); the
// figure's visible table beside it holds every number. Colour is never the only cue: every bar
// carries its value as text, a second series is hatched and named in the legend. A bar that drills
// down opens its list on a click; its row in the table links to the same list for the keyboard.

export interface Bar {
  label: string;
  value: number;
  /** A second figure drawn beside the first (hatched), e.g. the activity beside the cohort. */
  second?: number | undefined;
  /** Where a click on the bar goes: the filtered back-office list (the table links there too). */
  href?: string | undefined;
}

const fmt = (n: number) => n.toLocaleString('en-GB');

/** A horizontal bar chart: one row per label, bars scaled to the largest value. */
export function BarChart({
  title,
  summary,
  bars,
  legend,
  children,
}: {
  title: string;
  summary: string;
  bars: Bar[];
  /** Names of the first and (if drawn) second series. */
  legend: [string, string?];
  /** The visible table of the same figures. */
  children: ReactNode;
}) {
  const id = useId();
  const max = Math.max(1, ...bars.flatMap((b) => [b.value, b.second ?? 0]));
  const hasSecond = bars.some((b) => b.second !== undefined);
  const row = hasSecond ? 40 : 26;
  const height = bars.length * row + 8;
  // The label column and the bar area share a 100-unit-wide view box; text scales with the figure.
  return (
    <figure className="insight-figure" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <figcaption className="insight-summary">{summary}</figcaption>
      <ul className="insight-legend" aria-hidden="true">
        <li>
          <span className="insight-key insight-key--solid" /> {legend[0]}
        </li>
        {hasSecond && legend[1] && (
          <li>
            <span className="insight-key insight-key--hatched" /> {legend[1]}
          </li>
        )}
      </ul>
      <svg
        className="insight-chart"
        viewBox={`0 0 640 ${height}`}
        role="img"
        aria-label={`${title}: ${summary}`}
        preserveAspectRatio="xMinYMin meet"
      >
        <defs>
          <pattern
            id={`${id}-hatch`}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" fill="#ffffff" />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#0a5c8a" strokeWidth="3" />
          </pattern>
        </defs>
        {bars.map((b, i) => {
          const y = i * row + 4;
          const w = (v: number) => Math.max(1, (v / max) * 360);
          const shape = (
            <g>
              <text x="0" y={y + 15} className="insight-chart__label">
                {b.label.length > 26 ? `${b.label.slice(0, 25)}…` : b.label}
              </text>
              <rect x="200" y={y + 3} width={w(b.value)} height="16" rx="2" className="insight-chart__bar" />
              <text x={206 + w(b.value)} y={y + 16} className="insight-chart__value">
                {fmt(b.value)}
              </text>
              {b.second !== undefined && (
                <>
                  <rect
                    x="200"
                    y={y + 21}
                    width={w(b.second)}
                    height="14"
                    rx="2"
                    fill={`url(#${id}-hatch)`}
                    stroke="#0a5c8a"
                  />
                  <text x={206 + w(b.second)} y={y + 33} className="insight-chart__value">
                    {fmt(b.second)}
                  </text>
                </>
              )}
            </g>
          );
          // A bar that drills down opens its list on a click; the keyboard reaches the same list from
          // the figure's table (links inside an image would be hidden from screen readers).
          const href = b.href;
          return (
            <g
              key={b.label}
              className={href ? 'insight-chart__link' : undefined}
              onClick={href ? () => location.assign(href) : undefined}
            >
              {shape}
            </g>
          );
        })}
      </svg>
      {children}
    </figure>
  );
}

/** Weekly columns for this period, with the same weeks a year before drawn as an outlined step line. */
export function WeekChart({
  title,
  summary,
  weeks,
  values,
  before,
  children,
}: {
  title: string;
  summary: string;
  weeks: string[];
  values: number[];
  before: number[] | null;
  children: ReactNode;
}) {
  const id = useId();
  const max = Math.max(1, ...values, ...(before ?? []));
  const colW = 600 / Math.max(1, weeks.length);
  const h = 140;
  const y = (v: number) => 10 + h - (v / max) * h;
  return (
    <figure className="insight-figure" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <figcaption className="insight-summary">{summary}</figcaption>
      <ul className="insight-legend" aria-hidden="true">
        <li>
          <span className="insight-key insight-key--solid" /> These weeks
        </li>
        {before && (
          <li>
            <span className="insight-key insight-key--dashed" /> A year before
          </li>
        )}
      </ul>
      <svg
        className="insight-chart"
        viewBox={`0 0 640 ${h + 40}`}
        role="img"
        aria-label={`${title}: ${summary}`}
      >
        <line x1="20" x2="620" y1={10 + h} y2={10 + h} stroke="#4a5a70" />
        {values.map((v, i) => (
          <g key={weeks[i]}>
            <rect
              x={20 + i * colW + 4}
              y={y(v)}
              width={colW - 8}
              height={Math.max(0, 10 + h - y(v))}
              rx="2"
              className="insight-chart__bar"
            />
            <text
              x={20 + i * colW + colW / 2}
              y={y(v) - 3}
              textAnchor="middle"
              className="insight-chart__value"
            >
              {fmt(v)}
            </text>
            {i % 2 === 0 && (
              <text
                x={20 + i * colW + colW / 2}
                y={h + 32}
                textAnchor="middle"
                className="insight-chart__label"
              >
                {weeks[i]!.slice(5)}
              </text>
            )}
          </g>
        ))}
        {before && (
          <polyline
            fill="none"
            stroke="#b42318"
            strokeWidth="2"
            strokeDasharray="6 4"
            points={before
              .map((v, i) => `${20 + i * colW + 2},${y(v)} ${20 + (i + 1) * colW - 2},${y(v)}`)
              .join(' ')}
          />
        )}
      </svg>
      {children}
    </figure>
  );
}
