// The production mail transport (Resend's API shape, against
// the fake provider in functions/test/mail-fake), fail-closed configuration, and what the outbox
// keeps in production.
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '#db/client.ts';
import { outbox } from '#db/schema/index.ts';
import { config } from '../../lib/config.ts';
import { program, received, withFakeMail } from '../../test/mail-fake/client.ts';
import { codeEmail, notificationEmail } from './emails.ts';
import { createMailer, MailNotSentError } from './mailer.ts';
import { postJson, testBrand } from '../../test/fixtures/index.ts';

const db = createDb(env.DB);
const row = async (to: string) => (await db.select().from(outbox).where(eq(outbox.to, to)))[0]!;
const production = (overrides: Record<string, unknown> = {}) =>
  withFakeMail({ ENVIRONMENT: 'production', ...overrides });

describe('HTTP mail transport (Resend API shape)', () => {
  it('POSTs { from, to, subject, text, html, headers } with the bearer key and the outbox id as Idempotency-Key; stores the provider id', async () => {
    const to = 'transport-shape@example.com';
    const message = {
      ...notificationEmail(testBrand, to, 'Your receipt', ['Thank you.']),
      headers: {
        'List-Unsubscribe': '<https://example.com/u/1>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
    expect(await createMailer(db, withFakeMail()).send(message)).toBe('sent');
    const [request] = await received(to);
    const stored = await row(to);
    expect(request).toMatchObject({
      answered: 200,
      outcome: 'delivered',
      idempotencyKey: stored.id,
      body: {
        from: 'Example Sender <mail@example.com>',
        to,
        subject: 'Your receipt',
        text: message.text,
        html: message.html,
        headers: message.headers,
      },
    });
    expect(stored).toMatchObject({
      status: 'sent',
      attempts: 1,
      providerId: request!.id,
      lastError: null,
      retryable: true,
    });
    expect(stored.sentAt).toBeInstanceOf(Date);
  });

  it('a provider refusal or a wrong key never counts as sent: 401 waits for a retry, 422 is given up at once', async () => {
    const wrongKey = 'transport-401@example.com';
    expect(
      await createMailer(db, withFakeMail({ MAIL_API_KEY: 'not-the-key' })).send(
        notificationEmail(testBrand, wrongKey, 's', ['t']),
      ),
    ).toBe('queued');
    expect(await row(wrongKey)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'HTTP 401' });
    const refused = 'transport-422@example.com';
    await program(refused, 1, { status: 422 });
    await expect(
      createMailer(db, withFakeMail()).send(notificationEmail(testBrand, refused, 's', ['t'])),
    ).rejects.toBeInstanceOf(MailNotSentError);
    expect(await row(refused)).toMatchObject({ status: 'dead', lastError: 'HTTP 422', nextAttemptAt: null });
  });
});

describe('mail configuration fails closed', () => {
  it('production without MAIL_API_URL, MAIL_API_KEY or MAIL_FROM names what is missing and sends nothing', async () => {
    const bare = { ...env, ENVIRONMENT: 'production' } as Env;
    expect(config(bare).mail).toEqual({
      transport: 'unconfigured',
      keepBodies: false,
      missing: ['MAIL_API_URL', 'MAIL_API_KEY', 'MAIL_FROM'],
    });
    // MAIL_FROM is required in production (only development and tests may default it).
    expect(config(production({ MAIL_FROM: '' })).mail).toMatchObject({
      transport: 'unconfigured',
      missing: ['MAIL_FROM'],
    });
    expect(config(withFakeMail({ ENVIRONMENT: 'development', MAIL_FROM: '' })).mail).toMatchObject({
      transport: 'http',
    });
    // An unknown or missing ENVIRONMENT is production.
    expect(config({ ...env, ENVIRONMENT: 'staging' }).mail.transport).toBe('unconfigured');

    const to = 'unconfigured@example.com';
    expect(
      await createMailer(db, bare).send(notificationEmail(testBrand, to, 'Hello', ['A notification.'])),
    ).toBe('queued');
    const stored = await row(to);
    expect(stored).toMatchObject({
      status: 'failed',
      lastError: 'mail is not configured (MAIL_API_URL, MAIL_API_KEY, MAIL_FROM)',
    });
    // Pending a retry, so the body is kept for it (it is sent once the settings exist).
    expect(stored.text).toContain('A notification.');
    await expect(
      createMailer(db, bare).send(codeEmail(testBrand, to, 'Ada', '123456', 'verify')),
    ).rejects.toBeInstanceOf(MailNotSentError);
  });

  it('development and tests without a provider use the outbox as the mailbox', () => {
    expect(config({ ...env, ENVIRONMENT: 'development' }).mail).toEqual({
      transport: 'mailbox',
      keepBodies: true,
      missing: [],
    });
    expect(config(env).mail.transport).toBe('mailbox');
  });
});

describe('the outbox in production', () => {
  it('keeps recipient, subject, status and time of a delivered message: no body, no headers, no code', async () => {
    const to = 'prod-delivered@example.com';
    await createMailer(db, production()).send({
      ...notificationEmail(testBrand, to, 'Your receipt', ['Amount paid: $10.00']),
      headers: { 'List-Unsubscribe': '<https://example.com/u/2>' },
    });
    expect(await row(to)).toMatchObject({
      to,
      subject: 'Your receipt',
      status: 'sent',
      text: null,
      html: null,
      headers: null,
    });

    const codeTo = 'prod-code@example.com';
    await createMailer(db, production()).send(codeEmail(testBrand, codeTo, 'Ada', '654321', 'verify'));
    const code = await row(codeTo);
    expect(code).toMatchObject({ status: 'sent', text: null, html: null, retryable: false });
    expect(code.subject).toBe(`Your ${testBrand.companyName} verification code: ••••••`);
    // The provider got the real message.
    expect((await received(codeTo))[0]!.body.subject).toBe(
      `Your ${testBrand.companyName} verification code: 654321`,
    );
    // Nothing in the row holds the code.
    expect(JSON.stringify(code)).not.toContain('654321');
  });

  it('stores the body only when a send fails and a retry needs it; a one-time code is never stored', async () => {
    const to = 'prod-failed@example.com';
    await program(to, 2);
    expect(
      await createMailer(db, production()).send(
        notificationEmail(testBrand, to, 'Status update', ['It moved.']),
      ),
    ).toBe('queued');
    const failed = await row(to);
    expect(failed).toMatchObject({ status: 'failed', lastError: 'HTTP 503' });
    expect(failed.text).toContain('It moved.');

    await expect(
      createMailer(db, production()).send(codeEmail(testBrand, to, 'Ada', '112233', 'reset')),
    ).rejects.toBeInstanceOf(MailNotSentError);
    const [dead] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.retryable, false))
      .then((rows) => rows.filter((r) => r.to === to));
    expect(dead).toMatchObject({
      status: 'dead',
      text: null,
      html: null,
      subject: `Your ${testBrand.companyName} password reset code: ••••••`,
    });
  });
});

describe('header fields go out on one line, whoever wrote them', () => {
  // A line break in a subject or a name would end the field, and the rest would read as a header of
  // its own: made one line where mail enters the mailer, for every caller.
  const injected = 'Hello\r\nBcc: everyone@example.com\n\nSpoofed body';

  it('subject, To, extra headers and From: each one line on the wire and in the outbox', async () => {
    const to = 'header-fold@example.com';
    const message = {
      ...notificationEmail(testBrand, `${to}\r\n`, `Contact form: ${injected}`, ['Body.']),
      headers: {
        'List-Unsubscribe': '<https://example.com/u/3>\r\nBcc: everyone@example.com',
        'X-Bad\r\nBcc': 'everyone@example.com',
      },
    };
    const mailer = createMailer(
      db,
      withFakeMail({ MAIL_FROM: 'Bridgeway\r\nBcc: everyone@example.com <mail@example.com>' }),
    );
    expect(await mailer.send(message)).toBe('sent');
    const [request] = await received(to);
    expect(request!.body).toMatchObject({
      from: 'Bridgeway Bcc: everyone@example.com <mail@example.com>',
      to,
      subject: 'Contact form: Hello Bcc: everyone@example.com Spoofed body',
      headers: { 'List-Unsubscribe': '<https://example.com/u/3> Bcc: everyone@example.com' },
    });
    expect(Object.keys(request!.body.headers ?? {})).toEqual(['List-Unsubscribe']);
    expect((await row(to)).subject).toBe('Contact form: Hello Bcc: everyone@example.com Spoofed body');
  });

  it("the contact forms' subject and name reach the staff notice on one line", async () => {
    // Every staff notice's subject: workerd's clock stands still between I/O, so two notices may share a time.
    const notices = async () =>
      (await db.select().from(outbox).where(eq(outbox.to, 'staff-alerts@example.com'))).map((r) => r.subject);
    const home = await postJson('/api/contact', {
      firstName: 'Eve',
      lastName: 'Example',
      email: 'eve@example.com',
      phone: '+44 20 7946 0123',
      subject: injected,
      country: 'Canada',
      message: 'Which intakes are open?',
    });
    expect(home.status).toBe(201);
    expect(await notices()).toContain('Contact form: Hello Bcc: everyone@example.com Spoofed body');
    const landing = await postJson('/api/sendsmsus', {
      fullName: 'Eve\r\nBcc: everyone@example.com',
      email: 'eve@example.com',
      nnumber: '+44 20 7946 0123',
      details: 'I would like to study data science in the UK.',
    });
    expect(landing.status).toBe(201);
    expect(await notices()).toContain('New enquiry from Eve Bcc: everyone@example.com');
    expect((await notices()).filter((subject) => /[\r\n]/.test(subject))).toEqual([]);
  });
});
