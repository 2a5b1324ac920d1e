import { and, eq, sql } from 'drizzle-orm';
import { batch } from '#db/batch.ts';
import type { Db } from '#db/client.ts';
import { auditInsert } from '#db/queries/audit.ts';
import { discardUnprovenStatements, roleTables } from '#db/queries/people.ts';
import { findPerson } from './people.ts';
import { endOtherSessionsStatement } from '#db/queries/sessions.ts';
import { getSite } from '#db/queries/site-content.ts';
import { people, sessions, type AccountType } from '#db/schema/index.ts';
import { EMAIL_CODE_WRONG, EMAIL_SAME, EMAIL_TAKEN } from '#schemas/account-settings.ts';
import { normalizeEmail } from '#schemas/email.ts';
import { isUniqueViolation } from '../db-errors.ts';
import { Conflict, Invalid } from '../errors.ts';
import { codeEmail, notificationEmail } from '../mail/emails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { issueCode, verifyCode } from '../security/codes.ts';
import { readPurposeToken, signPurposeToken } from '../security/tokens.ts';

/**
 * Changing a person's e-mail address (docs/decisions/032-one-person-many-roles.md). The new address
 * must be proven before it counts: a code goes to it, bound to the asking browser's challenge and
 * carrying the new address (a stranger who starts a change to someone's address never gets the
 * code, and a change started before that someone registered fails then: the address is theirs).
 * Once confirmed, every other session ends, and the old address is told, with a link that puts it
 * back for 7 days (and signs every device out: whoever changed it is out too).
 */

const UNDO_SECONDS = 7 * 24 * 3600;
const UNDO_AUDIENCE = 'email-change-undo';

/** Whether an address is taken: a person's, or a proven account from before people existed (merged on the way). */
async function taken(db: Db, email: string) {
  return (await findPerson(db, email)) !== undefined;
}

/** E-mails the code for a change to `newEmail` (normalised), bound to `challenge`. */
export async function requestEmailChange(
  db: Db,
  mailer: Mailer,
  person: { id: string; email: string },
  newEmail: string,
  challenge: string,
) {
  const address = normalizeEmail(newEmail);
  if (address === person.email) throw new Invalid(EMAIL_SAME);
  if (await taken(db, address)) throw new Conflict(EMAIL_TAKEN);
  const code = await issueCode(
    db,
    { accountType: 'person', accountId: person.id, purpose: 'email-change', challenge },
    { payload: address },
  );
  await mailer.send(codeEmail(await getSite(db), address, null, code, 'email-change'));
  return address;
}

/**
 * Confirms a change with the code from the new address: one batch makes it the person's address
 * (and every role row's copy), ends the person's other sessions and deletes unproven registrations
 * of the new address; then the old address gets the undo link.
 */
export async function confirmEmailChange(
  db: Db,
  mailer: Mailer,
  keys: { tokenSecret: string; tokenIssuer: string; siteUrl: string },
  holder: { type: AccountType | 'person'; id: string; sid: string; person: { id: string; email: string } },
  code: string,
  challenge: string | undefined,
) {
  const verdict = await verifyCode(
    db,
    {
      accountType: 'person',
      accountId: holder.person.id,
      purpose: 'email-change',
      challenge: challenge ?? crypto.randomUUID(),
    },
    code,
  );
  if (verdict.status !== 'ok' || !verdict.payload) throw new Invalid(EMAIL_CODE_WRONG);
  const address = verdict.payload;
  try {
    await batch(db, [
      ...discardUnprovenStatements(db, address),
      ...moveAddressStatements(db, holder.person.id, holder.person.email, address),
      endOtherSessionsStatement(db, holder.type, holder.id, holder.sid),
      auditInsert(db, {
        staffId: null,
        action: 'person.email-change',
        entity: 'people',
        entityId: holder.person.id,
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN);
    throw error;
  }
  const token = await signPurposeToken(keys.tokenSecret, keys.tokenIssuer, {
    audience: UNDO_AUDIENCE,
    subject: holder.person.id,
    id: crypto.randomUUID(),
    seconds: UNDO_SECONDS,
    claims: { from: holder.person.email, to: address },
  });
  const site = await getSite(db);
  const link = `${keys.siteUrl}/account/email-change/undo?t=${encodeURIComponent(token)}`;
  await mailer.send(
    notificationEmail(site, holder.person.email, `Your ${site.companyName} e-mail address was changed`, [
      'Hello,',
      `The e-mail address of your ${site.companyName} account was changed to ${address}. Your other devices were signed out.`,
      `If you did not do this, put your address back within 7 days with this link, which also signs every device out: ${link}`,
    ]),
  );
  return address;
}

/** The condition, inside a batch, that the person's address is now `address`. */
const addressIs = (personId: string, address: string) =>
  sql`(select email from people where id = ${personId}) = ${address}`;

/**
 * The statements that move a person's address from `from` to `to`: the person while it is still
 * `from`, then every role row's copy only if that happened.
 */
function moveAddressStatements(db: Db, personId: string, from: string, to: string) {
  return [
    db
      .update(people)
      .set({ email: to, updatedAt: new Date() })
      .where(and(eq(people.id, personId), eq(people.email, from))),
    ...Object.values(roleTables).map((table) =>
      db
        .update(table)
        .set({ email: sql`${to}` })
        .where(and(eq(table.personId, personId), addressIs(personId, to))),
    ),
  ];
}

/**
 * Puts the old address back with the link e-mailed to it, while the address is still the one the
 * change set: every session of the person ends and earlier tokens stop working.
 */
export async function undoEmailChange(
  db: Db,
  keys: { tokenSecret: string; tokenIssuer: string },
  token: string,
) {
  const payload = await readPurposeToken(keys.tokenSecret, keys.tokenIssuer, UNDO_AUDIENCE, token);
  const from = typeof payload?.from === 'string' ? payload.from : undefined;
  const to = typeof payload?.to === 'string' ? payload.to : undefined;
  const personId = payload?.sub;
  if (!personId || !from || !to) return undefined;
  const revokeBefore = new Date(Math.floor(Date.now() / 1000) * 1000);
  try {
    const [moved] = await batch(db, [
      ...moveAddressStatements(db, personId, to, from),
      db
        .update(people)
        .set({ tokensValidAfter: revokeBefore })
        .where(and(eq(people.id, personId), eq(people.email, from))),
      // Only when the address went back: an old link cannot sign the person out later.
      db.delete(sessions).where(and(eq(sessions.personId, personId), addressIs(personId, from))),
      auditInsert(db, {
        staffId: null,
        action: 'person.email-change-undone',
        entity: 'people',
        entityId: personId,
      }),
    ]);
    return moved?.meta.changes ? from : undefined;
  } catch (error) {
    // The old address was taken meanwhile (a new registration proven there): nothing to put back.
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}
