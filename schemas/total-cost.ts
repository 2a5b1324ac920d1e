// "Estimated total cost" of a program: tuition + living costs + visa + health
// charges, per year and for the whole program, in the currency the student picks. One pure module
// used by the subject page, the compare page and their tests; every figure keeps its own date.
import {
  convert,
  formatMinor as money,
  fraction,
  isCurrency,
  minorPerMajor,
  rateTableFrom,
  roundParts,
  times,
  type CurrencyCode,
  type Fraction,
} from './money.ts';
// Types only: the shapes are defined once, as zod schemas, in schemas/programs.ts.
import type { CostInputs, RatesTable } from './programs.ts';

export type { CostInputs, RatesTable };

export type CostKey = 'tuition' | 'living' | 'visa' | 'health';

export interface CostLine {
  key: CostKey;
  label: string;
  /** Whole units of the chosen currency for a year of study; null for one-off charges. */
  perYear: bigint | null;
  wholeProgram: bigint;
  /** How the figure is made up, e.g. "£1,136 a month × 12 months in Leeds". Built by the caller's formatter. */
  basis: string;
  source: string | null;
  /** The figure's own date, e.g. "fees verified on 2026-10-01". */
  dated: string;
}

export type Estimate =
  | {
      ok: true;
      currency: CurrencyCode;
      months: number;
      monthsAssumed: boolean;
      lines: CostLine[];
      perYear: bigint;
      wholeProgram: bigint;
      /** Set when any figure was converted: the oldest date of the rates used, and their sources. */
      conversion: { asOf: string; sources: string[] } | null;
      /** Parts we have no figure for (named in the note). */
      missing: CostKey[];
    }
  | { ok: false; currency: CurrencyCode; reason: string };

/** Health charge for a stay of `months` months of permission: whole years, then a half or a whole year. */
export function healthChargeYears(
  courseMonths: number,
  extraMonthsLong: number,
  extraMonthsShort: number,
): Fraction {
  const months = courseMonths + (courseMonths >= 12 ? extraMonthsLong : extraMonthsShort);
  const whole = BigInt(Math.floor(months / 12));
  const rest = months % 12;
  // Years as a fraction with denominator 2: part years of 6 months or less count half.
  return fraction(whole * 2n + (rest === 0 ? 0n : rest <= 6 ? 1n : 2n), 2n);
}

const LABELS: Record<CostKey, string> = {
  tuition: 'Tuition',
  living: 'Living costs',
  visa: 'Student visa',
  health: 'Health charge',
};

/** What the estimate never includes, in plain words (shown under every breakdown). */
export const LEAVES_OUT =
  'This is an estimate, not a quote. It leaves out flights, accommodation deposits, health insurance you buy yourself, application and enrolment deposits, course materials, costs for family members, and changes in exchange rates after the date shown. Living costs are the published figure for one student; your own spending may be higher or lower. Scholarships and part-time work are not deducted.';

/**
 * The estimate in `target`. Every part is converted exactly (fractions of minor units) and rounded
 * once, to whole units, with the parts of each column adding up to its total.
 */
export function estimateTotalCost(
  inputs: CostInputs,
  target: CurrencyCode,
  ratesTable: RatesTable,
): Estimate {
  const rates = rateTableFrom(ratesTable);
  const months = inputs.months ?? 12;
  // The rates a conversion used: the estimate names their date and source.
  const used = new Set<string>();
  const inTarget = (minor: Fraction, currency: string): Fraction | undefined => {
    if (!isCurrency(currency)) return undefined;
    if (currency !== target) used.add(currency).add(target);
    const exact = convert(minor, currency, target, rates);
    // In whole units of the target: what is shown, and what the one rounding rounds to.
    return exact && times(exact, 1n, minorPerMajor(target));
  };

  interface Part {
    key: CostKey;
    perYear: Fraction | null;
    whole: Fraction;
    currency: string;
    basis: string;
    source: string | null;
    dated: string;
  }
  const parts: Part[] = [];
  const missing: CostKey[] = [];
  const { tuition, living, visa, health } = inputs;

  if (tuition) {
    const annual = fraction(BigInt(tuition.annualMinor));
    // A program shorter than a year is charged its full year's fee; longer ones pro rata.
    parts.push({
      key: 'tuition',
      perYear: annual,
      whole: times(annual, BigInt(Math.max(months, 12)), 12n),
      currency: tuition.currency,
      basis: `${money(tuition.annualMinor, tuition.currency)} a year${months > 12 ? ` × ${formatYears(months)}` : ''}`,
      source: "The university's published fee",
      dated: tuition.verifiedOn
        ? `fees verified on ${formatDay(tuition.verifiedOn)}`
        : 'fees not yet verified',
    });
  } else missing.push('tuition');

  if (living) {
    const monthly = fraction(BigInt(living.monthlyMinor));
    parts.push({
      key: 'living',
      perYear: times(monthly, 12n),
      whole: times(monthly, BigInt(months)),
      currency: living.currency,
      basis: `${money(living.monthlyMinor, living.currency)} a month in ${living.place} × ${months} months`,
      source: living.source,
      dated: `verified on ${formatDay(living.verifiedOn)}`,
    });
  } else missing.push('living');

  if (visa) {
    parts.push({
      key: 'visa',
      perYear: null,
      whole: fraction(BigInt(visa.feeMinor)),
      currency: visa.currency,
      basis: `${money(visa.feeMinor, visa.currency)}, paid once`,
      source: visa.source,
      dated: `verified on ${formatDay(visa.verifiedOn)}`,
    });
  } else missing.push('visa');

  if (health) {
    const annual = fraction(BigInt(health.annualMinor));
    const years = healthChargeYears(months, health.extraMonthsLong, health.extraMonthsShort);
    parts.push({
      key: 'health',
      perYear: annual,
      whole: times(annual, years.num, years.den),
      currency: health.currency,
      basis: `${money(health.annualMinor, health.currency)} a year × ${formatYearsFraction(years)} (the course and the months the visa runs on after it)`,
      source: health.source,
      dated: `verified on ${formatDay(health.verifiedOn)}`,
    });
  }

  const inCurrency: { perYear: Fraction | null; whole: Fraction }[] = [];
  for (const p of parts) {
    const whole = inTarget(p.whole, p.currency);
    const perYear = p.perYear ? inTarget(p.perYear, p.currency) : null;
    if (!whole || perYear === undefined) {
      return {
        ok: false,
        currency: target,
        reason: `We have no exchange rate between ${p.currency} and ${target} yet.`,
      };
    }
    inCurrency.push({ perYear, whole });
  }
  const yearly = roundParts(inCurrency.flatMap((c) => (c.perYear ? [c.perYear] : [])));
  const whole = roundParts(inCurrency.map((c) => c.whole));
  let y = 0;
  const lines: CostLine[] = parts.map((p, i) => ({
    key: p.key,
    label: p.key === 'visa' && visa ? visa.name : p.key === 'health' && health ? health.name : LABELS[p.key],
    perYear: inCurrency[i]!.perYear ? yearly.parts[y++]! : null,
    wholeProgram: whole.parts[i]!,
    basis: p.basis,
    source: p.source,
    dated: p.dated,
  }));
  return {
    ok: true,
    currency: target,
    months,
    monthsAssumed: inputs.months === null,
    lines,
    perYear: yearly.total,
    wholeProgram: whole.total,
    conversion: used.size ? conversionInfo([...used].map((c) => ratesTable[c]!)) : null,
    missing,
  };
}

/** "2025-01-02" → "2 January 2025" (the same on the build machine and in every browser). */
export function formatDay(iso: string) {
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const conversionInfo = (rows: RatesTable[string][]) => ({
  asOf: rows.map((r) => r.asOf).sort()[0]!,
  sources: [...new Set(rows.map((r) => r.source))],
});

const formatYears = (months: number) =>
  months % 12 === 0 ? `${months / 12} years` : `${(months / 12).toFixed(2).replace(/0$/, '')} years`;
const formatYearsFraction = (f: Fraction) => {
  const halves = Number((f.num * 2n) / f.den);
  return `${halves % 2 === 0 ? halves / 2 : (halves / 2).toFixed(1)} ${halves === 2 ? 'year' : 'years'}`;
};
