import { asc, count, eq, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { staff } from '../schema/index.ts';
import { contains } from './text-search.ts';
import { pageOf } from './page.ts';

// What the back office shows of a staff account: never the password hash or the token cut-off.
const columns = {
  id: staff.id,
  name: staff.name,
  email: staff.email,
  role: staff.role,
  isActive: staff.isActive,
  createdAt: staff.createdAt,
  updatedAt: staff.updatedAt,
};

type NewStaff = typeof staff.$inferInsert;
type StaffChanges = Partial<Pick<NewStaff, 'name' | 'role' | 'isActive'>>;

/** The staff list's page, by name: all accounts, or those whose name or e-mail holds the needle. */
export async function listStaff(
  db: Db,
  filter: { needle?: string | undefined },
  page: { limit: number; offset: number },
) {
  const p = filter.needle;
  const where = p ? or(contains(staff.name, p), contains(staff.email, p)) : undefined;
  return pageOf(
    db
      .select(columns)
      .from(staff)
      .where(where)
      .orderBy(asc(staff.name))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(staff).where(where),
  );
}

/** One staff account as the back office shows it, or undefined. */
export async function findStaffForAdmin(db: Db, id: string) {
  const [row] = await db.select(columns).from(staff).where(eq(staff.id, id));
  return row;
}

/** Whether a staff account with this id exists. */
export async function staffExists(db: Db, id: string) {
  const [row] = await db.select({ id: staff.id }).from(staff).where(eq(staff.id, id));
  return row !== undefined;
}

/** Whether the (normalised) e-mail is taken by a staff account. */
export async function staffEmailTaken(db: Db, email: string) {
  const [row] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
  return row !== undefined;
}

/** The insert of a new staff account, not yet run (the caller batches it with its audit entry). */
export const insertStaffStatement = (db: Db, row: NewStaff) => db.insert(staff).values(row);

/**
 * The update of a staff account, not yet run: name, role and active state, and with
 * `tokensValidAfter` the time before which its tokens stop counting. `passwordHash` replaces the
 * password; `signInChallengeId: null` voids a half-done sign-in.
 */
export const updateStaffStatement = (
  db: Db,
  id: string,
  changes: StaffChanges & { passwordHash?: string; tokensValidAfter?: Date; signInChallengeId?: null },
) =>
  db
    .update(staff)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(staff.id, id));
