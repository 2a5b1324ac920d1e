import type { Db } from '#db/client.ts';
import { findPerson } from '#db/queries/personal-data.ts';
import { findPartner } from '#db/queries/partners.ts';
import { organisationAsMember } from '#db/queries/partner-members.ts';
import { rolesOf } from '#db/queries/people.ts';
import type { Mailer } from '../mail/mailer.ts';
import { leaveOrganisation, partnerRoleDeletion } from '../accounts/partner-members.ts';
import { erasePerson } from './personal-data.ts';

/**
 * Deleting the whole account: every role the person holds (student, job seeker, partner
 * organisation they own, membership of another), then the person, whichever door they asked at
 * (docs/decisions/032-one-person-many-roles.md). `check` runs before anything is deleted: an owner
 * whose organisation has other members is refused (409) as at the partner door, and the caller
 * confirms the password there. Each role goes in its own transaction, as it does at its door; the
 * person's row goes with the last, so a run stopped half-way is finished by asking again.
 */
export async function eraseWholeAccount(
  db: Db,
  bucket: R2Bucket,
  mailer: Mailer,
  personId: string,
  check: () => Promise<void>,
) {
  const [roles, membership] = await Promise.all([rolesOf(db, personId), organisationAsMember(db, personId)]);
  const owned = roles.partner ? await findPartner(db, roles.partner) : undefined;
  if (owned) await partnerRoleDeletion(db, owned, personId);
  await check();
  const removed: Record<string, number> = {};
  let files = 0;
  const add = (counts: Record<string, number>) => {
    for (const [name, n] of Object.entries(counts)) removed[name] = (removed[name] ?? 0) + n;
  };
  if (membership) add(await leaveOrganisation(db, membership, personId));
  for (const [type, id] of [
    ['student', roles.student],
    ['applicant', roles.applicant],
    ['partner', owned?.id],
  ] as const) {
    const person = id ? await findPerson(db, type, id) : undefined;
    if (!person) continue;
    const result = await erasePerson(db, bucket, mailer, person, { staffId: null });
    add(result.removed);
    files += result.files;
  }
  return { removed, files };
}
