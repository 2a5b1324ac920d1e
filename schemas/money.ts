// Money shared by the Worker (fee filters), the build and the islands (estimated total cost).
// Amounts are integers in minor units (pence, cents); conversions are exact fractions of BigInts,
// rounded once, where a figure is shown. Pure and framework-free (no zod: islands import it).

/**
 * Currencies a student can see prices in: the ones students ask for (GBP, USD, EUR, CAD, AUD, NGN,
 * BDT, INR, PKR) and those of every seeded country. `exponent` is ISO 4217's minor-unit exponent
 * (JPY has no minor unit).
 */
export const CURRENCIES = {
  GBP: { exponent: 2, name: 'British pound' },
  USD: { exponent: 2, name: 'US dollar' },
  EUR: { exponent: 2, name: 'Euro' },
  CAD: { exponent: 2, name: 'Canadian dollar' },
  AUD: { exponent: 2, name: 'Australian dollar' },
  NGN: { exponent: 2, name: 'Nigerian naira' },
  BDT: { exponent: 2, name: 'Bangladeshi taka' },
  INR: { exponent: 2, name: 'Indian rupee' },
  PKR: { exponent: 2, name: 'Pakistani rupee' },
  NZD: { exponent: 2, name: 'New Zealand dollar' },
  SEK: { exponent: 2, name: 'Swedish krona' },
  MYR: { exponent: 2, name: 'Malaysian ringgit' },
  JPY: { exponent: 0, name: 'Japanese yen' },
} as const;

export type CurrencyCode = keyof typeof CURRENCIES;
export const currencyCodes = Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]];
export const isCurrency = (code: string): code is CurrencyCode => Object.hasOwn(CURRENCIES, code);
/** How a currency reads in a list: "NGN — Nigerian naira". */
export const currencyLabel = (code: CurrencyCode) => `${code} — ${CURRENCIES[code].name}`;

/** 10^exponent of a currency: how many minor units make one major unit. */
export const minorPerMajor = (code: CurrencyCode) => 10n ** BigInt(CURRENCIES[code].exponent);

/** A rate as staff type it: units of the currency per one US dollar, up to 6 decimals ("0.7412"). */
export const RATE_PATTERN = /^(?:0|[1-9]\d{0,8})(?:\.\d{1,6})?$/;

/** "0.7412" → 741200n: the rate in millionths, so conversions stay exact integer fractions. */
export function rateMicros(rate: string): bigint {
  if (!RATE_PATTERN.test(rate)) throw new Error(`Not a rate: ${rate}`);
  const [whole, frac = ''] = rate.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
}

/** A non-negative exact amount: num / den. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

export const fraction = (num: bigint, den = 1n): Fraction => ({ num, den });
export const add = (a: Fraction, b: Fraction): Fraction => ({
  num: a.num * b.den + b.num * a.den,
  den: a.den * b.den,
});
export const times = (a: Fraction, num: bigint, den = 1n): Fraction => ({
  num: a.num * num,
  den: a.den * den,
});

/** Rates by currency code, in millionths of a unit per US dollar. */
export type RateTable = Partial<Record<string, bigint>>;

/**
 * An amount in `from`'s minor units expressed, exactly, in `to`'s minor units; undefined when a
 * rate is missing. minor_to = minor_from × rate_to × 10^e_to / (rate_from × 10^e_from).
 */
export function convert(
  amount: Fraction,
  from: CurrencyCode,
  to: CurrencyCode,
  rates: RateTable,
): Fraction | undefined {
  if (from === to) return amount;
  const rateFrom = rates[from];
  const rateTo = rates[to];
  if (!rateFrom || !rateTo) return undefined;
  return times(amount, rateTo * minorPerMajor(to), rateFrom * minorPerMajor(from));
}

/** Rates as they travel (units per US dollar, decimal strings) as exact millionths; an unreadable rate is left out. */
export function rateTableFrom(rates: Record<string, { unitsPerUsd: string }>): RateTable {
  const out: RateTable = {};
  for (const [code, rate] of Object.entries(rates)) {
    try {
      out[code] = rateMicros(rate.unitsPerUsd);
    } catch {
      // A missing rate: prices stay in their own currency.
    }
  }
  return out;
}

/** Of a rates table, only what a conversion needs (for props: the source and date stay out of the page). */
export const conversionRates = (rates: Record<string, { unitsPerUsd: string }>) =>
  Object.fromEntries(Object.entries(rates).map(([code, r]) => [code, { unitsPerUsd: r.unitsPerUsd }]));

/**
 * Whole units of one currency in whole units of another, rounded once (half up); undefined for a
 * currency we do not know or a missing rate. For a price shown in the person's currency (tuition).
 */
export function convertWhole(amount: number, from: string, to: CurrencyCode, rates: RateTable) {
  if (!isCurrency(from) || !Number.isFinite(amount) || amount < 0) return undefined;
  const exact = convert(fraction(majorToMinor(amount, from)), from, to, rates);
  return exact && toWholeMajor(exact, to);
}

/** floor(a) for a non-negative fraction. */
const floor = (a: Fraction) => a.num / a.den;

/** Rounded half up to a whole number (amounts are never negative). */
export const roundHalfUp = (a: Fraction) => (2n * a.num + a.den) / (2n * a.den);

/** A minor-unit amount as whole major units: the one rounding, at display. */
export const toWholeMajor = (minor: Fraction, currency: CurrencyCode) =>
  roundHalfUp(times(minor, 1n, minorPerMajor(currency)));

/**
 * Rounds several exact amounts to whole units so that they add up to the rounded total (largest
 * remainder): each part moves by less than one unit, and a breakdown never disagrees with its sum.
 */
export function roundParts(parts: Fraction[]): { parts: bigint[]; total: bigint } {
  if (parts.length === 0) return { parts: [], total: 0n };
  const total = roundHalfUp(parts.reduce(add));
  const floors = parts.map(floor);
  let short = total - floors.reduce((s, n) => s + n, 0n);
  // Remainders r = p - floor(p), compared as fractions; ties go to the earlier part.
  const order = parts
    .map((p, i) => ({ i, rem: { num: p.num - floors[i]! * p.den, den: p.den } }))
    .sort((a, b) => {
      const d = b.rem.num * a.rem.den - a.rem.num * b.rem.den;
      return d > 0n ? 1 : d < 0n ? -1 : a.i - b.i;
    });
  const out = [...floors];
  for (const { i } of order) {
    if (short <= 0n) break;
    out[i]! += 1n;
    short -= 1n;
  }
  return { parts: out, total };
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Whole major units with the currency's symbol, e.g. £28,750 or NGN 45,100,000. */
export function formatWhole(amount: bigint, currency: CurrencyCode): string {
  let f = formatters.get(currency);
  if (!f)
    formatters.set(
      currency,
      (f = new Intl.NumberFormat('en-GB', {
        style: 'currency',
        currency,
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      })),
    );
  return f.format(amount);
}

/** A stored minor-unit amount in its own currency, exactly (£1,136, €833.33, ¥3,000). */
export function formatMinor(minor: number, currency: string): string {
  if (!isCurrency(currency)) return `${minor} ${currency} (minor units)`;
  const exponent = CURRENCIES[currency].exponent;
  const digits = minor % 10 ** exponent === 0 ? 0 : exponent;
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** exponent);
}

/** Major units a person typed (a whole number) in minor units. */
export const majorToMinor = (major: number, currency: CurrencyCode) =>
  BigInt(Math.trunc(major)) * minorPerMajor(currency);
