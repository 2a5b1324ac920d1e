import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { desc, eq } from 'drizzle-orm';
import { createDb } from '../../../db/client.ts';
import { contactMessages, outbox } from '../../../db/schema/index.ts';
import { postJson, request } from '../../test/request.ts';

const db = () => createDb(env.DB);
const staffMail = async () => db().select().from(outbox).where(eq(outbox.to, 'staff-alerts@example.com')).orderBy(desc(outbox.createdAt));

const landing = { fullName: 'Ada Lovelace', email: 'Ada@Example.com ', nnumber: '+44 20 7946 0123', details: 'I would like to study data science in the UK.' };
const home = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', phone: '+1 555 0100', subject: 'Masters in Canada', country: 'Canada', message: 'Which intakes are open?' };

describe('POST /api/sendsmsus', () => {
  it('stores a landing message and notifies the staff', async () => {
    const res = await postJson('/api/sendsmsus', landing);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, message: 'Your message has been sent successfully!' });
    const rows = await db().select().from(contactMessages).where(eq(contactMessages.kind, 'landing'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0123', message: landing.details, status: 'unread' });
    const mail = await staffMail();
    expect(mail[0]?.text).toContain('Ada Lovelace');
    expect(mail[0]?.text).toContain(landing.details);
  });

  it.each([
    [{ ...landing, fullName: '  ' }, 'Name is required'],
    [{ ...landing, fullName: undefined }, 'Name is required'],
    [{ ...landing, email: '' }, 'Email is required'],
    [{ ...landing, email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ ...landing, nnumber: '' }, 'Phone is required'],
    [{ ...landing, nnumber: 'call me' }, 'Please enter a valid phone number'],
    [{ ...landing, details: '' }, 'Message is required'],
    [{ ...landing, details: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
    [{ ...landing, fullName: 42 }, 'Name is required'],
  ])('rejects a bad body with 400 (%#)', async (body, message) => {
    const res = await postJson('/api/sendsmsus', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await request('/api/sendsmsus', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"fullName":' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toBeTruthy();
  });

  it('stores nothing for a rejected body', async () => {
    const before = (await db().select().from(contactMessages)).length;
    await postJson('/api/sendsmsus', { ...landing, email: 'bad' });
    expect(await db().select().from(contactMessages)).toHaveLength(before);
  });
});

describe('POST /api/contact', () => {
  it('stores a home message with every field and notifies the staff', async () => {
    const res = await postJson('/api/contact', home);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, message: 'Message sent successfully!' });
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.kind, 'home'));
    expect(row).toMatchObject({ fullName: 'Grace Hopper', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', phone: '+1 555 0100', subject: 'Masters in Canada', country: 'Canada', message: 'Which intakes are open?' });
    const mail = await staffMail();
    expect(mail[0]?.subject).toContain('Masters in Canada');
  });

  it('accepts a message with only an e-mail (the browser checks nothing else)', async () => {
    const res = await postJson('/api/contact', { email: 'only@example.com' });
    expect(res.status).toBe(201);
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.email, 'only@example.com'));
    expect(row?.fullName).toBe('only@example.com');
  });

  it.each([
    [{ ...home, email: undefined }, 'Email is required'],
    [{ ...home, email: 'grace@' }, 'Please enter a valid email address'],
    [{ ...home, subject: 's'.repeat(201) }, 'Subject must be at most 200 characters'],
    [{ ...home, message: 'm'.repeat(5001) }, 'Message must be at most 5000 characters'],
    [{ ...home, country: ['UK'] }, 'Country must be text'],
  ])('rejects a bad body with 400 (%#)', async (body, message) => {
    const res = await postJson('/api/contact', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message });
  });

  it('answers a non-object body with 400', async () => {
    const res = await postJson('/api/contact', ['not', 'an', 'object']);
    expect(res.status).toBe(400);
  });
});
