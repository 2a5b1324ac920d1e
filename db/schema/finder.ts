import { sqliteTable, text, integer, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns.ts';
import { countries, subjects } from './catalog.ts';
import { users } from './accounts.ts';

// The program finder's data: what it costs to live and study in a country or city, the
// exchange rates estimates are converted with, and the programs students save.
// Money is stored in integer minor units of the row's `currency` (pence, cents; yen as is).

const retirable = {
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
};

/** Per country: monthly living costs, the student visa fee and any health charge, each with its source and date. */
export const countryCosts = sqliteTable('country_costs', {
  /** The country's id: one row per country. */
  id: text('id')
    .primaryKey()
    .references(() => countries.id),
  currency: text('currency').notNull(),
  livingMonthlyMinor: integer('living_monthly_minor').notNull(),
  livingSource: text('living_source').notNull(),
  livingVerifiedOn: text('living_verified_on').notNull(),
  visaName: text('visa_name').notNull(),
  visaFeeMinor: integer('visa_fee_minor').notNull(),
  visaSource: text('visa_source').notNull(),
  visaVerifiedOn: text('visa_verified_on').notNull(),
  // A yearly charge tied to the visa (the UK's Immigration Health Surcharge); all null where none applies.
  healthName: text('health_name'),
  healthAnnualMinor: integer('health_annual_minor'),
  healthExtraMonthsLong: integer('health_extra_months_long'),
  healthExtraMonthsShort: integer('health_extra_months_short'),
  healthSource: text('health_source'),
  healthVerifiedOn: text('health_verified_on'),
  ...retirable,
  ...timestamps,
});

/** Per city: monthly living costs where they differ from the country's (London, Boston ...). */
export const cityCosts = sqliteTable(
  'city_costs',
  {
    id: text('id').primaryKey(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    /** As programs name it in their location ("Leeds" in "Leeds, United Kingdom"). */
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    livingMonthlyMinor: integer('living_monthly_minor').notNull(),
    source: text('source').notNull(),
    verifiedOn: text('verified_on').notNull(),
    ...retirable,
    ...timestamps,
  },
  (t) => [index('city_costs_country_idx').on(t.countryId, t.name)],
);

/** Units of a currency per one US dollar, as a decimal string (exact: see schemas/money.ts). */
export const exchangeRates = sqliteTable('exchange_rates', {
  /** ISO 4217 code, e.g. GBP. */
  id: text('id').primaryKey(),
  unitsPerUsd: text('units_per_usd').notNull(),
  asOf: text('as_of').notNull(),
  source: text('source').notNull(),
  ...retirable,
  ...timestamps,
});

/** Programs a signed-in student saved (visitors keep theirs in the browser). */
export const savedPrograms = sqliteTable(
  'saved_programs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.subjectId] }),
    index('saved_programs_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The finder's facet cube over every active program: how many per (country, department, level,
 * intake months, months of study). The finder answers a request with no text and no fee filter
 * from these few hundred rows instead of counting every program (25,000 at our scale run: 8 ms of
 * SQLite time a request). Kept by the triggers of migration 0016, which recount a cell from
 * subjects_cube_idx whenever a subject enters, leaves or moves between cells.
 */
export const finderCube = sqliteTable(
  'finder_cube',
  {
    countryId: text('country_id').notNull(),
    departmentId: text('department_id').notNull(),
    degreeType: text('degree_type').notNull(),
    intakeMonths: integer('intake_months').notNull(),
    /** Null where a program's duration names no months, years or weeks (as subjects.duration_months). */
    durationMonths: integer('duration_months'),
    n: integer('n').notNull(),
  },
  (t) => [
    index('finder_cube_cell_idx').on(
      t.countryId,
      t.departmentId,
      t.degreeType,
      t.intakeMonths,
      t.durationMonths,
    ),
  ],
);
