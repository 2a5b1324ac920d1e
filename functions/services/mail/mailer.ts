import type { Db } from '#db/client.ts';
import { insertClaimed } from '#db/queries/outbox.ts';
import { config } from '../../lib/config.ts';
import { deliverClaimed, leaseFrom } from './mail-delivery.ts';
import { oneLine, oneLineHeaders } from './header-fields.ts';
import { createTransport, HttpTransport, mailboxTransport, type MailTransport } from './mail-transport.ts';
import type { MailAttachment } from '#schemas/mail.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra message headers, e.g. `List-Unsubscribe` (RFC 8058) on bulk mail. */
  headers?: Record<string, string>;
  /** Files sent with it (a calendar invitation); stored, retried and cleared with the body. */
  attachments?: MailAttachment[];
  /**
   * Send now or never: no retry later (a reminder that arrives after its moment is worse than
   * none). A failed attempt rejects with MailNotSentError, so the sender can try again while it
   * is still on time.
   */
  once?: boolean;
  /**
   * The one-time code the message carries, if any. Such a message is sent at once and never
   * retried later (its code is withdrawn when the send fails, so the person asks for a new one),
   * and production never stores the code, not even in the subject.
   */
  oneTimeCode?: string;
  /**
   * Replace the recipient in the outbox once the message is delivered or given up: the
   * confirmation of an account's erasure must leave no copy of the erased address behind.
   */
  forgetRecipient?: boolean;
  /** Whom a staff notification is about (db/queries/outbox.ts noticeAbout): an erasure removes it by this. */
  about?: string;
}

/**
 * `sent`: the provider took it. `queued`: the attempt failed and the message waits in the outbox
 * for the retry job (5 min, 30 min, 2 h), so it will still reach the person.
 */
export type SendOutcome = 'sent' | 'queued';

/** The message reached nobody and nothing will retry it (a one-time code, or refused outright). */
export class MailNotSentError extends Error {
  constructor(readonly outboxId: string) {
    super('The e-mail could not be sent');
    this.name = 'MailNotSentError';
  }
}

/**
 * Sends e-mail straight away and records each message in the outbox table. Resolves when the
 * message was delivered or is safely queued for a retry; rejects with MailNotSentError when it is
 * neither.
 */
export interface Mailer {
  send(message: EmailMessage): Promise<SendOutcome>;
}

/** How a stored subject reads when production must not keep the code in it. */
const MASKED_CODE = '••••••';

/**
 * The one mailer: writes the message to the outbox already claimed (so the retry job leaves it
 * alone while this attempt runs), hands it to the transport, and records the outcome. With the
 * mailbox transport (development, tests) the outbox row is the delivered mail.
 */
export class OutboxMailer implements Mailer {
  private readonly keepBodies: boolean;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport = mailboxTransport,
    options: { keepBodies?: boolean } = {},
  ) {
    this.keepBodies = options.keepBodies ?? true;
  }

  async send(message: EmailMessage): Promise<SendOutcome> {
    const id = crypto.randomUUID();
    const now = new Date();
    const { oneTimeCode, forgetRecipient, about, once, ...raw } = message;
    // Every header field one line, here where all mail enters: what is stored, retried and sent.
    const content = {
      ...raw,
      to: oneLine(raw.to),
      subject: oneLine(raw.subject),
      headers: oneLineHeaders(raw.headers),
    };
    const retryable = oneTimeCode === undefined && once !== true;
    const body = {
      text: content.text,
      html: content.html,
      headers: content.headers,
      ...(content.attachments?.length ? { attachments: content.attachments } : {}),
    };
    const subject =
      this.keepBodies || !oneTimeCode
        ? content.subject
        : content.subject.replaceAll(oneTimeCode, MASKED_CODE);
    // Production stores no body up front: it is written only if this attempt fails and a retry
    // needs it (docs/decisions/005-outbox-bodies.md).
    await insertClaimed(this.db, {
      id,
      to: content.to,
      subject,
      body: this.keepBodies ? body : null,
      retryable,
      now,
      leaseUntil: leaseFrom(now),
      forgetRecipient: forgetRecipient === true,
      about,
    });
    const status = await deliverClaimed(
      this.db,
      this.transport,
      { id, to: content.to, subject: content.subject, attempts: 1 },
      body,
      {
        now,
        keepBodies: this.keepBodies,
        retryable,
        storeBodyOnFailure: !this.keepBodies,
      },
    );
    if (status === 'sent') return 'sent';
    if (status === 'failed') return 'queued';
    throw new MailNotSentError(id);
  }
}

/** A mailer over an HTTP provider with Resend's API shape (see HttpTransport). */
export class HttpMailer extends OutboxMailer {
  constructor(
    db: Db,
    options: { url: string; apiKey: string; from: string; fetch?: typeof fetch; keepBodies?: boolean },
  ) {
    super(db, new HttpTransport(options), { keepBodies: options.keepBodies ?? false });
  }
}

/**
 * The mailer configuration chooses (lib/config.ts `mail`): the HTTP provider when MAIL_API_URL,
 * MAIL_API_KEY (and, outside development, MAIL_FROM) are set; the outbox as mailbox in development
 * and tests; otherwise a transport that fails every attempt, so messages wait as failed until the
 * settings exist and a retry sends them.
 */
export function createMailer(db: Db, env: Env, options: { fetch?: typeof fetch } = {}): Mailer {
  const settings = config(env).mail;
  return new OutboxMailer(db, createTransport(settings, options.fetch), { keepBodies: settings.keepBodies });
}
