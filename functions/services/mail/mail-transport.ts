import type { MailSettings } from '../../lib/config.ts';
import { oneLine } from './header-fields.ts';
import type { MailAttachment } from '#schemas/mail.ts';

/** One message on its way out: the outbox id travels as the provider's idempotency key. */
export interface Envelope {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string> | undefined;
  attachments?: MailAttachment[] | undefined;
}

/** A text file as the provider takes it: base64 of its UTF-8 bytes, with its media type. */
function providerAttachment(a: MailAttachment) {
  let binary = '';
  for (const byte of new TextEncoder().encode(a.content)) binary += String.fromCharCode(byte);
  return { filename: a.filename, content: btoa(binary), content_type: a.contentType };
}

/**
 * What a delivery attempt came to. `error` is ours to write (`HTTP 503`, `timeout`), never the
 * provider's answer, which may quote the address. `permanent`: retrying cannot help (the provider
 * refused the message itself).
 */
export type DeliveryResult =
  { ok: true; providerId: string | null } | { ok: false; error: string; permanent: boolean };

/** Hands a message to whatever delivers it. */
export interface MailTransport {
  deliver(envelope: Envelope): Promise<DeliveryResult>;
}

/** How long one provider call may take before it counts as failed (and is retried later). */
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * An HTTP e-mail API with Resend's shape: `POST {url}` with JSON `{ from, to, subject, text, html,
 * headers? }` and `Authorization: Bearer {key}`; success is a 2xx answer carrying `{ id }`. The
 * outbox id goes as `Idempotency-Key` (Resend keeps keys 24 hours), so an attempt whose answer was
 * lost and is retried is not delivered twice.
 */
export class HttpTransport implements MailTransport {
  constructor(
    private readonly options: {
      url: string;
      apiKey: string;
      from: string;
      fetch?: typeof fetch;
      timeoutMs?: number;
    },
  ) {}

  async deliver(envelope: Envelope): Promise<DeliveryResult> {
    const { id, headers, attachments, ...message } = envelope;
    let res: Response;
    try {
      res = await (this.options.fetch ?? fetch)(this.options.url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${this.options.apiKey}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': id,
        },
        body: JSON.stringify({
          // MAIL_FROM is a setting, not a message field: the mailer never sees it, so it is made one line here.
          from: oneLine(this.options.from),
          ...message,
          ...(headers && Object.keys(headers).length > 0 && { headers }),
          ...(attachments?.length && { attachments: attachments.map(providerAttachment) }),
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? PROVIDER_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return { ok: false, error: timedOut ? 'timeout' : 'network error', permanent: false };
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      // 400 and 422: the provider refused this message (a malformed address, say); anything else
      // (401/403 key or domain settings, 429, 5xx) may pass once the cause is fixed.
      return { ok: false, error: `HTTP ${res.status}`, permanent: res.status === 400 || res.status === 422 };
    }
    const providerId =
      body && typeof body === 'object' && 'id' in body && typeof body.id === 'string' ? body.id : null;
    if (!providerId) return { ok: false, error: `HTTP ${res.status} without a message id`, permanent: false };
    return { ok: true, providerId };
  }
}

/** Development and tests: the outbox table is the mailbox (/dev/mailbox); nothing leaves. */
export const mailboxTransport: MailTransport = {
  deliver: async () => ({ ok: true, providerId: null }),
};

/** Production without mail settings: every attempt fails, so nothing pretends to be sent. */
export function unconfiguredTransport(missing: string[]): MailTransport {
  const error = `mail is not configured (${missing.join(', ')})`;
  return { deliver: async () => ({ ok: false, error, permanent: false }) };
}

/** The transport the settings choose (lib/config.ts `mail`). */
export function createTransport(settings: MailSettings, fetcher?: typeof fetch): MailTransport {
  if (settings.transport === 'http')
    return new HttpTransport({
      url: settings.url,
      apiKey: settings.apiKey,
      from: settings.from,
      ...(fetcher && { fetch: fetcher }),
    });
  if (settings.transport === 'mailbox') return mailboxTransport;
  return unconfiguredTransport(settings.missing);
}
