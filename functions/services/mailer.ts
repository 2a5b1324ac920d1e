import { eq } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail. Every sender also records the message in the outbox table. */
export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/** Development and tests: the outbox is the mailbox (read it at /dev/mailbox). */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: Db) {}
  async send(message: EmailMessage) {
    await this.db.insert(outbox).values({ id: crypto.randomUUID(), ...message, status: 'sent' });
  }
}

/**
 * Production: an HTTP e-mail API that accepts `{ from, to, subject, text, html }` with a bearer key
 * (Resend, Postmark-compatible relays and most transactional providers accept this shape).
 */
export class HttpMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly options: { url: string; apiKey: string; from: string; fetch?: typeof fetch },
  ) {}
  async send(message: EmailMessage) {
    const id = crypto.randomUUID();
    await this.db.insert(outbox).values({ id, ...message, status: 'queued' });
    let ok = false;
    try {
      const res = await (this.options.fetch ?? fetch)(this.options.url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.options.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ from: this.options.from, ...message }),
      });
      ok = res.ok;
    } catch {
      ok = false;
    }
    await this.db.update(outbox).set({ status: ok ? 'sent' : 'failed' }).where(eq(outbox.id, id));
    if (!ok) throw new HTTPException(503, { message: 'We could not send the e-mail right now. Please try again in a moment.' });
  }
}

/** Picks the sender from configuration: an HTTP provider when MAIL_API_URL is set, else the outbox. */
export function createMailer(db: Db, env: Env): Mailer {
  const vars = env as Env & { MAIL_API_URL?: string; MAIL_API_KEY?: string; MAIL_FROM?: string };
  if (vars.MAIL_API_URL && vars.MAIL_API_KEY) {
    return new HttpMailer(db, { url: vars.MAIL_API_URL, apiKey: vars.MAIL_API_KEY, from: vars.MAIL_FROM ?? 'no-reply@example.com' });
  }
  return new OutboxMailer(db);
}
