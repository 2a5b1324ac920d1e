import type { Db } from '#db/client.ts';
import { personOfRole } from '#db/queries/people.ts';
import type { VaultOwner } from '#db/queries/vault.ts';
import type { AccountType } from '#db/schema/index.ts';

/**
 * Whose documents a signed-in role sees: its person's vault, or, for a student registration not
 * yet part of a person, its own uploads. A job seeker not yet confirmed has none (what they upload
 * goes with their applications only, until the address is proven).
 */
export async function vaultOwnerOf(
  db: Db,
  type: AccountType,
  id: string,
  sessionPerson: string | null = null,
): Promise<VaultOwner | undefined> {
  if (type === 'staff') return undefined;
  // The session's person first: a member of a partner organisation signs in to a row that names its owner.
  const personId = sessionPerson ?? (await personOfRole(db, type, id));
  if (personId) return { personId };
  return type === 'student' ? { studentId: id } : undefined;
}
