// The program finder's vocabulary: its URL parameters, sorts, duration bands, limits and
// labels, in one place for the Worker (schemas/programs.ts validates with them), the build and the
// islands. No zod here: islands import this module and must not pull a validator into the page.
import { isCurrency, type CurrencyCode } from './money.ts';

export * from './finder-limits.ts';
import { FINDER_COUNTRIES_MAX, PROGRAMS_MAX_PAGE } from './finder-limits.ts';

export const programSorts = ['relevance', 'fee', 'name', 'intake'] as const;
export type ProgramSort = (typeof programSorts)[number];
export const sortLabels: Record<ProgramSort, string> = {
  relevance: 'Best match',
  fee: 'Tuition: lowest first',
  name: 'Name: A to Z',
  intake: 'Next intake first',
};

/** Duration bands, in months of study (from the program's duration, e.g. "1.5 Years" = 18). */
export const durationBands = {
  'up-to-1-year': { label: 'Up to 1 year', min: 0, max: 12 },
  '1-to-2-years': { label: 'Over 1 year, up to 2', min: 13, max: 24 },
  'over-2-years': { label: 'Over 2 years', min: 25, max: 1200 },
} as const;
export type DurationBand = keyof typeof durationBands;
export const durationBandNames = Object.keys(durationBands) as [DurationBand, ...DurationBand[]];

export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The finder's filters as they travel in a URL (every one optional but sort and page). */
export interface ProgramFilters {
  q?: string | undefined;
  /** One country id or several. */
  country?: string[] | undefined;
  level?: string | undefined;
  department?: string | undefined;
  /** Month 1–12 in which an intake starts. */
  intake?: number | undefined;
  /** Whole units of `currency`. */
  minFee?: number | undefined;
  maxFee?: number | undefined;
  /** The currency of the fee bounds, and the one every price is shown in. */
  currency?: CurrencyCode | undefined;
  duration?: DurationBand | undefined;
  sort: ProgramSort;
  page: number;
}

export const defaultFilters: ProgramFilters = { sort: 'relevance', page: 1 };

/** The distinct ids of a comma-separated list ("a, b,,a" → a, b), in order: `country=` and `ids=`. */
export const commaList = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  ),
];

/** The parameters in the order a URL shows them. */
const order = [
  'q',
  'country',
  'level',
  'department',
  'intake',
  'minFee',
  'maxFee',
  'currency',
  'duration',
  'sort',
  'page',
] as const;

/** A URL's query string as the finder's filters. Lenient (the page ignores what it can't read); the API is strict. */
export function filtersFromSearch(search: string | URLSearchParams): ProgramFilters {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  const text = (k: string) => p.get(k)?.trim() || undefined;
  const whole = (k: string, min: number, max: number) => {
    const v = text(k);
    const n = v !== undefined && /^\d+$/.test(v) ? Number(v) : NaN;
    return n >= min && n <= max ? n : undefined;
  };
  const sort = text('sort');
  const currency = text('currency')?.toUpperCase();
  const duration = text('duration');
  const countries = commaList(text('country') ?? '').slice(0, FINDER_COUNTRIES_MAX);
  return {
    q: text('q'),
    country: countries.length ? countries : undefined,
    level: text('level'),
    department: text('department'),
    intake: whole('intake', 1, 12),
    minFee: whole('minFee', 0, 10_000_000_000),
    maxFee: whole('maxFee', 0, 10_000_000_000),
    currency: currency && isCurrency(currency) ? currency : undefined,
    duration: duration && duration in durationBands ? (duration as DurationBand) : undefined,
    sort: (programSorts as readonly string[]).includes(sort ?? '') ? (sort as ProgramSort) : 'relevance',
    page: whole('page', 1, PROGRAMS_MAX_PAGE) ?? 1,
  };
}

/** The filters as a canonical query string ('' for none): defaults left out, one order, so equal filters give equal URLs. */
export function filtersToSearch(f: ProgramFilters): string {
  const p = new URLSearchParams();
  for (const key of order) {
    const v = f[key];
    if (v === undefined || v === '') continue;
    if (key === 'sort' && v === 'relevance') continue;
    if (key === 'page' && v === 1) continue;
    if (Array.isArray(v)) {
      if (v.length) p.set(key, v.join(','));
      continue;
    }
    p.set(key, String(v));
  }
  // Commas between country ids read better unescaped, and mean the same to every server.
  const s = p.toString().replaceAll('%2C', ',');
  return s ? `?${s}` : '';
}

/**
 * The query string of the API call for these filters: the currency only beside a fee bound (alone,
 * it changes how prices are shown, not which programs match, so it needs no new request).
 */
export const apiSearch = (f: ProgramFilters) =>
  filtersToSearch(f.minFee === undefined && f.maxFee === undefined ? { ...f, currency: undefined } : f);

/** Whether any filter (not the sort or page) is set: Reset Filters shows only then (spec 1 section 2.8). */
export const hasActiveFilters = (f: ProgramFilters) =>
  [f.q, f.country?.join(','), f.level, f.department, f.intake, f.minFee, f.maxFee, f.duration].some(
    (v) => v !== undefined && v !== '',
  );
