import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { documents, educationRecords, languageQualifications, users } from '../schema/index.ts';
import type { DocumentDto, EducationDto, LanguageDto, StudentProfile } from '#schemas/users.ts';
import { listApplications } from './applications.ts';

type EducationRow = typeof educationRecords.$inferSelect;
type DocumentRow = typeof documents.$inferSelect;
type LanguageRow = typeof languageQualifications.$inferSelect;

/** The API path that downloads a student's own document (bearer auth). */
export const documentUrl = (id: string) => `/api/users/document/${id}`;

export const toEducation = (r: EducationRow): EducationDto => ({
  _id: r.id,
  educationLevel: r.educationLevel,
  instituteName: r.instituteName,
  program: r.program,
  degree: r.degree,
  passingYear: r.passingYear,
  startDate: r.startDate,
  expectedEndDate: r.expectedEndDate,
  country: r.country,
  studyLanguage: r.studyLanguage,
  gpa: r.gpa,
});

export const toDocument = (r: DocumentRow): DocumentDto => ({
  _id: r.id,
  documentType: r.documentType,
  documentUrl: documentUrl(r.id),
  fileName: r.originalName,
  size: r.size,
  uploadDate: r.createdAt.toISOString(),
});

export const toLanguage = (r: LanguageRow): LanguageDto => ({ _id: r.id, qualification: r.qualification });

/** The whole profile the dashboard reads (spec 2 section 3), or undefined for an unknown id. */
export async function loadProfile(db: Db, userId: string): Promise<StudentProfile | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  const [education, docs, language, applications] = await Promise.all([
    db
      .select()
      .from(educationRecords)
      .where(eq(educationRecords.userId, userId))
      .orderBy(asc(educationRecords.createdAt)),
    db.select().from(documents).where(eq(documents.userId, userId)).orderBy(asc(documents.createdAt)),
    db
      .select()
      .from(languageQualifications)
      .where(eq(languageQualifications.userId, userId))
      .orderBy(asc(languageQualifications.createdAt)),
    listApplications(db, userId),
  ]);
  return {
    _id: user.id,
    id: user.id,
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    academicStatus: user.academicStatus,
    contactNumber: user.contactNumber,
    currentAddress: user.currentAddress,
    createdAt: user.createdAt.toISOString(),
    isVerified: user.isVerified,
    education: education.map(toEducation),
    documents: docs.map(toDocument),
    language: language.map(toLanguage),
    applications,
  };
}

/** A student's row, or undefined. */
export async function findStudent(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Sets a student's own details; whether the student exists. */
export async function updateStudentDetails(
  db: Db,
  id: string,
  details: Pick<
    typeof users.$inferInsert,
    'fullName' | 'academicStatus' | 'contactNumber' | 'currentAddress'
  >,
) {
  const rows = await db
    .update(users)
    .set({ ...details, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length === 1;
}

type EducationFields = Omit<typeof educationRecords.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/** Updates one of the student's education records; undefined when it is not theirs (or gone). */
export async function updateEducation(db: Db, userId: string, id: string, fields: EducationFields) {
  const [row] = await db
    .update(educationRecords)
    .set(fields)
    .where(and(eq(educationRecords.id, id), eq(educationRecords.userId, userId)))
    .returning();
  return row;
}

export async function insertEducation(db: Db, userId: string, fields: EducationFields) {
  const [row] = await db
    .insert(educationRecords)
    .values({ id: crypto.randomUUID(), userId, ...fields })
    .returning();
  return row!;
}

/** Deletes one of the student's education records; false when it is not theirs (or gone). */
export async function deleteEducation(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(educationRecords)
    .where(and(eq(educationRecords.id, id), eq(educationRecords.userId, userId)))
    .returning({ id: educationRecords.id });
  return row !== undefined;
}

/** Updates one of the student's language qualifications; undefined when it is not theirs (or gone). */
export async function updateLanguage(db: Db, userId: string, id: string, qualification: string) {
  const [row] = await db
    .update(languageQualifications)
    .set({ qualification })
    .where(and(eq(languageQualifications.id, id), eq(languageQualifications.userId, userId)))
    .returning();
  return row;
}

export async function insertLanguage(db: Db, userId: string, qualification: string) {
  const [row] = await db
    .insert(languageQualifications)
    .values({ id: crypto.randomUUID(), userId, qualification })
    .returning();
  return row!;
}

/** Deletes one of the student's language qualifications; false when it is not theirs (or gone). */
export async function deleteLanguage(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(languageQualifications)
    .where(and(eq(languageQualifications.id, id), eq(languageQualifications.userId, userId)))
    .returning({ id: languageQualifications.id });
  return row !== undefined;
}

/**
 * Stores a student's document, in their person's vault too once they are one (the person is read
 * from the student row in the same statement).
 */
export async function insertDocument(
  db: Db,
  document: Omit<typeof documents.$inferInsert, 'id' | 'personId'> & { userId: string },
) {
  const [row] = await db
    .insert(documents)
    .values({
      id: crypto.randomUUID(),
      ...document,
      personId: sql`(select person_id from users where id = ${document.userId})`,
    })
    .returning();
  return row!;
}

/** One of the student's documents, or undefined when it is not theirs. */
export async function findDocument(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .limit(1);
  return row;
}

/** Deletes one of the student's documents; its storage key, or undefined when it is not theirs. */
export async function deleteDocument(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning({ objectKey: documents.objectKey });
  return row?.objectKey;
}
