import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as t from '../schema/index.ts';
import { SAVED_PROGRAMS_MAX } from '#schemas/finder-terms.ts';
import type { SavedProgramsResponse } from '#schemas/saved-programs.ts';
import { programCardColumns, programCardOf } from './programs.ts';

/** A student's saved programs, newest first; retired programs stay listed without their card. */
export async function listSavedPrograms(db: Db, userId: string): Promise<SavedProgramsResponse> {
  const rows = await db
    .select({ saved: t.savedPrograms, active: t.subjects.isActive, ...programCardColumns })
    .from(t.savedPrograms)
    .innerJoin(t.subjects, eq(t.subjects.id, t.savedPrograms.subjectId))
    .leftJoin(t.universities, eq(t.universities.id, t.subjects.universityId))
    .leftJoin(t.countries, eq(t.countries.id, t.subjects.countryId))
    .where(eq(t.savedPrograms.userId, userId))
    .orderBy(desc(t.savedPrograms.createdAt), t.savedPrograms.subjectId);
  return {
    items: rows.map(({ saved, active, ...card }) => ({
      subjectId: saved.subjectId,
      savedAt: saved.createdAt.toISOString(),
      program: active ? programCardOf(card) : null,
    })),
    max: SAVED_PROGRAMS_MAX,
  };
}

export const countSaved = async (db: Db, userId: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(t.savedPrograms)
      .where(eq(t.savedPrograms.userId, userId))
  )[0]?.n ?? 0;

/**
 * Saves one program. The cap is part of the one INSERT (requests arrive in parallel: a count read
 * first and an insert after would let two requests both take the 50th place): the row goes in only
 * if the program is active and the student holds fewer than the cap. Idempotent.
 */
export async function saveProgram(
  db: Db,
  userId: string,
  subjectId: string,
): Promise<'saved' | 'already' | 'unknown' | 'full'> {
  // Raw SQL (docs/decisions/013): a conditional `insert … select … where`, which Drizzle cannot say.
  const inserted = await db.all<{
    subject_id: string;
  }>(sql`insert into saved_programs (user_id, subject_id, created_at)
    select ${userId}, s.id, ${Date.now()} from subjects s
    where s.id = ${subjectId} and s.is_active = 1 and (select count(*) from saved_programs where user_id = ${userId}) < ${SAVED_PROGRAMS_MAX}
    on conflict do nothing returning subject_id`);
  if (inserted.length) return 'saved';
  // Nothing was written; only now read why (the write above already decided).
  // Raw SQL: two `exists` read in one row without a table, which Drizzle's select cannot say.
  const [why] = await db.all<{ saved: number; known: number }>(sql`select
    exists (select 1 from saved_programs where user_id = ${userId} and subject_id = ${subjectId}) as saved,
    exists (select 1 from subjects where id = ${subjectId} and is_active = 1) as known`);
  return why?.saved ? 'already' : !why?.known ? 'unknown' : 'full';
}

export async function unsaveProgram(db: Db, userId: string, subjectId: string) {
  await db
    .delete(t.savedPrograms)
    .where(and(eq(t.savedPrograms.userId, userId), eq(t.savedPrograms.subjectId, subjectId)));
}

/**
 * Merges a visitor's list (from the browser, oldest first) into the student's, in one conditional
 * INSERT: active programs not yet saved, in the visitor's order, up to the places left under the
 * cap. Returns how many were added and how many did not fit.
 */
export async function mergeSavedPrograms(db: Db, userId: string, subjectIds: string[]) {
  const ids = [...new Set(subjectIds)];
  if (!ids.length) return { added: 0, skipped: 0 };
  const now = Date.now();
  // Raw SQL (docs/decisions/013): `insert … select` from json_each with a computed limit, one statement.
  const added = await db.all<{
    subject_id: string;
  }>(sql`insert into saved_programs (user_id, subject_id, created_at)
    select ${userId}, s.id, ${now} + j.key from json_each(${JSON.stringify(ids)}) j join subjects s on s.id = j.value and s.is_active = 1
    where not exists (select 1 from saved_programs p where p.user_id = ${userId} and p.subject_id = s.id)
    order by j.key
    limit max(0, ${SAVED_PROGRAMS_MAX} - (select count(*) from saved_programs where user_id = ${userId}))
    on conflict do nothing returning subject_id`);
  return { added: added.length, skipped: ids.length - added.length };
}
