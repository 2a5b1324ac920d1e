// A regression the fuzzer found: D1 refuses a LIKE pattern over 50 bytes ('LIKE or GLOB pattern too
// complex'), so a search text of 49+ ASCII characters, or 5 invalid UTF-8 sequences (%ED%A0%80,
// each decoded to three U+FFFD), answered 500 on every admin list. Searches now use instr().
import { describe, expect, it, beforeAll } from 'vitest';
import { request } from '#functions/test/fixtures/index.ts';
import { auth, makeStaff } from '#functions/test/fixtures/index.ts';

const lists = [
  '/api/admin/staff',
  '/api/admin/inbox',
  '/api/admin/subscriptions',
  '/api/admin/partners',
  '/api/admin/partner-requests',
  '/api/admin/job-applications',
  '/api/admin/payments',
  '/api/admin/content/countries',
  '/api/admin/audit',
];
const hostile = [
  '%ED%A0%80'.repeat(5),
  '%ED%A0%80'.repeat(10) + '%20x',
  'a'.repeat(49),
  'a'.repeat(199),
  '%E2%82%AC'.repeat(17),
  '%25'.repeat(25),
  '%F0%9F',
  '%C0%AF',
  'a%00b',
  '%25%5F%5C',
];

describe('admin list search text (fuzzer regression)', () => {
  let token = '';
  beforeAll(async () => {
    token = (await makeStaff('admin')).token;
  });

  it.each(lists)('%s never answers 5xx to malformed search text', async (path) => {
    for (const q of hostile) {
      const res = await request(`${path}?q=${q}`, { headers: auth(token) });
      const text = await res.text();
      expect(res.status, `${q}: ${text}`).toBeLessThan(500);
      expect(res.headers.get('content-type') ?? '').toContain('application/json');
    }
  });

  it('searches with long text (up to the 200-character limit) and refuses longer with a message', async () => {
    for (const q of ['a'.repeat(49), `${'a'.repeat(47)}%25`, '%E2%82%AC'.repeat(17), 'a'.repeat(200)]) {
      const res = await request(`/api/admin/staff?q=${q}`, { headers: auth(token) });
      expect(res.status, q).toBe(200);
    }
    const res = await request(`/api/admin/staff?q=${'a'.repeat(201)}`, { headers: auth(token) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: 'Search text is too long' });
  });
});
