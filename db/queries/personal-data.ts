import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../client.ts';
import { readInChunks } from '../d1-limits.ts';
import type { Statement } from '../batch.ts';
import {
  assistanceRequests,
  auditLog,
  consultations,
  contactMessages,
  documents,
  educationRecords,
  jobAlerts,
  jobApplicants,
  jobApplications,
  jobs,
  languageQualifications,
  oneTimeCodes,
  outbox,
  partners,
  payments,
  savedPrograms,
  sessions,
  statusChanges,
  subjects,
  programApplications,
  universities,
  users,
} from '../schema/index.ts';
import type { Pipeline } from '#schemas/pipelines.ts';
import { noticeAbout } from './outbox.ts';
import { pipelineRegistry } from './pipeline-registry.ts';
import type { PersonType } from '#schemas/privacy.ts';

/**
 * Everything the database holds about one person, per account type: what the export writes and
 * what an erasure deletes, from one list, so a table added here is both exported and erased.
 *
 * To add a table the person owns, add one line to `owned` of the account type:
 *   { name: 'savedPrograms', table: savedPrograms, owner: savedPrograms.userId },  (as students' saved programs are)
 * or, for a pipeline's items, `pipelineItems(name, pipeline)`, whose table and owner column the
 * pipeline registry (./pipeline-registry.ts) holds.
 * (the erasure tests in functions/lib/privacy-routes.test.ts, "… no row holds the e-mail or id", look
 * through every table and fail until a table holding the account's id or e-mail is listed).
 */

interface OwnedTable {
  /** The key of the section in the export's JSON. */
  name: string;
  table: SQLiteTable;
  /** The column holding the account's id. */
  owner: SQLiteColumn;
  /** Rows that are items of a pipeline: their status history is exported, and erased with them. */
  pipeline?: Pipeline;
}

/** A stored file (R2 object) that belongs to the person: exported under its name, deleted after the erasure. */
interface OwnedFiles {
  table: SQLiteTable;
  owner: SQLiteColumn;
  key: SQLiteColumn;
  name: SQLiteColumn;
}

/** A pipeline's items as a table the person owns: the pipeline's table, found by its owner column. */
const pipelineItems = (name: string, pipeline: Pipeline): OwnedTable => ({
  name,
  table: pipelineRegistry[pipeline].table,
  owner: pipelineRegistry[pipeline].owner.id,
  pipeline,
});

interface PersonData {
  account: typeof users | typeof partners | typeof jobApplicants;
  /** The account's own pipeline (a partner's approval), whose history is exported and erased with it. */
  accountPipeline?: Pipeline;
  owned: OwnedTable[];
  files?: OwnedFiles;
}

export const personalData: Record<PersonType, PersonData> = {
  student: {
    account: users,
    owned: [
      { name: 'education', table: educationRecords, owner: educationRecords.userId },
      { name: 'languages', table: languageQualifications, owner: languageQualifications.userId },
      { name: 'documents', table: documents, owner: documents.userId },
      pipelineItems('applications', 'subscription'),
      { name: 'savedPrograms', table: savedPrograms, owner: savedPrograms.userId },
    ],
    files: {
      table: documents,
      owner: documents.userId,
      key: documents.objectKey,
      name: documents.originalName,
    },
  },
  partner: {
    account: partners,
    accountPipeline: 'partner',
    owned: [pipelineItems('requests', 'partner_request')],
  },
  applicant: {
    account: jobApplicants,
    owned: [
      pipelineItems('jobApplications', 'job_application'),
      { name: 'jobAlerts', table: jobAlerts, owner: jobAlerts.applicantId },
    ],
    files: {
      table: jobApplications,
      owner: jobApplications.applicantId,
      key: jobApplications.resumeKey,
      name: jobApplications.resumeName,
    },
  },
};

/** Account types in the sessions and codes tables (a job applicant is 'applicant' there too). */
const sessionType: Record<PersonType, 'student' | 'partner' | 'applicant'> = {
  student: 'student',
  partner: 'partner',
  applicant: 'applicant',
};

/** Columns never exported: secrets and our internal storage keys (the files themselves are in the zip). */
const HIDDEN_COLUMNS = new Set([
  'passwordHash',
  'tokensValidAfter',
  'codeHash',
  'payload',
  'objectKey',
  'resumeKey',
  'forgetRecipient',
]);

/** A row as the export writes it: dates as ISO text, hidden columns left out. */
export function exportRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (HIDDEN_COLUMNS.has(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

export interface Person {
  type: PersonType;
  id: string;
  email: string;
  name: string;
  /** The address is proven to be the person's (see addressProven). */
  isVerified: boolean;
  createdAt: Date;
}

const nameOf = (type: PersonType, row: Record<string, unknown>) =>
  type === 'partner' ? `${String(row.ownerFirstName)} ${String(row.ownerLastName)}` : String(row.fullName);

/**
 * Whether the account proved it holds its address: students and partners verify with an e-mailed
 * code; job applicants register without one and prove it by the confirmation link (`email_confirmed_at`).
 */
const addressProven = (type: PersonType, row: Record<string, unknown>) =>
  row.isVerified === true && (type !== 'applicant' || row.emailConfirmedAt != null);

const toPerson = (type: PersonType, row: typeof users.$inferSelect): Person => ({
  type,
  id: row.id,
  email: row.email,
  name: nameOf(type, row),
  isVerified: addressProven(type, row),
  createdAt: row.createdAt,
});

/** One account with the fields the privacy services need, or undefined. */
export async function findPerson(db: Db, type: PersonType, id: string): Promise<Person | undefined> {
  const table = personalData[type].account;
  const [row] = await db
    .select()
    .from(table as typeof users)
    .where(eq(table.id, id))
    .limit(1);
  return row ? toPerson(type, row) : undefined;
}

/** Every account of any type registered with an address (staff find a person who wrote in). */
export async function findPeopleByEmail(db: Db, email: string): Promise<Person[]> {
  const wanted = email.trim().toLowerCase();
  const found = await Promise.all(
    (Object.keys(personalData) as PersonType[]).map(async (type) => {
      const table = personalData[type].account;
      const rows = await db
        .select()
        .from(table as typeof users)
        .where(eq(sql`lower(${table.email})`, wanted));
      return rows.map((row) => toPerson(type, row));
    }),
  );
  return found.flat();
}

/**
 * Whether rows found by the address alone (e-mails sent to it, payments, contact messages) are this
 * person's: only when the account proved it holds the address (verified), and no other account of
 * another type still uses it (their own export and erasure cover those rows then).
 */
export async function ownsAddressRows(db: Db, person: Person) {
  if (!person.isVerified) return false;
  const others = (await findPeopleByEmail(db, person.email)).filter(
    (p) => !(p.type === person.type && p.id === person.id),
  );
  return others.length === 0;
}

const byAddress = (column: SQLiteColumn, email: string) => eq(sql`lower(${column})`, email.toLowerCase());

/** The status history of pipeline items, oldest first, keyed by item id. */
export async function historyOf(db: Db, pipeline: Pipeline, ids: string[]) {
  const out = new Map<
    string,
    { fromStatus: string | null; toStatus: string; note: string | null; createdAt: Date }[]
  >();
  // Each item's changes come in one chunk, so each item's history stays oldest first.
  const rows = await readInChunks(ids, (chunk) =>
    db
      .select({
        entityId: statusChanges.entityId,
        fromStatus: statusChanges.fromStatus,
        toStatus: statusChanges.toStatus,
        note: statusChanges.note,
        createdAt: statusChanges.createdAt,
      })
      .from(statusChanges)
      .where(and(eq(statusChanges.entity, pipeline), inArray(statusChanges.entityId, chunk)))
      .orderBy(asc(statusChanges.createdAt)),
  );
  for (const { entityId, ...change } of rows) out.set(entityId, [...(out.get(entityId) ?? []), change]);
  return out;
}

/** Names that make an item readable in the export (the program, the job). */
async function itemContext(db: Db, pipeline: Pipeline | undefined, rows: Record<string, unknown>[]) {
  const ids = rows.map((r) => String(r.id));
  if (ids.length === 0) return new Map<string, Record<string, unknown>>();
  if (pipeline === 'subscription') {
    const { title } = pipelineRegistry.subscription;
    const found = await readInChunks(ids, (chunk) =>
      db
        .select({ id: programApplications.id, program: subjects.name, university: universities.name })
        .from(programApplications)
        .leftJoin(...title.join)
        .leftJoin(universities, eq(universities.id, subjects.universityId))
        .where(inArray(programApplications.id, chunk)),
    );
    return new Map(found.map(({ id, ...rest }) => [id, rest]));
  }
  if (pipeline === 'job_application') {
    const { title } = pipelineRegistry.job_application;
    const found = await readInChunks(ids, (chunk) =>
      db
        .select({ id: jobApplications.id, job: jobs.title, company: jobs.company, location: jobs.location })
        .from(jobApplications)
        .leftJoin(...title.join)
        .where(inArray(jobApplications.id, chunk)),
    );
    return new Map(found.map(({ id, ...rest }) => [id, rest]));
  }
  return new Map<string, Record<string, unknown>>();
}

/** A stored file of the person: its R2 key and the name it was uploaded under. */
export interface PersonFile {
  key: string;
  name: string;
}

/** The person's stored files (documents, CVs). */
export async function filesOf(db: Db, person: Person): Promise<PersonFile[]> {
  const files = personalData[person.type].files;
  if (!files) return [];
  const rows = await db
    .select({ key: sql<string>`${files.key}`, name: sql<string>`${files.name}` })
    .from(files.table)
    .where(eq(files.owner, person.id));
  return rows;
}

/**
 * The export's JSON document: every section of the account type, then what is linked to the
 * person's address (when `ownsAddressRows`), their sessions and the consents we rely on.
 */
export async function collectPersonalData(db: Db, person: Person) {
  const spec = personalData[person.type];
  const [account] = await db
    .select()
    .from(spec.account as typeof users)
    .where(eq(spec.account.id, person.id));
  const sections: Record<string, unknown> = { profile: account ? exportRow(account) : null };
  if (spec.accountPipeline) {
    const history = await historyOf(db, spec.accountPipeline, [person.id]);
    sections.approvalHistory = (history.get(person.id) ?? []).map(exportRow);
  }
  for (const owned of spec.owned) {
    const rows = (await db.select().from(owned.table).where(eq(owned.owner, person.id))) as Record<
      string,
      unknown
    >[];
    const history = owned.pipeline
      ? await historyOf(
          db,
          owned.pipeline,
          rows.map((r) => String(r.id)),
        )
      : undefined;
    const context = await itemContext(db, owned.pipeline, rows);
    sections[owned.name] = rows.map((row) => ({
      ...exportRow(row),
      ...(context.get(String(row.id)) ?? {}),
      ...(history && { statusHistory: (history.get(String(row.id)) ?? []).map(exportRow) }),
    }));
  }
  const type = sessionType[person.type];
  sections.sessions = (
    await db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.accountType, type), eq(sessions.accountId, person.id)))
      .orderBy(desc(sessions.createdAt))
  ).map(exportRow);
  if (await ownsAddressRows(db, person)) {
    sections.emailsSentToYou = (
      await db
        .select({
          subject: outbox.subject,
          status: outbox.status,
          createdAt: outbox.createdAt,
          sentAt: outbox.sentAt,
          text: outbox.text,
        })
        .from(outbox)
        .where(byAddress(outbox.to, person.email))
        .orderBy(desc(outbox.createdAt))
    ).map(exportRow);
    sections.payments = (
      await db.select().from(payments).where(byAddress(payments.payerEmail, person.email))
    ).map(exportRow);
    sections.contactMessages = (
      await db.select().from(contactMessages).where(byAddress(contactMessages.email, person.email))
    ).map(exportRow);
    sections.assistanceRequests = (
      await db.select().from(assistanceRequests).where(byAddress(assistanceRequests.email, person.email))
    ).map(exportRow);
    // Free consultations are booked without an account, by the address.
    sections.consultations = (
      await db
        .select()
        .from(consultations)
        .where(byAddress(consultations.email, person.email))
        .orderBy(desc(consultations.startAt))
    ).map(exportRow);
  } else {
    sections.addressNote = person.isVerified
      ? 'E-mails, payments and messages linked to this address are exported with the other account that uses the same address.'
      : 'This address is not confirmed yet, so e-mails, payments and messages sent from or to it are not included.';
  }
  sections.consents = consentsOf(person, sections);
  return sections;
}

/** The consents and choices we rely on, stated from the rows that record them. */
function consentsOf(person: Person, sections: Record<string, unknown>) {
  const consents: { what: string; given: string; howToWithdraw: string }[] = [
    {
      what: 'Terms and privacy policy accepted when registering',
      given: person.createdAt.toISOString(),
      howToWithdraw: 'Delete your account from your dashboard.',
    },
  ];
  const alerts = (sections.jobAlerts as { createdAt: string }[] | undefined) ?? [];
  for (const alert of alerts) {
    consents.push({
      what: 'Daily e-mail of new jobs matching a saved search (job alert)',
      given: alert.createdAt,
      howToWithdraw: 'Use the unsubscribe link in any alert e-mail, or delete the alert.',
    });
  }
  return consents;
}

/** Matches rate-limit keys naming the account (`…:<id>`) or its address (`…:<email>`). */
const rateLimitKeys = (values: string[]) =>
  or(...values.map((v) => sql`substr(key, -${v.length + 1}) = ${`:${v}`}`)) as SQL;

/**
 * The statements of one erasure, for a single D1 batch (one transaction): the status history and
 * audit details of the person's items (before the items, whose ids they are found by), sessions,
 * codes, rate-limit counters, every owned table, the account, the staff notifications about them,
 * and, when the address's rows are
 * the person's, e-mails sent to it, contact messages, and payments (kept, with the name and
 * e-mail replaced: the law requires the records). Returns the statements and the names of the
 * counts they report, in order.
 */
export function erasureStatements(
  db: Db,
  person: Person,
  options: { addressRows: boolean },
): { statements: Statement[]; counted: (string | null)[] } {
  const spec = personalData[person.type];
  const statements: Statement[] = [];
  const counted: (string | null)[] = [];
  const add = (name: string | null, statement: Statement) => {
    statements.push(statement);
    counted.push(name);
  };
  // Ids of the person's pipeline items, as subqueries: read inside the same transaction.
  const itemIds: { pipeline: Pipeline; ids: SQL }[] = spec.owned
    .filter((o) => o.pipeline)
    .map((o) => ({
      pipeline: o.pipeline!,
      ids: sql`select id from ${o.table} where ${o.owner} = ${person.id}`,
    }));
  if (spec.accountPipeline) itemIds.push({ pipeline: spec.accountPipeline, ids: sql`select ${person.id}` });
  for (const { pipeline, ids } of itemIds) {
    add(
      'statusChanges',
      db
        .delete(statusChanges)
        .where(and(eq(statusChanges.entity, pipeline), sql`${statusChanges.entityId} in (${ids})`)),
    );
    // The audit log keeps who did what and when, without the link to the person or the details.
    add(
      null,
      db
        .update(auditLog)
        .set({ entityId: null, before: null, after: null })
        .where(and(eq(auditLog.entity, pipeline), sql`${auditLog.entityId} in (${ids})`)),
    );
  }
  add(
    null,
    db
      .update(auditLog)
      .set({ entityId: null, before: null, after: null })
      .where(eq(auditLog.entityId, person.id)),
  );
  const type = sessionType[person.type];
  add(
    'sessions',
    db.delete(sessions).where(and(eq(sessions.accountType, type), eq(sessions.accountId, person.id))),
  );
  add(
    null,
    db
      .delete(oneTimeCodes)
      .where(and(eq(oneTimeCodes.accountType, type), eq(oneTimeCodes.accountId, person.id))),
  );
  // Raw SQL: the buckets are found by the end of their key (`name:subject`), a `substr` Drizzle has no operator for.
  add(null, sql`delete from rate_limits where ${rateLimitKeys([person.id, person.email.toLowerCase()])}`);
  for (const owned of spec.owned) add(owned.name, db.delete(owned.table).where(eq(owned.owner, person.id)));
  add('account', db.delete(spec.account).where(eq(spec.account.id, person.id)));
  // Staff notifications that name the person ("New enquiry from …", "… applied to …"): those about
  // the account always, those about the address with the address's other rows.
  const about = [noticeAbout.account(person.type, person.id)];
  if (options.addressRows) about.push(noticeAbout.address(person.email));
  add('staffNotifications', db.delete(outbox).where(inArray(outbox.about, about)));
  if (options.addressRows) {
    add('emails', db.delete(outbox).where(byAddress(outbox.to, person.email)));
    add('contactMessages', db.delete(contactMessages).where(byAddress(contactMessages.email, person.email)));
    add(
      'assistanceRequests',
      db.delete(assistanceRequests).where(byAddress(assistanceRequests.email, person.email)),
    );
    add('consultations', db.delete(consultations).where(byAddress(consultations.email, person.email)));
    add(
      'paymentsAnonymised',
      db
        .update(payments)
        .set({ payerName: ERASED_NAME, payerEmail: ERASED_EMAIL })
        .where(byAddress(payments.payerEmail, person.email)),
    );
  }
  return { statements, counted };
}

/** What a kept payment record says instead of the erased person's name and address. */
export const ERASED_NAME = 'Erased account';
export const ERASED_EMAIL = 'erased';

/** Every ordinary table's name (for the generic checks and the operator's tools). */
export async function allTableNames(db: Db) {
  // Raw SQL: sqlite_master is SQLite's own catalogue, not a table Drizzle knows.
  const rows = await db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'`,
  );
  return rows.map((r) => r.name);
}
