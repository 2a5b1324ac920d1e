import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { readInChunks } from '../d1-limits.ts';
import * as t from '../schema/index.ts';
import { minorPerMajor, isCurrency } from '#schemas/money.ts';
import type { CompareProgram, CostInputs, RatesTable } from '#schemas/programs.ts';
import { programCardColumns, programCardOf } from './programs.ts';

/** What it costs to live and study in each country and city, and the rates to convert it with. */
export interface CostTables {
  countries: (typeof t.countryCosts.$inferSelect)[];
  cities: (typeof t.cityCosts.$inferSelect)[];
  rates: RatesTable;
}

/** The cost tables, active rows only (small: one row per country, city and currency). */
export async function listCostTables(db: Db): Promise<CostTables> {
  const [countries, cities, rates] = await Promise.all([
    db.select().from(t.countryCosts).where(eq(t.countryCosts.isActive, true)),
    db.select().from(t.cityCosts).where(eq(t.cityCosts.isActive, true)),
    db.select().from(t.exchangeRates).where(eq(t.exchangeRates.isActive, true)),
  ]);
  return {
    countries,
    cities,
    rates: Object.fromEntries(
      rates.map((r) => [r.id, { unitsPerUsd: r.unitsPerUsd, asOf: r.asOf, source: r.source }]),
    ),
  };
}

/** The subject fields the estimate reads. */
export interface CostedSubject {
  countryId: string;
  location: string;
  basePrice: number | null;
  currency: string;
  feesVerifiedOn: string | null;
  durationMonths: number | null;
}

/**
 * A program's cost inputs: its tuition, and the living costs of its city when we have them (the
 * city is the first part of its location, "Leeds" in "Leeds, United Kingdom"), else of its country,
 * with the country's visa fee and health charge.
 */
export function resolveCostInputs(
  s: CostedSubject,
  tables: Pick<CostTables, 'countries' | 'cities'>,
): CostInputs {
  const country = tables.countries.find((c) => c.id === s.countryId);
  const cityName = s.location.split(',')[0]!.trim().toLowerCase();
  const city = tables.cities.find((c) => c.countryId === s.countryId && c.name.toLowerCase() === cityName);
  const countryName = s.location.split(',').at(-1)!.trim();
  return {
    months: s.durationMonths,
    tuition:
      s.basePrice !== null && isCurrency(s.currency)
        ? {
            annualMinor: Number(BigInt(s.basePrice) * minorPerMajor(s.currency)),
            currency: s.currency,
            verifiedOn: s.feesVerifiedOn,
          }
        : null,
    living: city
      ? {
          monthlyMinor: city.livingMonthlyMinor,
          currency: city.currency,
          place: city.name,
          source: city.source,
          verifiedOn: city.verifiedOn,
        }
      : country
        ? {
            monthlyMinor: country.livingMonthlyMinor,
            currency: country.currency,
            place: countryName || s.countryId,
            source: country.livingSource,
            verifiedOn: country.livingVerifiedOn,
          }
        : null,
    visa: country
      ? {
          name: country.visaName,
          feeMinor: country.visaFeeMinor,
          currency: country.currency,
          source: country.visaSource,
          verifiedOn: country.visaVerifiedOn,
        }
      : null,
    health:
      country?.healthName &&
      country.healthAnnualMinor !== null &&
      country.healthSource &&
      country.healthVerifiedOn
        ? {
            name: country.healthName,
            annualMinor: country.healthAnnualMinor,
            currency: country.currency,
            extraMonthsLong: country.healthExtraMonthsLong ?? 0,
            extraMonthsShort: country.healthExtraMonthsShort ?? 0,
            source: country.healthSource,
            verifiedOn: country.healthVerifiedOn,
          }
        : null,
  };
}

const programColumns = {
  ...programCardColumns,
  universityLocation: t.universities.location,
  entryRequirements: t.subjects.entryRequirements,
};

const programsWithNames = (db: Db) =>
  db
    .select(programColumns)
    .from(t.subjects)
    .leftJoin(t.universities, eq(t.universities.id, t.subjects.universityId))
    .leftJoin(t.countries, eq(t.countries.id, t.subjects.countryId));

/** Active programs by id, in the order asked, each with its cost inputs; and the ids not found. */
export async function comparePrograms(db: Db, ids: string[]) {
  const [rows, tables] = await Promise.all([
    // The route allows a few ids (COMPARE_MAX); chunked all the same, as every IN list is.
    readInChunks(ids, (chunk) =>
      programsWithNames(db).where(and(inArray(t.subjects.id, chunk), eq(t.subjects.isActive, true))),
    ),
    listCostTables(db),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items: CompareProgram[] = [];
  const unknown: string[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) {
      unknown.push(id);
      continue;
    }
    items.push({
      ...programCardOf(r),
      universityLocation: r.universityLocation ?? r.location,
      degree: r.studyPlan.degree || r.degreeType,
      entryRequirements: r.entryRequirements,
      costs: resolveCostInputs(r, tables),
    });
  }
  return { items, unknown, rates: tables.rates };
}

/** One program's cost inputs and the rates (the subject page refreshes its estimate with these). */
export async function programCosts(db: Db, id: string) {
  const [[row], tables] = await Promise.all([
    programsWithNames(db).where(and(eq(t.subjects.id, id), eq(t.subjects.isActive, true))),
    listCostTables(db),
  ]);
  return row ? { costs: resolveCostInputs(row, tables), rates: tables.rates } : undefined;
}

/** The active exchange-rate rows (the daily refresh checks the feed against each). */
export function activeExchangeRates(db: Db) {
  return db.select().from(t.exchangeRates).where(eq(t.exchangeRates.isActive, true));
}

/** The statement that writes one currency's refreshed rate, not yet run (the refresh batches them all). */
export function exchangeRateUpdate(
  db: Db,
  id: string,
  values: { unitsPerUsd: string; asOf: string; source: string; updatedAt: Date },
) {
  return db.update(t.exchangeRates).set(values).where(eq(t.exchangeRates.id, id));
}
