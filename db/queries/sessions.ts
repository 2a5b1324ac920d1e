import { and, desc, eq, gt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { people, sessions, type AccountType } from '../schema/index.ts';
import { accountTables } from './accounts.ts';
import { sessionsOfHolder } from './people.ts';

/** Stores a new session row. */
export async function insertSession(
  db: Db,
  row: Omit<typeof sessions.$inferInsert, 'personId'> & { personId: SQL<string | null> | null },
) {
  await db.insert(sessions).values(row);
}

/**
 * What requireAuth needs in one read: the account (it may have been deleted, or its tokens revoked
 * by `tokensValidAfter`) and whether the token's session is still live, joined so each
 * authenticated request costs one D1 round trip, as before sessions existed.
 */
export async function liveSession(
  db: Db,
  type: AccountType,
  accountId: string,
  sid: string,
  now = Date.now(),
) {
  const table = accountTables[type];
  const session = and(
    eq(sessions.id, sid),
    eq(sessions.accountType, type),
    eq(sessions.accountId, table.id),
    gt(sessions.expiresAt, new Date(now)),
  );
  if (type === 'staff') {
    const [row] = await db
      .select({ tokensValidAfter: table.tokensValidAfter, sessionId: sessions.id })
      .from(table)
      .leftJoin(sessions, session)
      .where(eq(table.id, accountId))
      .limit(1);
    if (!row) return undefined;
    return { tokensValidAfter: row.tokensValidAfter, live: row.sessionId !== null, personId: null };
  }
  // A person's revocations (a reset, a new address) reach every door; a role row's own count too.
  // The person is the session's: at a partner organisation's door each member signs in as
  // themselves (the owner's reset does not sign the members out, nor theirs the owner).
  const role = accountTables[type];
  const [row] = await db
    .select({
      tokensValidAfter: sql<number>`max(coalesce(${people.tokensValidAfter}, 0), coalesce(${role.tokensValidAfter}, 0))`,
      sessionId: sessions.id,
      personId: sessions.personId,
    })
    .from(role)
    .leftJoin(
      sessions,
      and(
        eq(sessions.id, sid),
        eq(sessions.accountType, type),
        eq(sessions.accountId, role.id),
        gt(sessions.expiresAt, new Date(now)),
      ),
    )
    .leftJoin(people, eq(people.id, sql`coalesce(${sessions.personId}, ${role.personId})`))
    .where(eq(role.id, accountId))
    .limit(1);
  if (!row) return undefined;
  const after = Number(row.tokensValidAfter);
  return {
    tokensValidAfter: after ? new Date(after) : null,
    live: row.sessionId !== null,
    personId: row.personId,
  };
}

/**
 * Ends one session of an account (signing out on this device, or one from the list), any door's
 * session of the same person included; whether there was one.
 */
export async function endSession(db: Db, type: AccountType | 'person', accountId: string, sid: string) {
  const result = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sid), sessionsOfHolder(type, accountId)));
  return (result.meta.changes ?? 0) > 0;
}

/**
 * The statement that ends every session of an account (sign out everywhere, password reset): for a
 * person, their sessions at every door.
 */
export function endAllSessionsStatement(db: Db, type: AccountType | 'person', accountId: string) {
  return db.delete(sessions).where(sessionsOfHolder(type, accountId));
}

/** Ends every session of an account; returns how many there were. */
export async function endAllSessions(db: Db, type: AccountType | 'person', accountId: string) {
  const result = await endAllSessionsStatement(db, type, accountId);
  return result.meta.changes ?? 0;
}

/** Deletes sessions past their end (the scheduled prune); returns how many. */
export async function pruneExpiredSessions(db: Db, now = Date.now()) {
  const result = await db.delete(sessions).where(lte(sessions.expiresAt, new Date(now)));
  return result.meta.changes ?? 0;
}

/** The live sessions of an account (a person's at every door), newest first (its list of signed-in devices). */
export function liveSessionsOf(db: Db, type: AccountType | 'person', accountId: string, now = Date.now()) {
  return db
    .select({
      id: sessions.id,
      device: sessions.device,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(sessionsOfHolder(type, accountId), gt(sessions.expiresAt, new Date(now))))
    .orderBy(desc(sessions.createdAt));
}

/** The statement that ends every session of an account but one (a password changed on this device). */
export function endOtherSessionsStatement(
  db: Db,
  type: AccountType | 'person',
  accountId: string,
  keep: string,
) {
  return db.delete(sessions).where(and(sessionsOfHolder(type, accountId), ne(sessions.id, keep)));
}
