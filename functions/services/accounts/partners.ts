import type { Db } from '#db/client.ts';
import { findPartner } from '#db/queries/partners.ts';
import { Unauthenticated } from '../errors.ts';

/** The authenticated partner's row (the token was checked by requireAuth); a deleted account is a dead session. */
export async function currentPartner(db: Db, id: string) {
  const row = await findPartner(db, id);
  if (!row) throw new Unauthenticated('Your session is not valid. Please log in again.');
  return row;
}
