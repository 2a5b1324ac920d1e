import { and, desc, eq, gt, lte, ne } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { sessions, type AccountType } from '../schema/index.ts';
import { accountTables } from './accounts.ts';

/** Stores a new session row. */
export async function insertSession(db: Db, row: typeof sessions.$inferInsert) {
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
  const [row] = await db
    .select({ tokensValidAfter: table.tokensValidAfter, sessionId: sessions.id })
    .from(table)
    .leftJoin(
      sessions,
      and(
        eq(sessions.id, sid),
        eq(sessions.accountType, type),
        eq(sessions.accountId, table.id),
        gt(sessions.expiresAt, new Date(now)),
      ),
    )
    .where(eq(table.id, accountId))
    .limit(1);
  if (!row) return undefined;
  return { tokensValidAfter: row.tokensValidAfter, live: row.sessionId !== null };
}

/** Ends one session of an account (signing out on this device, or one from the list); whether there was one. */
export async function endSession(db: Db, type: AccountType, accountId: string, sid: string) {
  const result = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sid), eq(sessions.accountType, type), eq(sessions.accountId, accountId)));
  return (result.meta.changes ?? 0) > 0;
}

/** The statement that ends every session of an account (sign out everywhere, password reset). */
export function endAllSessionsStatement(db: Db, type: AccountType, accountId: string) {
  return db.delete(sessions).where(and(eq(sessions.accountType, type), eq(sessions.accountId, accountId)));
}

/** Ends every session of an account; returns how many there were. */
export async function endAllSessions(db: Db, type: AccountType, accountId: string) {
  const result = await endAllSessionsStatement(db, type, accountId);
  return result.meta.changes ?? 0;
}

/** Deletes sessions past their end (the scheduled prune); returns how many. */
export async function pruneExpiredSessions(db: Db, now = Date.now()) {
  const result = await db.delete(sessions).where(lte(sessions.expiresAt, new Date(now)));
  return result.meta.changes ?? 0;
}

/** The live sessions of an account, newest first (its list of signed-in devices). */
export function liveSessionsOf(db: Db, type: AccountType, accountId: string, now = Date.now()) {
  return db
    .select({
      id: sessions.id,
      device: sessions.device,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.accountType, type),
        eq(sessions.accountId, accountId),
        gt(sessions.expiresAt, new Date(now)),
      ),
    )
    .orderBy(desc(sessions.createdAt));
}

/** The statement that ends every session of an account but one (a password changed on this device). */
export function endOtherSessionsStatement(db: Db, type: AccountType, accountId: string, keep: string) {
  return db
    .delete(sessions)
    .where(and(eq(sessions.accountType, type), eq(sessions.accountId, accountId), ne(sessions.id, keep)));
}
