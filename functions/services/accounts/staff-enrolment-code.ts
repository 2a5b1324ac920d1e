import type { Db } from '#db/client.ts';
import type { CodeOwner } from '#db/queries/codes.ts';
import { getSite } from '#db/queries/site-content.ts';
import { issueCode, verifyCode, withdrawCode } from '../security/codes.ts';
import { codeEmail } from '../mail/emails.ts';
import { MailNotSentError, type Mailer } from '../mail/mailer.ts';

/**
 * The code e-mailed to the staff address before a first authenticator app is bound to the account.
 * A password alone (or a session it opened) must never let its holder link their own app to someone
 * else's account and so lock the owner out: the staff mailbox has to answer too.
 *
 * It is a sign-in code (purpose 'signin', 10 minutes, 5 tries, the send limits of every code) bound
 * to the asking browser's sign-in challenge (functions/lib/code-challenges.ts): only that browser's
 * tries reach it, and a code asked for in another browser, or a stranger's guesses, never do.
 */
const enrolmentOwner = (staffId: string, challenge: string): CodeOwner => ({
  accountType: 'staff',
  accountId: staffId,
  purpose: 'signin',
  challenge,
});

/**
 * E-mails a new code under `challenge`. Throws TooMany past the send limits (one a minute, three a
 * quarter of an hour per browser) and MailNotSentError when the e-mail could not go (the code is
 * withdrawn first, so asking again is not held by the one-minute wait).
 */
export async function sendEnrolmentCode(
  db: Db,
  mailer: Mailer,
  staff: { id: string; email: string; name: string },
  challenge: string,
) {
  const owner = enrolmentOwner(staff.id, challenge);
  const code = await issueCode(db, owner);
  try {
    await mailer.send(codeEmail(await getSite(db), staff.email, staff.name, code, 'authenticator'));
  } catch (error) {
    if (error instanceof MailNotSentError) await withdrawCode(db, owner);
    throw error;
  }
}

/** Whether `code` is the one e-mailed under this browser's challenge; a right code is used up. */
export async function enrolmentCodeMatches(
  db: Db,
  staffId: string,
  challenge: string | undefined,
  code: string,
) {
  // A try without a challenge is counted under a fresh one that no code was sent for.
  const verdict = await verifyCode(db, enrolmentOwner(staffId, challenge ?? crypto.randomUUID()), code);
  return verdict.status === 'ok';
}
