import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { sessions, type AccountType } from '#db/schema/index.ts';
import { accountTables } from './accounts.ts';
import { REMEMBER_SECONDS, SESSION_SECONDS, signToken } from '../security/tokens.ts';

/**
 * Server-side sessions. A sign-in stores a session row and puts its id in the token (`sid`);
 * requireAuth accepts a token only while its row exists, and renewed tokens keep the same id. So
 * signing out (deleting the row) ends the token and every renewed copy of it, wherever they are.
 */

interface SigningKeys {
  tokenSecret: string;
  tokenIssuer: string;
}

/** Starts a session for an account that just proved its password, and returns its first token. */
export async function startSession(
  db: Db,
  keys: SigningKeys,
  account: { sub: string; aud: AccountType; role: string; remember?: boolean },
  now = Date.now(),
) {
  const sid = crypto.randomUUID();
  // The session lasts as long as renewals may: 12 hours, or 7 days with remember me.
  const lifetime = (account.remember ? REMEMBER_SECONDS : SESSION_SECONDS) * 1000;
  await db.insert(sessions).values({
    id: sid,
    accountType: account.aud,
    accountId: account.sub,
    expiresAt: new Date(now + lifetime),
    createdAt: new Date(now),
    updatedAt: new Date(now),
  });
  return signToken(keys.tokenSecret, keys.tokenIssuer, { ...account, sid }, now);
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

/** Ends one session (signing out on this device). */
export async function endSession(db: Db, type: AccountType, accountId: string, sid: string) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.id, sid), eq(sessions.accountType, type), eq(sessions.accountId, accountId)));
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
