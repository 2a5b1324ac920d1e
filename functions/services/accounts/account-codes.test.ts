import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { createDb } from '#db/client.ts';
import { oneTimeCodes, users } from '#db/schema/index.ts';
import { requestPasswordReset, resetPassword, sendVerificationCode, verifyAccount } from './account-codes.ts';
import type { EmailMessage, Mailer, SendOutcome } from '../mail/mailer.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { CODE_RULES } from '../security/codes.ts';
import { credentialsById } from '#db/queries/accounts.ts';

const db = createDb(env.DB);

class MemoryMailer implements Mailer {
  sent: EmailMessage[] = [];
  async send(message: EmailMessage): Promise<SendOutcome> {
    this.sent.push(message);
    return 'sent';
  }
  code() {
    return this.sent.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
  }
}

async function student(verified = false) {
  const id = crypto.randomUUID();
  const email = `${id}@example.com`;
  await db.insert(users).values({
    id,
    fullName: 'Code Tester',
    academicStatus: 'x',
    contactNumber: id,
    currentAddress: 'x',
    email,
    passwordHash: await hashPassword('old-password'),
    isVerified: verified,
  });
  return { id, email };
}
/** A student's credentials as sign-in reads them: through their person once they are one (people.ts). */
const row = async (id: string) => (await credentialsById(db, 'student', id))!;
/** Whose codes a student's are: their person's once they are one. */
const codeOwnerOf = async (id: string) => (await row(id)).personId ?? id;

/** The challenge of the browser that asked for the reset in these tests (functions/lib/code-challenges.ts). */
const CHALLENGE = crypto.randomUUID();
const inBrowser = { challenge: CHALLENGE };

/** Requests a reset and then runs what the route defers until after the response; returns how many jobs were deferred. */
async function reset(mailer: Mailer, email: string, challenge = CHALLENGE) {
  const deferred: Promise<unknown>[] = [];
  await requestPasswordReset(
    db,
    mailer,
    'student',
    email,
    challenge,
    async () => 'Ada',
    (work) => deferred.push(work),
  );
  await Promise.all(deferred);
  return deferred.length;
}

class FailingMailer implements Mailer {
  attempts = 0;
  async send(): Promise<SendOutcome> {
    this.attempts++;
    throw Object.assign(new Error('We could not send the e-mail right now. Please try again in a moment.'), {
      status: 503,
    });
  }
}

describe('sendVerificationCode / verifyAccount', () => {
  it('e-mails a code with subject, text and HTML, and the code verifies the account', async () => {
    const s = await student();
    const mailer = new MemoryMailer();
    await sendVerificationCode(db, mailer, 'student', { id: s.id, email: s.email, name: 'Ada' });
    const [mail] = mailer.sent;
    expect(mail).toMatchObject({ to: s.email, subject: expect.stringMatching(/verification code/) });
    expect(mail!.text).toContain(mailer.code()!);
    expect(mail!.html).toContain(mailer.code()!);
    await expect(
      verifyAccount(db, 'student', s, mailer.code() === '000000' ? '111111' : '000000'),
    ).rejects.toMatchObject({ name: 'Invalid', message: 'Invalid or expired OTP. Please try again.' });
    expect((await row(s.id)).isVerified).toBe(false);
    await verifyAccount(db, 'student', s, mailer.code()!);
    expect((await row(s.id)).isVerified).toBe(true);
  });

  it('a send refused by the limits sends nothing', async () => {
    const s = await student();
    const mailer = new MemoryMailer();
    await sendVerificationCode(db, mailer, 'student', { id: s.id, email: s.email, name: 'Ada' });
    await expect(
      sendVerificationCode(db, mailer, 'student', { id: s.id, email: s.email, name: 'Ada' }),
    ).rejects.toMatchObject({ name: 'TooMany' });
    expect(mailer.sent).toHaveLength(1);
  });
});

describe('password reset', () => {
  it('sends nothing and says nothing for an unknown e-mail', async () => {
    const mailer = new MemoryMailer();
    expect(await reset(mailer, 'nobody-known@example.com')).toBe(0);
    expect(mailer.sent).toHaveLength(0);
  });

  it('swallows the send limit silently for a real account', async () => {
    const s = await student(true);
    const mailer = new MemoryMailer();
    await reset(mailer, s.email);
    await expect(reset(mailer, s.email)).resolves.toBe(1);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.subject).toMatch(/password reset code/);
  });

  it('answers before the code is sent: issuing and e-mailing run in the deferred job', async () => {
    const s = await student(true);
    const mailer = new MemoryMailer();
    const deferred: Promise<unknown>[] = [];
    await requestPasswordReset(
      db,
      mailer,
      'student',
      s.email,
      CHALLENGE,
      async () => 'Ada',
      (work) => deferred.push(work),
    );
    expect(deferred).toHaveLength(1);
    expect(mailer.sent).toHaveLength(0);
    await Promise.all(deferred);
    expect(mailer.sent).toHaveLength(1);
  });

  it('a failing mailer changes nothing in the answer, and the withdrawn code lets the next request send at once', async () => {
    const s = await student(true);
    const down = new FailingMailer();
    await expect(reset(down, s.email)).resolves.toBe(1);
    expect(down.attempts).toBe(1);
    // The code whose e-mail failed is withdrawn (deleted): nothing open is left behind.
    expect(
      await db
        .select()
        .from(oneTimeCodes)
        .where(eq(oneTimeCodes.accountId, await codeOwnerOf(s.id))),
    ).toHaveLength(0);
    // Not held by the 60-second wait between codes: the failed code reached nobody.
    const mailer = new MemoryMailer();
    await reset(mailer, s.email);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.subject).toMatch(/password reset code/);
  });

  it('sends no reset code to an address with unverified registrations only', async () => {
    const s = await student(false);
    const mailer = new MemoryMailer();
    expect(await reset(mailer, s.email)).toBe(0);
    expect(mailer.sent).toHaveLength(0);
  });

  it('sets the new password and revokes earlier tokens; the code is single use', async () => {
    const s = await student(true);
    const mailer = new MemoryMailer();
    await reset(mailer, s.email.toUpperCase());
    const before = Date.now();
    await resetPassword(db, 'student', s.email, mailer.code()!, 'brand-new-pw', inBrowser);
    const r = await row(s.id);
    expect(await verifyPassword('brand-new-pw', r.passwordHash)).toBe(true);
    expect(r.isVerified).toBe(true);
    expect(r.tokensValidAfter!.getTime()).toBeGreaterThan(before - 1000);
    await expect(
      resetPassword(db, 'student', s.email, mailer.code()!, 'again-pw', inBrowser),
    ).rejects.toMatchObject({
      name: 'Invalid',
    });
  });

  it('gives an unknown e-mail and a known one without a code the same answer (no enumeration)', async () => {
    const s = await student(true);
    const unknown = await resetPassword(
      db,
      'student',
      'nobody-known@example.com',
      '123456',
      'x-password',
      inBrowser,
    ).catch((e: Error) => e.message);
    const known = await resetPassword(db, 'student', s.email, '123456', 'x-password', inBrowser).catch(
      (e: Error) => e.message,
    );
    expect(known).toBe(unknown);
    // …and after five wrong tries or expiry too.
    const mailer = new MemoryMailer();
    await reset(mailer, s.email);
    const wrong = mailer.code() === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await resetPassword(db, 'student', s.email, wrong, 'x-password', inBrowser).catch(() => undefined);
    expect(
      await resetPassword(db, 'student', s.email, wrong, 'x-password', inBrowser).catch(
        (e: Error) => e.message,
      ),
    ).toBe(unknown);
  });

  it('a code answers only the challenge it was asked for under: another browser’s tries neither match nor use it up', async () => {
    const s = await student(true);
    const mailer = new MemoryMailer();
    await reset(mailer, s.email);
    const code = mailer.code()!;
    for (const challenge of [crypto.randomUUID(), undefined]) {
      for (let i = 0; i < 6; i++)
        await expect(
          resetPassword(db, 'student', s.email, code, 'strangers-pw', { challenge }),
        ).rejects.toMatchObject({ name: 'Invalid' });
    }
    const [stored] = await db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.accountId, await codeOwnerOf(s.id)));
    expect(stored!.attempts).toBe(0);
    await resetPassword(db, 'student', s.email, code, 'owners-new-pw', inBrowser);
    expect(await verifyPassword('owners-new-pw', (await row(s.id)).passwordHash)).toBe(true);
  });

  it('an expired reset code is refused', async () => {
    const s = await student(true);
    const mailer = new MemoryMailer();
    await reset(mailer, s.email);
    await db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - CODE_RULES.ttlMs) })
      .where(eq(oneTimeCodes.accountId, await codeOwnerOf(s.id)));
    await expect(
      resetPassword(db, 'student', s.email, mailer.code()!, 'new-password', inBrowser),
    ).rejects.toMatchObject({ name: 'Invalid' });
    expect(await verifyPassword('old-password', (await row(s.id)).passwordHash)).toBe(true);
  });
});
