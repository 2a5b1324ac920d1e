import { describe, expect, it } from 'vitest';
import {
  convert,
  formatMinor,
  formatWhole,
  fraction,
  rateMicros,
  roundParts,
  toWholeMajor,
} from './money.ts';
import { estimateTotalCost, healthChargeYears, type CostInputs, type RatesTable } from './total-cost.ts';

const rates: RatesTable = {
  USD: { unitsPerUsd: '1', asOf: '2025-10-01', source: 'Test rates' },
  GBP: { unitsPerUsd: '0.744', asOf: '2025-10-01', source: 'Test rates' },
  EUR: { unitsPerUsd: '0.852', asOf: '2025-09-15', source: 'Other rates' },
  NGN: { unitsPerUsd: '1470', asOf: '2025-10-01', source: 'Test rates' },
  JPY: { unitsPerUsd: '148', asOf: '2025-10-01', source: 'Test rates' },
};

/** MSc Data Science, Leeds: the seed's real UK figures (UKVI living costs, the visa fee, the IHS). */
const leeds: CostInputs = {
  months: 12,
  tuition: { annualMinor: 2_875_000, currency: 'GBP', verifiedOn: '2026-10-01' },
  living: {
    monthlyMinor: 113_600,
    currency: 'GBP',
    place: 'Leeds',
    source: 'GOV.UK',
    verifiedOn: '2025-01-02',
  },
  visa: {
    name: 'Student visa',
    feeMinor: 52_400,
    currency: 'GBP',
    source: 'GOV.UK',
    verifiedOn: '2025-04-09',
  },
  health: {
    name: 'Immigration Health Surcharge',
    annualMinor: 77_600,
    currency: 'GBP',
    extraMonthsLong: 4,
    extraMonthsShort: 2,
    source: 'GOV.UK',
    verifiedOn: '2024-02-06',
  },
};

describe('money', () => {
  it('reads rates exactly, in millionths', () => {
    expect(rateMicros('1')).toBe(1_000_000n);
    expect(rateMicros('0.744')).toBe(744_000n);
    expect(rateMicros('1470.123456')).toBe(1_470_123_456n);
    for (const bad of ['', '-1', '1e3', '0.1234567', 'abc', '01.5'])
      expect(() => rateMicros(bad), bad).toThrow();
  });

  it("converts minor units through the dollar, minding each currency's exponent", () => {
    // £1.00 (100 pence) in yen: 148 / 0.744 = 198.92… yen, and yen have no minor unit.
    const yen = convert(fraction(100n), 'GBP', 'JPY', { GBP: 744_000n, JPY: 148_000_000n })!;
    expect(Number(yen.num) / Number(yen.den)).toBeCloseTo(198.9247, 3);
    expect(toWholeMajor(yen, 'JPY')).toBe(199n);
    // ¥100 in pence: 100 × 0.744 / 148 × 100 = 50.27 pence.
    const pence = convert(fraction(100n), 'JPY', 'GBP', { GBP: 744_000n, JPY: 148_000_000n })!;
    expect(Number(pence.num) / Number(pence.den)).toBeCloseTo(50.27, 2);
    expect(convert(fraction(100n), 'GBP', 'EUR', { GBP: 744_000n })).toBeUndefined();
  });

  it('rounds parts so they always add up to the rounded total, each within one unit', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let run = 0; run < 500; run++) {
      const parts = Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
        fraction(BigInt(Math.floor(random() * 1e9)), BigInt(1 + Math.floor(random() * 997))),
      );
      const { parts: rounded, total } = roundParts(parts);
      expect(rounded.reduce((a, b) => a + b, 0n)).toBe(total);
      const exact = parts.reduce((s, p) => s + Number(p.num) / Number(p.den), 0);
      expect(Math.abs(Number(total) - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
      parts.forEach((p, i) =>
        expect(Math.abs(Number(rounded[i]) - Number(p.num) / Number(p.den))).toBeLessThan(1),
      );
    }
  });

  it('formats stored amounts exactly and rounded amounts as whole units', () => {
    expect(formatMinor(113_600, 'GBP')).toBe('£1,136');
    expect(formatMinor(83_333, 'EUR')).toBe('€833.33');
    expect(formatMinor(3_000, 'JPY')).toBe('JP¥3,000');
    expect(formatWhole(56_804_435n, 'NGN')).toBe('NGN\u00a056,804,435');
  });
});

describe('the UK health surcharge rule', () => {
  it('charges the course plus the months after it, part years of 6 months or less at half', () => {
    const years = (months: number) => {
      const f = healthChargeYears(months, 4, 2);
      return Number(f.num) / Number(f.den);
    };
    expect(years(12)).toBe(1.5); // 16 months: 1 year + 4 months
    expect(years(24)).toBe(2.5); // 28 months
    expect(years(18)).toBe(2); // 22 months: 1 year + 10 months
    expect(years(10)).toBe(1); // 12 months
    expect(years(6)).toBe(1); // 8 months: more than 6
    expect(years(3)).toBe(0.5); // 5 months
  });
});

describe('estimateTotalCost', () => {
  it("adds tuition, living costs, the visa and the health surcharge in the program's own currency", () => {
    const e = estimateTotalCost(leeds, 'GBP', rates);
    if (!e.ok) throw new Error(e.reason);
    expect(e.lines.map((l) => [l.key, l.perYear, l.wholeProgram])).toEqual([
      ['tuition', 28_750n, 28_750n],
      ['living', 13_632n, 13_632n],
      ['visa', null, 524n],
      ['health', 776n, 1_164n], // £776 × 1.5 (12 months + 4)
    ]);
    expect(e.perYear).toBe(43_158n);
    expect(e.wholeProgram).toBe(44_070n);
    expect(e.conversion).toBeNull();
    expect(e.lines[0]!.dated).toBe('fees verified on 1 October 2026');
    expect(e.lines[1]!.dated).toBe('verified on 2 January 2025');
    expect(e.lines[3]!.basis).toBe(
      '£776 a year × 1.5 years (the course and the months the visa runs on after it)',
    );
  });

  it('converts every part exactly and rounds once: the breakdown adds up in naira and in yen', () => {
    for (const currency of ['NGN', 'JPY', 'USD', 'EUR'] as const) {
      const e = estimateTotalCost(leeds, currency, rates);
      if (!e.ok) throw new Error(e.reason);
      expect(
        e.lines.reduce((s, l) => s + l.wholeProgram, 0n),
        currency,
      ).toBe(e.wholeProgram);
      expect(
        e.lines.reduce((s, l) => s + (l.perYear ?? 0n), 0n),
        currency,
      ).toBe(e.perYear);
      // The total is the exact sum converted once: £44,070 × rate, rounded half up.
      const factor = Number(rates[currency]!.unitsPerUsd) / 0.744;
      expect(Math.abs(Number(e.wholeProgram) - 44_070 * factor)).toBeLessThanOrEqual(
        0.5 + 1e-6 * 44_070 * factor,
      );
      expect(e.conversion?.sources.length).toBeGreaterThan(0);
    }
    const eur = estimateTotalCost(leeds, 'EUR', rates);
    // The older of the two rates used names the date.
    expect(eur.ok && eur.conversion).toEqual({ asOf: '2025-09-15', sources: ['Test rates', 'Other rates'] });
  });

  it('charges tuition pro rata beyond a year, a full year below it, and living costs by the month', () => {
    const long = estimateTotalCost({ ...leeds, months: 18, health: null, visa: null }, 'GBP', rates);
    const short = estimateTotalCost({ ...leeds, months: 10, health: null, visa: null }, 'GBP', rates);
    if (!long.ok || !short.ok) throw new Error('no estimate');
    expect(long.lines.map((l) => l.wholeProgram)).toEqual([43_125n, 20_448n]);
    expect(short.lines.map((l) => l.wholeProgram)).toEqual([28_750n, 11_360n]);
    expect(long.missing).toEqual(['visa']);
  });

  it('assumes a year when the length is unknown, and says so', () => {
    const e = estimateTotalCost({ ...leeds, months: null }, 'GBP', rates);
    expect(e.ok && [e.months, e.monthsAssumed]).toEqual([12, true]);
  });

  it('answers with a reason, not a wrong figure, when a rate is missing', () => {
    const e = estimateTotalCost(leeds, 'INR', rates);
    expect(e).toEqual({
      ok: false,
      currency: 'INR',
      reason: 'We have no exchange rate between GBP and INR yet.',
    });
  });
});
