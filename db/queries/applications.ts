import { and, asc, count, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { documents, subjects, programApplications, universities, users } from '../schema/index.ts';
import { contains } from './text-search.ts';
import type { ApplicationDto } from '#schemas/users.ts';
import { pageOf } from './page.ts';
import { pipelineRegistry } from './pipeline-registry.ts';
import { moveIfChanged } from './stage-history.ts';
import { batch } from '../batch.ts';
import { pipelines } from '#schemas/pipelines.ts';

// The staff lists join an application's student (owner) and program (title) as the registry says.
const application = pipelineRegistry.subscription;

/** A student's applications to programs, newest first, with the program's and university's names. */
export async function listApplications(db: Db, userId: string): Promise<ApplicationDto[]> {
  const rows = await db
    .select({ s: programApplications, subjectName: subjects.name, university: universities.name })
    .from(programApplications)
    // Not the registry's left join of the program: this list's response names a program on every row
    // (ApplicationDto.subjectName is required), so an application whose program is gone is left out.
    .innerJoin(subjects, eq(subjects.id, programApplications.subjectId))
    .leftJoin(universities, eq(universities.id, subjects.universityId))
    .where(eq(programApplications.userId, userId))
    .orderBy(desc(programApplications.createdAt));
  return rows.map(({ s, subjectName, university }) => ({
    _id: s.id,
    subjectId: s.subjectId,
    subjectName,
    university: university ?? 'Unknown University',
    status: s.status,
    intake: s.intake,
    createdAt: s.createdAt.toISOString(),
  }));
}

/** An active program (subject) that can be applied to, with its intakes and university, or undefined. */
export async function findOpenSubject(db: Db, subjectId: string) {
  const [subject] = await db
    .select({
      id: subjects.id,
      name: subjects.name,
      studyPlan: subjects.studyPlan,
      university: universities.name,
    })
    .from(subjects)
    .leftJoin(universities, eq(universities.id, subjects.universityId))
    .where(and(eq(subjects.id, subjectId), eq(subjects.isActive, true)))
    .limit(1);
  return subject;
}

/**
 * Records an application, or returns undefined when the student already applied: the unique
 * (user, subject) index decides, so two clicks at once cannot both succeed.
 */
export async function createApplication(
  db: Db,
  userId: string,
  subjectId: string,
  intake: string | null = null,
) {
  const id = crypto.randomUUID();
  const at = new Date();
  // The application and its entry into the history in one batch: no history row unless it was created.
  const [inserted] = await batch(db, [
    db
      .insert(programApplications)
      .values({ id, userId, subjectId, intake, createdAt: at, updatedAt: at })
      .onConflictDoNothing({ target: [programApplications.userId, programApplications.subjectId] }),
    moveIfChanged({
      entity: 'subscription',
      entityId: id,
      ownerId: userId,
      from: null,
      to: pipelines.subscription.initial,
      actor: 'person',
      at: at.getTime(),
    }),
  ]);
  if (!inserted?.meta.changes) return undefined;
  const [row] = await db.select().from(programApplications).where(eq(programApplications.id, id));
  return row;
}

const staffColumns = {
  id: programApplications.id,
  status: programApplications.status,
  intake: programApplications.intake,
  createdAt: programApplications.createdAt,
  updatedAt: programApplications.updatedAt,
  userId: users.id,
  studentName: users.fullName,
  studentEmail: users.email,
  subjectId: programApplications.subjectId,
  subjectName: subjects.name,
  universityName: universities.name,
};
const staffSelect = (db: Db) =>
  db
    .select(staffColumns)
    .from(programApplications)
    .innerJoin(...application.owner.join)
    .leftJoin(...application.title.join)
    .leftJoin(universities, eq(universities.id, subjects.universityId));

/** The back office's page of program applications, newest first, with student and program: by status or a search needle. */
export async function listApplicationsForStaff(
  db: Db,
  filter: {
    status?: (typeof programApplications.$inferSelect)['status'] | undefined;
    needle?: string | undefined;
  },
  page: { limit: number; offset: number },
) {
  const p = filter.needle;
  const where = and(
    filter.status ? eq(programApplications.status, filter.status) : undefined,
    p ? or(contains(users.fullName, p), contains(users.email, p), contains(subjects.name, p)) : undefined,
  );
  return pageOf(
    staffSelect(db)
      .where(where)
      .orderBy(desc(programApplications.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(programApplications)
      .innerJoin(...application.owner.join)
      .leftJoin(...application.title.join)
      .where(where),
  );
}

/** One program application as staff see it, with the student's contact and study details; undefined when unknown. */
export async function findApplicationForStaff(db: Db, id: string) {
  const [item] = await staffSelect(db).where(eq(programApplications.id, id));
  if (!item) return undefined;
  const [student] = await db
    .select({
      fullName: users.fullName,
      email: users.email,
      contactNumber: users.contactNumber,
      academicStatus: users.academicStatus,
      currentAddress: users.currentAddress,
    })
    .from(users)
    .where(eq(users.id, item.userId));
  const docs = await db
    .select()
    .from(documents)
    .where(eq(documents.userId, item.userId))
    .orderBy(asc(documents.createdAt));
  return {
    item,
    student,
    documents: docs.map((d) => ({
      _id: d.id,
      documentType: d.documentType,
      originalName: d.originalName,
      size: d.size,
      uploadDate: d.createdAt.toISOString(),
    })),
  };
}

/**
 * A document of the student behind an application, for staff: undefined unless the document
 * belongs to that application's student (an id from another student's file opens nothing).
 */
export async function findApplicationDocument(db: Db, applicationId: string, documentId: string) {
  const [row] = await db
    .select({ objectKey: documents.objectKey, originalName: documents.originalName })
    .from(programApplications)
    .innerJoin(documents, eq(documents.userId, programApplications.userId))
    .where(and(eq(programApplications.id, applicationId), eq(documents.id, documentId)))
    .limit(1);
  return row;
}
