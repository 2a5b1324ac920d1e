import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns.ts';
import { users, partners, jobApplicants, staff } from './accounts.ts';
import { subjects } from './catalog.ts';
import { inboxStatuses } from '#schemas/admin/index.ts';
import {
  historyActors,
  historyEntities,
  jobApplicationStatuses,
  partnerRequestStatuses,
  pipelines,
  programApplicationStatuses,
} from '#schemas/pipelines.ts';

/** Staff-side handling state shared by every inbox item. */
const inboxState = {
  status: text('status', { enum: inboxStatuses }).notNull().default('unread'),
};

/** Both public contact forms land here; `kind` tells which. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['landing', 'home'] }).notNull(),
    fullName: text('full_name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject'),
    country: text('country'),
    message: text('message').notNull(),
    ...inboxState,
    ...timestamps,
  },
  (t) => [index('contact_created_idx').on(t.createdAt)],
);

export const assistanceRequests = sqliteTable(
  'assistance_requests',
  {
    id: text('id').primaryKey(),
    companyName: text('company_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').notNull(),
    category: text('category', { mode: 'json' }).$type<string[]>().notNull(),
    message: text('message').notNull(),
    termsAccepted: integer('terms_accepted', { mode: 'boolean' }).notNull(),
    ...inboxState,
    ...timestamps,
  },
  (t) => [index('assistance_created_idx').on(t.createdAt)],
);

// Statuses, transitions and labels of every pipeline live in schemas/pipelines.ts; the enums below import them.

/**
 * A student's application to a program. The SQL table keeps the name `subscriptions` (the specs'
 * word, and renaming a live D1 table is a data migration): the code calls it an application.
 */
export const programApplications = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id),
    status: text('status', { enum: programApplicationStatuses })
      .notNull()
      .default(pipelines.subscription.initial),
    /** The intake the student chose ("September 2027"), as the program listed it; null on applications made before intakes were recorded. */
    intake: text('intake'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_user_subject_unique').on(t.userId, t.subjectId),
    index('subscriptions_status_idx').on(t.status, t.createdAt),
  ],
);

/** Admission (type student) and hiring (type employee) requests; fields per type in `data`. */
export const partnerRequests = sqliteTable(
  'partner_requests',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['student', 'employee'] }).notNull(),
    title: text('title').notNull(),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: partnerRequestStatuses })
      .notNull()
      .default(pipelines.partner_request.initial),
    jobId: text('job_id'),
    ...timestamps,
  },
  (t) => [
    index('partner_requests_partner_idx').on(t.partnerId, t.createdAt),
    index('partner_requests_status_idx').on(t.status, t.createdAt),
    // Insight's partner ranking: the requests of a period.
    index('partner_requests_created_idx').on(t.createdAt, t.partnerId, t.status),
  ],
);

export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    company: text('company').notNull(),
    location: text('location').notNull(),
    address: text('address').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    recruitmentType: text('recruitment_type').notNull(),
    employment: text('employment', { mode: 'json' }).$type<string[]>().notNull(),
    schedule: text('schedule').notNull(),
    payment: text('payment').notNull(),
    hiring: text('hiring').notNull(),
    urgent: integer('urgent', { mode: 'boolean' }).notNull().default(false),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull(),
    type: text('type').notNull(),
    requirements: text('requirements', { mode: 'json' }).$type<string[]>().notNull(),
    companyInfo: text('company_info', { mode: 'json' })
      .$type<{ name: string; website?: string | undefined; about: string; logo?: string | undefined }>()
      .notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // The board's order (status = 'open' order by sort_order, id) read straight from the index, so
    // a page is LIMIT/OFFSET over index entries with no sort.
    index('jobs_status_idx').on(t.status, t.sortOrder, t.id),
    // The distinct categories of open jobs, walked one category at a time (db/queries/jobs.ts).
    index('jobs_category_idx').on(t.status, t.category),
    // The list's category filter is case-insensitive (lower(category) = ?): an expression index,
    // ordered like the board so a filtered page needs no sort either.
    index('jobs_category_lower_idx').on(t.status, sql`lower(${t.category})`, t.sortOrder, t.id),
  ],
);

export const jobApplications = sqliteTable(
  'job_applications',
  {
    id: text('id').primaryKey(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => jobApplicants.id, { onDelete: 'cascade' }),
    coverLetter: text('cover_letter').notNull(),
    resumeKey: text('resume_key').notNull(),
    resumeName: text('resume_name').notNull(),
    resumeType: text('resume_type').notNull(),
    resumeSize: integer('resume_size').notNull(),
    /**
     * The vault document the CV was copied from, when the person chose one instead of uploading
     * (null: uploaded with the application). The application keeps its own copy (`resume_key`):
     * deleting the document later leaves what the employer and staff received.
     */
    documentId: text('document_id'),
    status: text('status', { enum: jobApplicationStatuses })
      .notNull()
      .default(pipelines.job_application.initial),
    /**
     * When the application was passed on (the staff's new-application notice that goes to the
     * employer). Null while held: its applicant has not confirmed their e-mail address yet.
     */
    forwardedAt: integer('forwarded_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('job_applications_job_applicant_unique').on(t.jobId, t.applicantId),
    index('job_applications_applicant_idx').on(t.applicantId),
    index('job_applications_status_idx').on(t.status, t.createdAt),
    // The orphaned-file sweep asks which of a page of R2 keys still have a row.
    index('job_applications_resume_key_idx').on(t.resumeKey),
    // Insight's job ranking: the applications of a period.
    index('job_applications_created_idx').on(t.createdAt, t.jobId, t.status),
  ],
);

/**
 * The one history of stage changes: every move of every item through its pipeline (schemas/pipelines.ts
 * historyEntities), written in the same batch as the change itself. A row with no `from_status` is the
 * item entering its first stage. `person_id` (`ownerId` here) is the role account the item belongs to
 * (a student's `users` id, a job applicant's, a partner's; not a `people` id, despite the column's
 * first name, which stays: the release before reads it), so a funnel follows one student
 * across their applications without a join. `approximate` marks rows filled in from what was stored
 * before the history existed, whose time is only the nearest one the row kept (its last update).
 *
 * Triggers (migration 0027_insight_at_scale) keep three columns right whoever writes a row, in the
 * statement that writes, moves or deletes it: `target_id`, `first_arrival` and `utm_source`. A table rebuild by a
 * later migration drops them with the old table: recreate them after it (db/stage-history.test.ts
 * fails without them).
 */
export const statusChanges = sqliteTable(
  'status_changes',
  {
    id: text('id').primaryKey(),
    entity: text('entity', { enum: historyEntities }).notNull(),
    entityId: text('entity_id').notNull(),
    ownerId: text('person_id'),
    /**
     * What an application is for: a program application's program (subjects.id), a job application's
     * job; null for every other item. Both are fixed when the application is made, so the funnels'
     * country, department and category filters pick the programs or jobs first and read only their
     * rows from an index, rather than joining every row of the period to its application.
     */
    targetId: text('target_id'),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor', { enum: historyActors }).notNull().default('staff'),
    staffId: text('staff_id').references(() => staff.id),
    note: text('note'),
    approximate: integer('approximate', { mode: 'boolean' }).notNull().default(false),
    /**
     * When the row's unit entered its funnel: a student's registration (for their applications too),
     * an application's or request's own entry, any other item's creation. A cohort ("who entered in
     * the period, and how far they got") is then one range of an index, not a lookup per person.
     */
    cohortAt: integer('cohort_at', { mode: 'timestamp_ms' }),
    /**
     * The first time the row's funnel unit reached this stage (the earliest row by created_at, then
     * id): the unit is the student for a program application (the students' funnel counts people,
     * not applications), the item itself for everything else. A cohort's count and days to reach a
     * stage are then one range of the cohort index, with no grouping per person and no search for
     * each one's earliest move; an item that comes back to a stage (an inbox message marked unread,
     * then handled again) keeps its first arrival. Kept by triggers on insert, update and delete.
     */
    firstArrival: integer('first_arrival', { mode: 'boolean' }).notNull().default(false),
    /**
     * A student's rows (their own and their program applications'): the `utm_source` the student
     * arrived from (arrival_sources), null for a direct arrival. Kept by triggers on both tables (an
     * arrival is stored once the registration is verified, after its first rows), so the funnel's
     * source filter is a test on the index entry rather than a search per row.
     */
    utmSource: text('utm_source'),
    ...timestamps,
  },
  (t) => [
    // One item's rows (timelines), and its rows at one stage (the first-arrival triggers' group: the
    // stage in the key so no index of a whole stage looks as good to the planner).
    index('status_changes_entity_idx').on(t.entity, t.entityId, t.toStatus, t.createdAt),
    // Activity and trends: the moves into one stage in a period (entity_id, person_id, utm_source:
    // the filters and the response times, read from the index).
    index('status_changes_stage_idx').on(
      t.entity,
      t.toStatus,
      t.createdAt,
      t.entityId,
      t.ownerId,
      t.utmSource,
    ),
    // Cohorts: the units that entered in a period and reached a stage for the first time, with when
    // (covering, with the student's source for its filter).
    index('status_changes_cohort_idx').on(
      t.entity,
      t.toStatus,
      t.firstArrival,
      t.cohortAt,
      t.createdAt,
      t.ownerId,
      t.utmSource,
    ),
    // A student's rows at a stage: the first-arrival triggers' group, and the funnels of the
    // students who came from one source (found in arrival_sources first).
    index('status_changes_owner_idx').on(
      t.entity,
      t.ownerId,
      t.toStatus,
      t.firstArrival,
      t.cohortAt,
      t.createdAt,
    ),
    // Funnels filtered by country, department or job category: the rows of the programs or jobs that
    // match (covering): the period's moves as a range, a cohort by reading those programs' or jobs'
    // rows at the stage (a fraction of the history, whatever the period).
    index('status_changes_target_idx').on(
      t.entity,
      t.toStatus,
      t.targetId,
      t.createdAt,
      t.cohortAt,
      t.ownerId,
      t.firstArrival,
      t.utmSource,
    ),
  ],
);

/**
 * Where a registration or an enquiry came from, first-party: the page of our own site the person
 * arrived on and the `utm_*` campaign in its address, kept by the browser for the visit and sent with
 * the form (site/lib/arrival.ts). No third-party tracker and no personal data: one row per item.
 */
export const arrivalSources = sqliteTable(
  'arrival_sources',
  {
    entity: text('entity', { enum: historyEntities }).notNull(),
    entityId: text('entity_id').notNull(),
    /** The path (no query) of the first page of the visit on our site. */
    page: text('page'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('arrival_sources_item_unique').on(t.entity, t.entityId),
    // Sources of a period, grouped without reading the table (covering).
    index('arrival_sources_created_idx').on(
      t.entity,
      t.createdAt,
      t.utmSource,
      t.utmMedium,
      t.utmCampaign,
      t.page,
    ),
    // The students who came from one source, for the students' funnel filtered by it.
    index('arrival_sources_source_idx').on(t.entity, t.utmSource, t.entityId),
  ],
);
