import { env } from 'cloudflare:test';
import { createDb } from '../../db/client.ts';
import type { AccountType } from '../../db/schema/index.ts';
import { startSession } from '../services/sessions.ts';

/** A token as a sign-in makes it: a live session row and a token carrying its id. */
export function sessionToken(account: { sub: string; aud: AccountType; role: string; remember?: boolean }, now = Date.now()) {
  return startSession(createDb(env.DB), { tokenSecret: env.TOKEN_SECRET, tokenIssuer: env.TOKEN_ISSUER || 'bridgeway-global' }, account, now);
}

/** A session id no session row has: for tokens meant to be refused before the session is looked up. */
export const NO_SESSION = 'no-session';
