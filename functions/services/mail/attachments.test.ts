// Files sent with a message (a consultation's calendar invitation): handed to the provider as
// base64 of their UTF-8 text with their media type, kept and retried with the body, and cleared
// with it in production once the message is settled.
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '#db/client.ts';
import { outbox } from '#db/schema/index.ts';
import { program, received, withFakeMail } from '../../test/mail-fake/client.ts';
import { testBrand } from '../../test/fixtures/index.ts';
import { notificationEmail } from './emails.ts';
import { retryDueMail } from './mail-delivery.ts';
import { createMailer } from './mailer.ts';

const db = createDb(env.DB);
const row = async (to: string) => (await db.select().from(outbox).where(eq(outbox.to, to)))[0]!;
const invitation = {
  filename: 'invite.ics',
  contentType: 'text/calendar; charset=utf-8; method=REQUEST',
  content: 'BEGIN:VCALENDAR\r\nSUMMARY:Consultation with Zoë Ó Súilleabháin\r\nEND:VCALENDAR\r\n',
};
const fromBase64 = (text: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));

describe('mail attachments', () => {
  it('reach the provider as base64 of their UTF-8 text, with their media type', async () => {
    const to = 'attachment-shape@example.com';
    const message = {
      ...notificationEmail(testBrand, to, 'Your consultation', ['Booked.']),
      attachments: [invitation],
    };
    expect(await createMailer(db, withFakeMail()).send(message)).toBe('sent');
    const [request] = await received(to);
    const sent = (
      request!.body as unknown as {
        attachments: { filename: string; content: string; content_type: string }[];
      }
    ).attachments;
    expect(sent).toEqual([
      { filename: 'invite.ics', content: expect.any(String), content_type: invitation.contentType },
    ]);
    expect(fromBase64(sent[0]!.content)).toBe(invitation.content);
  });

  it('in production: kept only while a retry needs them, sent again by the retry, then cleared with the body', async () => {
    const to = 'attachment-retry@example.com';
    const bindings = withFakeMail({ ENVIRONMENT: 'production' });
    await program(to, 1, { status: 503 });
    const message = {
      ...notificationEmail(testBrand, to, 'Your consultation', ['Booked.']),
      attachments: [invitation],
    };
    expect(await createMailer(db, bindings).send(message)).toBe('queued');
    expect((await row(to)).attachments).toEqual([invitation]);
    await retryDueMail(db, bindings, new Date(Date.now() + 6 * 60_000));
    const [, retried] = await received(to);
    const body = retried!.body as unknown as { attachments: { content: string }[] };
    expect(fromBase64(body.attachments[0]!.content)).toBe(invitation.content);
    expect(await row(to)).toMatchObject({ status: 'sent', text: null, attachments: null });
  });
});
