import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns.ts';
import { partnerApprovalStatuses, pipelines } from '#schemas/pipelines.ts';

/**
 * When the person last opened their dashboard's timelines: a change after it is marked new. One per
 * account, not per item (docs/privacy.md: "what changed since my last visit" is a question about
 * visits, and one write per visit beats one per item seen).
 */
const timelineSeen = { timelineSeenAt: integer('timeline_seen_at', { mode: 'timestamp_ms' }) };

/** The condition of the unique indexes that only verified accounts take part in (raw: no table prefix in an index). */
const verifiedOnly = sql`is_verified = 1`;

/**
 * One person: a verified e-mail address with one password, one set of sessions and devices, and
 * roles (a student row, a job seeker row, a partner organisation they own), each linked here by
 * `person_id` (docs/decisions/032-one-person-many-roles.md). Only a proven mailbox makes a person:
 * a registration's code, a job seeker's confirmation link or a reset code. Until then a role row is
 * a registration of its own, with its own password (the credential columns below), and owns nothing.
 */
export const people = sqliteTable(
  'people',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /**
     * The other passwords of accounts merged into this person that had different ones (JSON array
     * of hashes, null when none): the person signs in once with any of them, and the one used
     * becomes their password (functions/services/accounts/people.ts).
     */
    mergedPasswordHashes: text('merged_password_hashes'),
    /** Tokens issued before this instant are refused, at every door (a reset, a changed address). */
    tokensValidAfter: integer('tokens_valid_after', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('people_email_unique').on(t.email)],
);

/** The person a role row belongs to, once its address is proven (null: still a registration). */
const personLink = {
  personId: text('person_id').references(() => people.id, { onDelete: 'cascade' }),
};

/**
 * Columns every role row shares. For a row linked to a person, the person's columns are the ones
 * that count (db/queries/accounts.ts reads them through the link): the row keeps a copy of the
 * address for the lists that show it, and an empty password hash, which no password matches.
 */
const credentials = {
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  isVerified: integer('is_verified', { mode: 'boolean' }).notNull().default(false),
  /** Tokens issued before this instant are refused (set on password reset). */
  tokensValidAfter: integer('tokens_valid_after', { mode: 'timestamp_ms' }),
};

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    academicStatus: text('academic_status').notNull(),
    contactNumber: text('contact_number').notNull(),
    currentAddress: text('current_address').notNull(),
    role: text('role').notNull().default('student'),
    ...personLink,
    ...credentials,
    ...timelineSeen,
    ...timestamps,
  },
  (t) => [
    // Only verified accounts own an address or a phone number: each unverified registration is a
    // row of its own (an address can have several at once, none cancelling another), and reserves
    // nothing until its code is entered (functions/services/accounts/registration.ts).
    uniqueIndex('users_verified_email_unique').on(t.email).where(verifiedOnly),
    // A student role made for a person who signed in at /login without one may not have a number
    // yet (the dashboard asks for it): an empty number is nobody's.
    uniqueIndex('users_verified_contact_number_unique')
      .on(t.contactNumber)
      .where(sql`is_verified = 1 and contact_number <> ''`),
    index('users_email_idx').on(t.email),
    uniqueIndex('users_person_unique').on(t.personId),
  ],
);

export const educationRecords = sqliteTable(
  'education_records',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    educationLevel: text('education_level').notNull(),
    instituteName: text('institute_name').notNull(),
    program: text('program').notNull(),
    degree: text('degree').notNull(),
    passingYear: text('passing_year'),
    startDate: text('start_date'),
    expectedEndDate: text('expected_end_date'),
    country: text('country'),
    studyLanguage: text('study_language'),
    gpa: text('gpa'),
    ...timestamps,
  },
  (t) => [index('education_user_idx').on(t.userId)],
);

/**
 * A person's documents (their vault): whatever role they were uploaded under, a person's are theirs
 * (`person_id`), listed by `GET /api/me/documents` and chosen for a job application instead of a new
 * upload. `user_id` is the student role that uploaded one (the student's dashboard and staff's view
 * of a student's applications read them by it); null for one a job seeker uploaded with an
 * application. A document a registration uploads before its address is proven has no person yet:
 * it joins the person with its role (db/queries/people.ts).
 */
export const documents = sqliteTable(
  'documents',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    personId: text('person_id').references(() => people.id, { onDelete: 'cascade' }),
    documentType: text('document_type').notNull(),
    objectKey: text('object_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    ...timestamps,
  },
  (t) => [
    index('documents_user_idx').on(t.userId),
    index('documents_person_idx').on(t.personId, t.createdAt),
    // The orphaned-file sweep asks which of a page of R2 keys still have a row.
    index('documents_object_key_idx').on(t.objectKey),
  ],
);

export const languageQualifications = sqliteTable(
  'language_qualifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    qualification: text('qualification').notNull(),
    ...timestamps,
  },
  (t) => [index('languages_user_idx').on(t.userId)],
);

export const partners = sqliteTable(
  'partners',
  {
    id: text('id').primaryKey(),
    companyName: text('company_name').notNull(),
    companyHQ: text('company_hq').notNull(),
    ownerFirstName: text('owner_first_name').notNull(),
    ownerLastName: text('owner_last_name').notNull(),
    ownerPhoneNumber: text('owner_phone_number').notNull(),
    ownerDesignation: text('owner_designation').notNull(),
    ownerNationality: text('owner_nationality').notNull(),
    contactFirstName: text('contact_first_name').notNull(),
    contactLastName: text('contact_last_name').notNull(),
    contactDesignation: text('contact_designation').notNull(),
    contactPhoneNumber: text('contact_phone_number').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** Staff approval: pending until reviewed, then approved or suspended. */
    approvalStatus: text('approval_status', { enum: partnerApprovalStatuses })
      .notNull()
      .default(pipelines.partner.initial),
    /** The owner: the person whose verified registration made the organisation. */
    ...personLink,
    ...credentials,
    ...timelineSeen,
    ...timestamps,
  },
  (t) => [
    // As for students: unverified registrations are rows of their own and own nothing yet.
    uniqueIndex('partners_verified_email_unique').on(t.email).where(verifiedOnly),
    index('partners_email_idx').on(t.email),
    uniqueIndex('partners_person_unique').on(t.personId),
  ],
);

export const partnerMemberRoles = ['owner', 'member'] as const;

/**
 * The people of a partner organisation (docs/decisions/032-one-person-many-roles.md, "Members of a
 * partner organisation"): its owner (the person whose verified registration made it, mirrored by
 * `partners.person_id`, which the rest of the account code reads) and the members the owner invited.
 * A row is an invitation until its link is followed (`accepted_at` null, `person_id` null until
 * then): `invitation_id` is the id of the one link that may still accept it, so a newer link, a
 * removal or an acceptance ends every older one. A person belongs to one organisation at most, and
 * an organisation has one owner (the indexes).
 */
export const partnerMembers = sqliteTable(
  'partner_members',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    personId: text('person_id').references(() => people.id, { onDelete: 'cascade' }),
    /** The address invited (normalised), or the owner's when the row was made for the owner. */
    email: text('email').notNull(),
    role: text('role', { enum: partnerMemberRoles }).notNull(),
    invitationId: text('invitation_id'),
    invitedAt: integer('invited_at', { mode: 'timestamp_ms' }),
    invitationExpiresAt: integer('invitation_expires_at', { mode: 'timestamp_ms' }),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('partner_members_person_unique').on(t.personId),
    uniqueIndex('partner_members_address_unique').on(t.partnerId, t.email),
    uniqueIndex('partner_members_one_owner')
      .on(t.partnerId)
      .where(sql`role = 'owner'`),
  ],
);

export const jobApplicants = sqliteTable(
  'job_applicants',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    /**
     * When the applicant clicked the e-mailed confirmation link (null: not yet). Applicants sign in
     * without a code (the specs), so this is separate from `isVerified`: until it is set, their
     * applications are held, not forwarded to employers.
     */
    emailConfirmedAt: integer('email_confirmed_at', { mode: 'timestamp_ms' }),
    ...personLink,
    ...credentials,
    ...timelineSeen,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('job_applicants_email_unique').on(t.email),
    uniqueIndex('job_applicants_person_unique').on(t.personId),
  ],
);

export const staff = sqliteTable(
  'staff',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    role: text('role', { enum: ['admin', 'editor'] }).notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /**
     * The one half-done sign-in (password given, second factor to come) that may still finish: the
     * `jti` of the challenge cookie last issued. Finishing clears it in one conditional UPDATE, so a
     * challenge signs in once; a new password step, a reset, a role change or deactivation replace
     * or clear it (a generation, not a time: nothing started in the same second survives).
     */
    signInChallengeId: text('sign_in_challenge_id'),
    ...credentials,
    ...timestamps,
  },
  (t) => [uniqueIndex('staff_email_unique').on(t.email)],
);

/**
 * A staff member's TOTP second factor (RFC 6238). `confirmedAt` is null while enrolment waits for
 * the first code; `lastUsedStep` is the 30-second step of the last accepted code, so a code is
 * never accepted twice (a later step only, set with one conditional UPDATE).
 */
export const staffMfa = sqliteTable('staff_mfa', {
  staffId: text('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  /** Base32 TOTP secret. */
  secret: text('secret').notNull(),
  confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
  lastUsedStep: integer('last_used_step'),
  ...timestamps,
});

/** One-time recovery codes for a staff member's second factor, stored as SHA-256 hashes. */
export const staffRecoveryCodes = sqliteTable(
  'staff_recovery_codes',
  {
    id: text('id').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('staff_recovery_codes_unique').on(t.staffId, t.codeHash)],
);

export const accountTypes = ['student', 'partner', 'applicant', 'staff'] as const;
/** Who a code or a session can belong to: a role row (or staff member), or a person at any door. */
export const holderTypes = [...accountTypes, 'person'] as const;
export type AccountType = (typeof accountTypes)[number];

/** One-time codes (registration and password reset), stored hashed. */
export const oneTimeCodes = sqliteTable(
  'one_time_codes',
  {
    id: text('id').primaryKey(),
    accountType: text('account_type', { enum: holderTypes }).notNull(),
    accountId: text('account_id').notNull(),
    purpose: text('purpose', { enum: ['verify', 'reset', 'signin', 'email-change'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: integer('consumed_at', { mode: 'timestamp_ms' }),
    /**
     * A registration's details (JSON, password already hashed), applied when this code verifies the
     * account. Written only before migration 0012, when registrations of one address shared a row;
     * since then each registration is its own row (functions/services/accounts/registration.ts).
     */
    payload: text('payload'),
    /**
     * The challenge that asked for this code: an id only the browser that started the flow holds
     * (a cookie, functions/lib/code-challenges.ts). Only tries made under it are judged against the
     * code and count against it, so nobody else can guess at it or use it up. Null for codes that
     * need no such binding (a registration's id is its own challenge).
     */
    challengeId: text('challenge_id'),
    ...timestamps,
  },
  (t) => [index('codes_account_idx').on(t.accountType, t.accountId, t.purpose, t.createdAt)],
);

/**
 * Server-side sessions: every token carries its session id (`sid`), and requireAuth accepts it
 * only while the row exists. Signing out deletes the row, which ends every renewed copy of the
 * token too; "sign out of all devices" and a password reset delete all of an account's rows.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    accountType: text('account_type', { enum: accountTypes }).notNull(),
    accountId: text('account_id').notNull(),
    /** When the session ends at the latest (sign-in + 12 hours, or 7 days with remember me). */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /**
     * What the person sees in their list of signed-in devices ("Chrome on Android"): read from the
     * browser's User-Agent at sign-in, browser and system only (functions/lib/device-label.ts).
     */
    device: text('device'),
    /**
     * The person the session signs in, whatever door it was opened at: their list of devices, "sign
     * out everywhere" and a new password reach every door's sessions. Null for sessions of role rows
     * not yet linked to a person (a job seeker before confirming) and for staff.
     */
    personId: text('person_id'),
    ...timestamps,
  },
  (t) => [
    index('sessions_account_idx').on(t.accountType, t.accountId),
    index('sessions_person_idx').on(t.personId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);
