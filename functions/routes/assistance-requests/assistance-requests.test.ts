import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { postJson, request } from '#functions/test/fixtures/index.ts';
import { app } from '#functions/index.ts';

const valid = {
  companyName: 'Acme Care Ltd',
  phoneNumber: '020 7946 0123',
  contactName: 'Jane Smith',
  email: 'Jane.Smith@Example.com',
  postcode: 'LS1 4AP',
  country: 'United Kingdom',
  category: ['Care assistant', 'Hospitality'],
  message: 'We need six care assistants from March.',
  termsAccepted: true,
};

let ip = 0;
const post = (body: unknown) =>
  postJson('/api/assistance-requests', body, { 'CF-Connecting-IP': `192.0.2.${++ip}` });

describe('POST /api/assistance-requests', () => {
  it('stores the request, lower-cases the e-mail and notifies the staff', async () => {
    const res = await post(valid);
    expect(res.status).toBe(201);
    const body = await res.json<{ success: boolean; message: string; id: string }>();
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/submitted/);
    const row = await env.DB.prepare('select * from assistance_requests where id = ?')
      .bind(body.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      company_name: 'Acme Care Ltd',
      email: 'jane.smith@example.com',
      country: 'United Kingdom',
      terms_accepted: 1,
      status: 'unread',
    });
    expect(JSON.parse(String(row!.category))).toEqual(['Care assistant', 'Hospitality']);
    const mail = await env.DB.prepare("select * from outbox where subject like '%Acme Care Ltd%'").first<{
      text: string;
    }>();
    expect(mail?.text).toContain('Care assistant, Hospitality');
  });

  it('defaults the country to the United Kingdom', async () => {
    const { country: _c, ...rest } = valid;
    const res = await post(rest);
    expect(res.status).toBe(201);
    const { id } = await res.json<{ id: string }>();
    const row = await env.DB.prepare('select country from assistance_requests where id = ?')
      .bind(id)
      .first<{ country: string }>();
    expect(row?.country).toBe('United Kingdom');
  });

  it.each([
    ['terms not accepted', { termsAccepted: false }, 'You must accept the Terms & Conditions!'],
    ['terms missing', { termsAccepted: undefined }, 'You must accept the Terms & Conditions!'],
    ['no category', { category: [] }, 'Please select a category!'],
    ['unknown category', { category: ['Astronauts'] }, 'Unknown category: Astronauts'],
    ['bad e-mail', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['blank company', { companyName: '  ' }, 'Company name is required'],
    ['missing phone', { phoneNumber: undefined }, 'Phone number is required'],
    ['missing contact', { contactName: '' }, 'Contact name is required'],
    ['missing postcode', { postcode: '' }, 'Postcode is required'],
    ['missing message', { message: '' }, 'Message is required'],
    ['unknown country', { country: 'Atlantis' }, 'Please select a country'],
  ])('refuses %s with { success: false, error }', async (_name, patch, error) => {
    const res = await post({ ...valid, ...patch });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error, message: error });
  });

  it('answers a body that is not JSON with a readable 400 error', async () => {
    const res = await fetchRaw('{not json');
    expect(res.status).toBe(400);
    const body = await res.json<{ success: boolean; error: string }>();
    expect(body.success).toBe(false);
    expect(body.error).toBeTruthy();
  });

  it('limits submissions per address', async () => {
    const headers = { 'CF-Connecting-IP': '198.51.100.7' };
    for (let i = 0; i < 10; i++)
      expect((await postJson('/api/assistance-requests', valid, headers)).status).toBe(201);
    const res = await postJson('/api/assistance-requests', valid, headers);
    expect(res.status).toBe(429);
    expect((await res.json<{ error: string }>()).error).toMatch(/Too many requests/);
  });
});

async function fetchRaw(body: string) {
  const { request } = await import('#functions/test/fixtures/index.ts');
  return request('/api/assistance-requests', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
}

// A regression the fuzzer found: this router's rejections lacked the `message` every other one has,
// and its own error handler turned a D1 outage into a 500 instead of the app's 503.
describe('POST /api/assistance-requests rejections (fuzzer regression)', () => {
  it('a form-encoded body is a 400 JSON with message and error', async () => {
    const res = await request('/api/assistance-requests', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '192.0.2.250' },
      body: 'companyName=Acme',
    });
    expect(res.status).toBe(400);
    const body = await res.json<{ success: boolean; message: string; error: string }>();
    expect(body.success).toBe(false);
    expect(body.message).toBeTruthy();
    expect(body.error).toBe(body.message);
  });

  it('D1 failing answers 503 with Retry-After, not 500', async () => {
    const brokenD1 = new Proxy(env.DB, {
      get(target, prop, receiver) {
        // The request's D1 session (middleware/db.ts) is the broken binding too.
        if (prop === 'withSession') return () => receiver;
        if (prop === 'getBookmark') return () => null;
        const fail = async () => {
          throw new Error('D1_ERROR: Network connection lost.');
        };
        if (prop === 'prepare')
          return () => {
            const s: Record<string, unknown> = { all: fail, run: fail, first: fail, raw: fail, values: fail };
            s.bind = () => s;
            return s;
          };
        if (prop === 'batch' || prop === 'exec') return fail;
        return Reflect.get(target, prop);
      },
    });
    const res = await app.request(
      'http://127.0.0.1:8787/api/assistance-requests',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '192.0.2.251' },
        body: JSON.stringify(valid),
      },
      { ...env, DB: brokenD1 },
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    const body = await res.json<{ message: string; error: string }>();
    expect(body.message).toBe('The service is temporarily unavailable. Please try again in a moment.');
    expect(body.error).toBe(body.message);
  });
});
