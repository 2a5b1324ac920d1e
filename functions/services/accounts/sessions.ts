import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { insertSession } from '#db/queries/sessions.ts';
import { personOfRoleSql } from '#db/queries/people.ts';
import type { AccountType } from '#db/schema/index.ts';
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
  account: {
    sub: string;
    aud: AccountType;
    role: string;
    remember?: boolean;
    device?: string;
    /**
     * The person signing in, when the role row alone does not say (a member of a partner
     * organisation signs in to its row, which names its owner).
     */
    personId?: string | null;
  },
  now = Date.now(),
) {
  const sid = crypto.randomUUID();
  // The session lasts as long as renewals may: 12 hours, or 7 days with remember me.
  const lifetime = (account.remember ? REMEMBER_SECONDS : SESSION_SECONDS) * 1000;
  await insertSession(db, {
    id: sid,
    accountType: account.aud,
    accountId: account.sub,
    expiresAt: new Date(now + lifetime),
    device: account.device ?? null,
    // The person the row belongs to, read in the same statement: their sessions at every door are one set.
    personId:
      account.aud === 'staff'
        ? null
        : account.personId
          ? sql<string | null>`${account.personId}`
          : personOfRoleSql(account.aud, account.sub),
    createdAt: new Date(now),
    updatedAt: new Date(now),
  });
  const { device: _device, personId: _personId, ...claims } = account;
  return signToken(keys.tokenSecret, keys.tokenIssuer, { ...claims, sid }, now);
}
