import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { desc, eq } from 'drizzle-orm';
import { createDb } from '#db/client.ts';
import { contactMessages, outbox } from '#db/schema/index.ts';
import { postJson, request } from '#functions/test/fixtures/index.ts';
import { homeContactSchema, landingContactSchema } from '#schemas/contact.ts';
import { checkFields, homeContactRules, landingContactRules } from '#schemas/contact-rules.ts';
import { fieldMessages } from '#schemas/errors.ts';
import { phoneMessages } from '#schemas/phone.ts';

const db = () => createDb(env.DB);
const staffMail = async () =>
  db().select().from(outbox).where(eq(outbox.to, 'staff-alerts@example.com')).orderBy(desc(outbox.createdAt));

const landing = {
  fullName: 'Ada Lovelace',
  email: 'Ada@Example.com ',
  nnumber: '+44 20 7946 0123',
  details: 'I would like to study data science in the UK.',
};
const home = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  phone: '+1 555 0100',
  subject: 'Masters in Canada',
  country: 'Canada',
  message: 'Which intakes are open?',
};

describe('POST /api/sendsmsus', () => {
  it('stores a landing message and notifies the staff', async () => {
    const res = await postJson('/api/sendsmsus', landing);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, message: 'Your message has been sent successfully!' });
    const rows = await db().select().from(contactMessages).where(eq(contactMessages.kind, 'landing'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0123',
      message: landing.details,
      status: 'unread',
    });
    const mail = await staffMail();
    expect(mail[0]?.text).toContain('Ada Lovelace');
    expect(mail[0]?.text).toContain(landing.details);
  });

  it.each([
    [{ ...landing, fullName: '  ' }, 'fullName', 'Name is required'],
    [{ ...landing, fullName: undefined }, 'fullName', 'Name is required'],
    [{ ...landing, email: '' }, 'email', 'Email is required'],
    [{ ...landing, email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ ...landing, nnumber: '' }, 'nnumber', 'Phone is required'],
    [{ ...landing, nnumber: 'call me' }, 'nnumber', phoneMessages.characters],
    [{ ...landing, nnumber: '020 794' }, 'nnumber', phoneMessages.tooShort],
    [{ ...landing, nnumber: '+44 20 7946 0000 1234 5678' }, 'nnumber', phoneMessages.tooLong],
    [{ ...landing, nnumber: '44 +20 7946 0000' }, 'nnumber', phoneMessages.plus],
    [{ ...landing, nnumber: '+44 (20 7946 0000' }, 'nnumber', phoneMessages.brackets],
    [{ ...landing, details: '' }, 'details', 'Message is required'],
    [{ ...landing, details: 'x'.repeat(5001) }, 'details', 'Message must be at most 5000 characters'],
    [{ ...landing, fullName: 42 }, 'fullName', 'Name is required'],
  ])('rejects a bad body with 400 and names the field (%#)', async (body, field, message) => {
    const res = await postJson('/api/sendsmsus', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message, fields: { [field]: message } });
  });

  it.each([
    '+44 (0)20 7946 0000 ext. 2',
    '020 7946 0000',
    '+44 20 7946 0000 x12',
    '(555) 010-0199',
    '+1.202.555.0199 extension 4',
    '+353 20 910 0000',
    '020-7946-0000 #7',
  ])('accepts a phone number as people type it: %s', async (nnumber) => {
    const res = await postJson('/api/sendsmsus', { ...landing, nnumber });
    expect(res.status).toBe(201);
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.phone, nnumber));
    expect(row?.phone).toBe(nnumber);
  });

  it('names every invalid field at once, each with its own message', async () => {
    const res = await postJson('/api/sendsmsus', {
      fullName: '',
      email: 'x',
      nnumber: 'abc',
      details: 'Hello',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: 'Name is required',
      fields: {
        fullName: 'Name is required',
        email: 'Please enter a valid email address',
        nnumber: phoneMessages.characters,
      },
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await request('/api/sendsmsus', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"fullName":',
    });
    expect(res.status).toBe(400);
    const body = await res.json<{ success: boolean; message: string }>();
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
    // Every field as sent, and the full name joined from its parts.
    expect(row).toMatchObject({ ...home, fullName: 'Grace Hopper' });
    const mail = await staffMail();
    expect(mail[0]?.subject).toContain('Masters in Canada');
  });

  it('accepts a message with only an e-mail (the browser checks nothing else)', async () => {
    const res = await postJson('/api/contact', { email: 'only@example.com' });
    expect(res.status).toBe(201);
    const [row] = await db()
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'only@example.com'));
    expect(row?.fullName).toBe('only@example.com');
  });

  it.each([
    [{ ...home, email: undefined }, 'email', 'Email is required'],
    [{ ...home, email: '' }, 'email', 'Email is required'],
    [{ ...home, email: '   ' }, 'email', 'Email is required'],
    [{ ...home, email: 'grace@' }, 'email', 'Please enter a valid email address'],
    [{ ...home, subject: 's'.repeat(201) }, 'subject', 'Subject must be at most 200 characters'],
    [{ ...home, message: 'm'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
    [{ ...home, country: ['UK'] }, 'country', 'Country must be text'],
  ])('rejects a bad body with 400 and names the field (%#)', async (body, field, message) => {
    const res = await postJson('/api/contact', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message, fields: { [field]: message } });
  });

  it('the form and the route share one rule: the browser check and the zod schema say the same, field by field', () => {
    const bodies: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { ...home, email: '' },
        { ...landing, email: '' },
      ],
      [
        { ...home, email: '   ' },
        { ...landing, nnumber: 'ring me' },
      ],
      [
        { ...home, email: 'grace@' },
        { ...landing, nnumber: '020 794' },
      ],
      [
        { ...home, subject: 's'.repeat(201), country: ['UK'] },
        { fullName: '', email: 'x', nnumber: '+44 (0)20 7946 0000 ext. 2', details: 'm'.repeat(5001) },
      ],
      [home, landing],
      [{}, {}],
    ];
    for (const [h, l] of bodies) {
      const homeParsed = homeContactSchema.safeParse(h);
      const landingParsed = landingContactSchema.safeParse(l);
      expect(checkFields(homeContactRules, h)).toEqual(
        homeParsed.success ? {} : fieldMessages(homeParsed.error.issues),
      );
      expect(checkFields(landingContactRules, l)).toEqual(
        landingParsed.success ? {} : fieldMessages(landingParsed.error.issues),
      );
    }
    expect(checkFields(homeContactRules, { ...home, email: '' })).toEqual({ email: 'Email is required' });
  });

  it('answers a non-object body with 400', async () => {
    const res = await postJson('/api/contact', ['not', 'an', 'object']);
    expect(res.status).toBe(400);
  });
});
