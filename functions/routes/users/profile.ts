import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { documents, educationRecords, languageQualifications, subjects, programApplications, universities, users } from '../../../db/schema/index.ts';
import type { ApplicationDto, DocumentDto, EducationDto, LanguageDto, StudentProfile } from '../../../schemas/users.ts';

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

/** A student's applications to programs, newest first, with the program's and university's names. */
export async function listApplications(db: Db, userId: string): Promise<ApplicationDto[]> {
  const rows = await db
    .select({ s: programApplications, subjectName: subjects.name, university: universities.name })
    .from(programApplications)
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
    createdAt: s.createdAt.toISOString(),
  }));
}

/** The whole profile the dashboard reads (spec 2 section 3), or undefined for an unknown id. */
export async function loadProfile(db: Db, userId: string): Promise<StudentProfile | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  const [education, docs, language, applications] = await Promise.all([
    db.select().from(educationRecords).where(eq(educationRecords.userId, userId)).orderBy(asc(educationRecords.createdAt)),
    db.select().from(documents).where(eq(documents.userId, userId)).orderBy(asc(documents.createdAt)),
    db.select().from(languageQualifications).where(eq(languageQualifications.userId, userId)).orderBy(asc(languageQualifications.createdAt)),
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
