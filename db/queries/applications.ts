import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { subjects, programApplications, universities } from '../schema/index.ts';
import type { ApplicationDto } from '#schemas/users.ts';

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

/** An active program (subject) that can be applied to, or undefined. */
export async function findOpenSubject(db: Db, subjectId: string) {
  const [subject] = await db
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.id, subjectId), eq(subjects.isActive, true)))
    .limit(1);
  return subject;
}

/**
 * Records an application, or returns undefined when the student already applied: the unique
 * (user, subject) index decides, so two clicks at once cannot both succeed.
 */
export async function createApplication(db: Db, userId: string, subjectId: string) {
  const [created] = await db
    .insert(programApplications)
    .values({ id: crypto.randomUUID(), userId, subjectId })
    .onConflictDoNothing({ target: [programApplications.userId, programApplications.subjectId] })
    .returning();
  return created;
}
