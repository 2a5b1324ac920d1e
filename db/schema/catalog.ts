import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, real, index } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns.ts';

export interface CountryAbout {
  countryOverview: string[];
  educationSystem: string[];
  studentLife: string[];
  visaInfo: string[];
}

export interface StudyPlan {
  degree: string;
  duration: string;
  intake: string;
  futureIntakes: string[];
}

export interface EntryRequirements {
  description: string;
  academicRequirements: string[];
  englishLanguageRequirements: string[];
  additionalRequirements: string[];
}

export interface CareerProspects {
  description: string;
  additionalDescription: string;
  careerPaths: string[];
  employmentStatistics: string;
}

/**
 * Alt text of a content image: what editors wrote, or null where an API client or the
 * seed left it out: the read API and the pages then use the item's name (db/queries/catalog.ts).
 */
const alt = (name: string) => text(name);

/** Content rows can be retired (hidden from the public) without losing history. */
const retirable = {
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
};

export const countries = sqliteTable(
  'countries',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    flag: text('flag').notNull(),
    flagAlt: alt('flag_alt'),
    image: text('image').notNull(),
    imageAlt: alt('image_alt'),
    details: text('details').notNull(),
    capital: text('capital').notNull(),
    about: text('about', { mode: 'json' }).$type<CountryAbout>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    ...retirable,
    ...timestamps,
  },
  (t) => [index('countries_name_idx').on(t.name)],
);

export const universities = sqliteTable(
  'universities',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    location: text('location').notNull(),
    logo: text('logo').notNull(),
    logoAlt: alt('logo_alt'),
    image: text('image').notNull(),
    imageAlt: alt('image_alt'),
    universitydetails: text('universitydetails').notNull(),
    scholarships: text('scholarships').notNull(),
    website: text('website'),
    ranking: text('ranking'),
    ...retirable,
    ...timestamps,
  },
  (t) => [index('universities_country_idx').on(t.countryId)],
);

export const scholarships = sqliteTable(
  'scholarships',
  {
    id: text('id').primaryKey(),
    universityId: text('university_id')
      .notNull()
      .references(() => universities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    amount: text('amount').notNull(),
    eligibility: text('eligibility').notNull(),
    deadline: text('deadline').notNull(),
    ...timestamps,
  },
  (t) => [index('scholarships_university_idx').on(t.universityId)],
);

export const departments = sqliteTable('departments', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  imageUrl: text('image_url').notNull(),
  imageUrlAlt: alt('image_url_alt'),
  sortOrder: integer('sort_order').notNull().default(0),
  ...retirable,
  ...timestamps,
});

/** SQL deriving the finder's columns from a subject row (the triggers of migration 0008_finder run exactly this). */
const intakeText = `'"' || lower(coalesce(json_extract(study_plan, '$.intake'), '')) || lower(coalesce(json_extract(study_plan, '$.futureIntakes'), ''))`;
const monthKeys = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const intake = `trim(coalesce(json_extract(study_plan, '$.intake'), ''))`;
const intakeMonth = `instr('${monthKeys.join('')}', lower(substr(${intake}, 1, 3)))`;
export const finderSql = {
  durationMonths: `case when lower(duration) like '%month%' then cast(round(cast(duration as real)) as integer) when lower(duration) like '%year%' then cast(round(cast(duration as real) * 12) as integer) when lower(duration) like '%week%' then cast(round(cast(duration as real) * 12 / 52) as integer) end`,
  // Each entry of the intake list starts with its month's name: '"sep' finds "September 2027".
  intakeMonths: monthKeys.map((m, i) => `(instr(${intakeText}, '"${m}') > 0) * ${1 << i}`).join(' + '),
  nextIntake: `case when ${intakeMonth} % 3 = 1 and cast(substr(${intake}, -4) as integer) between 2000 and 2999 then cast(substr(${intake}, -4) as integer) * 100 + (${intakeMonth} + 2) / 3 end`,
};

export const subjects = sqliteTable(
  'subjects',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    universityId: text('university_id')
      .notNull()
      .references(() => universities.id),
    departmentId: text('department_id')
      .notNull()
      .references(() => departments.id),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.id),
    location: text('location').notNull(),
    code: text('code').notNull(),
    description: text('description', { mode: 'json' }).$type<string[]>().notNull(),
    degreeType: text('degree_type').notNull(),
    duration: text('duration').notNull(),
    students: integer('students').notNull().default(0),
    year: integer('year').notNull(),
    basePrice: integer('base_price'),
    currency: text('currency').notNull().default('GBP'),
    image: text('image').notNull(),
    imageAlt: alt('image_alt'),
    logo: text('logo').notNull(),
    logoAlt: alt('logo_alt'),
    universityimage: text('universityimage', { mode: 'json' }).$type<string[]>().notNull(),
    /** Alt text of each campus image, in the same order (a missing or blank entry: the default). */
    universityimageAlt: text('universityimage_alt', { mode: 'json' }).$type<string[]>(),
    studyPlan: text('study_plan', { mode: 'json' }).$type<StudyPlan>().notNull(),
    entryRequirements: text('entry_requirements', { mode: 'json' }).$type<EntryRequirements>().notNull(),
    careerProspects: text('career_prospects', { mode: 'json' }).$type<CareerProspects>().notNull(),
    /** The day staff last checked basePrice against the university's own page (ISO date). */
    feesVerifiedOn: text('fees_verified_on'),
    // The finder's filters, derived from the stored fields by triggers (migration 0008_finder, with
    // the SQL of finderSql below), so the seed, the back office and any script writing subjects all
    // keep them in step. Plain columns, not generated ones: SQLite never reads an index as covering
    // once a query names a generated column, and subjects_finder_idx must cover every finder query.
    /** Months of study, from `duration` ("1.5 Years" → 18, "10 Months" → 10). */
    durationMonths: integer('duration_months'),
    /** Bit m-1 set when an intake (current or future) starts in month m. */
    intakeMonths: integer('intake_months').notNull().default(0),
    /** The current intake as yyyymm ("September 2027" → 202709), for sorting by intake. */
    nextIntake: integer('next_intake'),
    /**
     * Tuition in US dollars (base_price ÷ its currency's active rate; null without a price or a rate),
     * the finder's fee sort key: kept by the triggers of migration 0016 on subjects and on exchange_rates.
     */
    feeUsd: real('fee_usd'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...retirable,
    ...timestamps,
  },
  (t) => {
    // The facet cube's keys (db/schema/finder.ts finderCube), and with the fee the finder's filter
    // columns, in the order every finder index lists them.
    const cubeKeys = [t.countryId, t.departmentId, t.degreeType, t.intakeMonths, t.durationMonths] as const;
    const finderFilters = [...cubeKeys, t.feeUsd] as const;
    return [
      index('subjects_country_idx').on(t.countryId),
      index('subjects_university_idx').on(t.universityId),
      index('subjects_department_idx').on(t.departmentId),
      index('subjects_order_idx').on(t.sortOrder),
      // The search's ordered walk (db/queries/catalog.ts searchSubjects): active subjects in result
      // order, read from the index alone, so a page stops after 20 hits and the count never opens the
      // subject rows (each ~1 KB of JSON; reading them for every match was most of the search's time).
      index('subjects_search_idx').on(t.isActive, t.sortOrder, t.name),
      // The finder (db/queries/programs.ts): every filter, facet and sort key of GET /api/programs,
      // so counting and paging read this index alone. Country leads: the commonest filter.
      index('subjects_finder_idx').on(t.isActive, ...finderFilters, t.nextIntake, t.sortOrder, t.name),
      // The same keys in catalogue order: a page in the default order is a walk that stops after it
      // (page 400 of 10,000 programs skips index entries instead of sorting 4,800 rows).
      index('subjects_finder_order_idx').on(t.isActive, t.sortOrder, t.name, ...finderFilters),
      // The filters alone (no name): counting programs under a text or fee filter reads a third of
      // the pages subjects_finder_idx takes (3.7 against 7.5 ms at 25,000 programs).
      index('subjects_cube_idx').on(t.isActive, ...finderFilters),
      // The same keys in fee order, priced programs first (ORDER BY this expression walks it): the
      // fee sort's page stops after it instead of sorting every program (25,000 at our scale run).
      index('subjects_fee_order_idx').on(
        t.isActive,
        sql`${t.feeUsd} is null`,
        t.feeUsd,
        t.sortOrder,
        t.name,
        ...cubeKeys,
      ),
    ];
  },
);
