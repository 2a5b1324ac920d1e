import { describe, expect, it, beforeAll, vi, afterEach } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { env } from 'cloudflare:test';
import { aBrowser, request, postJson } from '#functions/test/fixtures/index.ts';
import { LOGIN_LIMITS } from '#functions/services/accounts/login.ts';
import { CODE_REQUIRED } from '#functions/lib/sign-in.ts';
import * as t from '#db/schema/index.ts';
import {
  aCountry,
  aJob,
  aProgram,
  auth,
  aUniversity,
  cookieFrom,
  db,
  makeStaff,
  STAFF_PASSWORD,
} from '#functions/test/fixtures/index.ts';
import { STAFF_SESSION_COOKIE } from '#functions/lib/staff-cookies.ts';

let editor: Awaited<ReturnType<typeof makeStaff>>;
let admin: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  editor = await makeStaff('editor');
  admin = await makeStaff('admin');
});
afterEach(() => vi.restoreAllMocks());

const send = (method: string, path: string, body: unknown, token = editor.token) =>
  request(path, {
    method,
    headers: { ...auth(token), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const get = (path: string, token = editor.token) => request(path, { headers: auth(token) });

// A country no seed has (the tests create it through the back office, then build on it).
const newCountry = {
  id: 'portugalia',
  name: 'Portugalia',
  code: 'PT',
  flag: '/images/flags/pt.svg',
  image: '/images/countries/portugal.svg',
  details: 'Sunny universities.',
  capital: 'Lisbon',
  about: {
    countryOverview: ['Overview.'],
    educationSystem: ['Bologna.'],
    studentLife: ['Great.'],
    visaInfo: ['D4 visa.'],
  },
};

describe('content editing', () => {
  it('creates a country (audited), lists it with its preview link and serves it on the public API at once', async () => {
    const res = await send('POST', '/api/admin/content/countries', newCountry);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      id: 'portugalia',
      preview: 'http://127.0.0.1:8787/country-details/portugalia',
    });
    const pub = await request('/api/countries/portugalia');
    expect(pub.status).toBe(200);
    expect(await pub.json()).toMatchObject({ _id: 'portugalia', capital: 'Lisbon' });
    const [entry] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'content.create'), eq(t.auditLog.entityId, 'portugalia')));
    expect(entry).toMatchObject({
      staffId: editor.id,
      entity: 'countries',
      before: null,
      after: expect.objectContaining({ name: 'Portugalia' }),
    });
    const list = await (
      await get('/api/admin/content/countries?q=portugali')
    ).json<{
      items: { id: string; active: boolean }[];
    }>();
    expect(list.items).toEqual([expect.objectContaining({ id: 'portugalia', active: true })]);
    expect((await send('POST', '/api/admin/content/countries', newCountry)).status).toBe(409);
  });

  it('finds an item by a long id, case-insensitively, and takes % and _ literally', async () => {
    // D1 refuses LIKE patterns over 50 bytes: the search must not depend on LIKE.
    const { id } = await aProgram({ id: `foundation-certificate-in-business-${crypto.randomUUID()}` });
    expect(new TextEncoder().encode(id).length).toBeGreaterThan(50);
    const res = await get(`/api/admin/content/subjects?q=${id.toUpperCase()}`);
    expect(res.status).toBe(200);
    const list = await res.json<{ items: { id: string }[] }>();
    expect(list.items.map((i) => i.id)).toEqual([id]);
    const literal = await (await get('/api/admin/content/subjects?q=%25')).json<{ items: unknown[] }>();
    expect(literal.items).toEqual([]);
  });

  it('refuses an invalid body with 400 naming the field, and stores nothing', async () => {
    const before = await db.select().from(t.auditLog);
    const cases: [unknown, string][] = [
      [{ ...newCountry, id: 'spain', name: '' }, 'name is required'],
      [{ ...newCountry, id: 'spain', code: 'spain' }, 'code must be a country code like GB'],
      [
        { ...newCountry, id: 'Spain Country' },
        'id must be a lowercase slug (letters, digits and single hyphens)',
      ],
      [
        { ...newCountry, id: 'spain', image: 'javascript:alert(1)' },
        'image must be an https:// or http:// address, or a path on this site starting with /',
      ],
      [
        { ...newCountry, id: 'spain', about: { ...newCountry.about, visaInfo: [] } },
        'about.visaInfo Too small: expected array to have >=1 items',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', '/api/admin/content/countries', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message });
    }
    expect(await db.select().from(t.countries).where(eq(t.countries.id, 'spain'))).toHaveLength(0);
    expect(await db.select().from(t.auditLog)).toHaveLength(before.length);
    expect((await send('POST', '/api/admin/content/robots', newCountry)).status).toBe(400);
    const notJson = await request('/api/admin/content/countries', {
      method: 'POST',
      headers: { ...auth(editor.token), 'Content-Type': 'application/json' },
      body: '[1,2]',
    });
    expect(notJson.status).toBe(400);
  });

  it("edits a subject's description: the API serves it, the audit keeps before and after", async () => {
    const subject = await aProgram();
    const elsewhere = await aCountry();
    const form = await (
      await get(`/api/admin/content/subjects/${subject.id}`)
    ).json<{
      item: Record<string, unknown>;
      preview: string;
    }>();
    expect(form.preview).toBe(`http://127.0.0.1:8787/subject/${subject.id}`);
    expect(form.item).not.toHaveProperty('sortOrder');
    const res = await send('PUT', `/api/admin/content/subjects/${subject.id}`, {
      ...form.item,
      description: ['A brand new description.'],
    });
    expect(res.status).toBe(200);
    const pub = await (await request(`/api/subjects/${subject.id}`)).json<{ description: string[] }>();
    expect(pub.description).toEqual(['A brand new description.']);
    const [entry] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'content.update'), eq(t.auditLog.entityId, subject.id)))
      .orderBy(desc(t.auditLog.createdAt));
    expect((entry!.before as { description: string[] }).description).toEqual(subject.description);
    expect((entry!.after as { description: string[] }).description).toEqual(['A brand new description.']);

    const broken = await send('PUT', `/api/admin/content/subjects/${subject.id}`, {
      ...form.item,
      description: [],
    });
    expect(broken.status).toBe(400);
    expect(await broken.json<object>()).toMatchObject({
      message: expect.stringMatching(/^description /),
    });
    const wrongCountry = await send('PUT', `/api/admin/content/subjects/${subject.id}`, {
      ...form.item,
      countryId: elsewhere.id,
    });
    expect(wrongCountry.status).toBe(400);
    expect(await wrongCountry.json<object>()).toMatchObject({
      message: expect.stringContaining(`countryId "${elsewhere.id}" is not the country of`),
    });
    expect(
      (await send('PUT', `/api/admin/content/subjects/${subject.id}`, { ...form.item, id: 'another-id' }))
        .status,
    ).toBe(400);
    expect(
      (await send('PUT', '/api/admin/content/subjects/no-such-subject', { ...form.item, id: undefined }))
        .status,
    ).toBe(404);
  });

  it('retires and restores: retired items leave the public API', async () => {
    const subject = await aProgram();
    expect((await send('POST', `/api/admin/content/subjects/${subject.id}/retire`, {})).status).toBe(200);
    expect((await request(`/api/subjects/${subject.id}`)).status).toBe(404);
    const retired = await (
      await get('/api/admin/content/subjects?status=retired')
    ).json<{
      items: { id: string }[];
    }>();
    expect(retired.items.map((i) => i.id)).toContain(subject.id);
    expect((await send('POST', `/api/admin/content/subjects/${subject.id}/restore`, {})).status).toBe(200);
    expect((await request(`/api/subjects/${subject.id}`)).status).toBe(200);
    const job = await aJob();
    await send('POST', `/api/admin/content/jobs/${job.id}/retire`, {});
    const [closed] = await db.select({ status: t.jobs.status }).from(t.jobs).where(eq(t.jobs.id, job.id));
    expect(closed!.status).toBe('closed');
  });

  // Reads the seed on purpose: its subject is the stored content itself, that whichever item each list
  // shows first (seeded, or made by an earlier test) goes through the back office's edit schema
  // unchanged. Services, features, offices and team members have no fixture: the seed's are the rows.
  it('edits every kind through the seed schemas (round trip of each first item)', async () => {
    for (const kind of [
      'countries',
      'universities',
      'departments',
      'subjects',
      'jobs',
      'services',
      'features',
      'offices',
      'team',
    ]) {
      const list = await (
        await get(`/api/admin/content/${kind}?pageSize=1`)
      ).json<{
        items: { id: string }[];
      }>();
      expect(list.items, kind + JSON.stringify(list)).toHaveLength(1);
      const id = list.items[0]!.id;
      const { item } = await (
        await get(`/api/admin/content/${kind}/${id}`)
      ).json<{
        item: Record<string, unknown>;
      }>();
      const res = await send('PUT', `/api/admin/content/${kind}/${id}`, item);
      expect(res.status, `${kind}: ${JSON.stringify(await res.clone().json())}`).toBe(200);
    }
  });

  it('creates a university (no sort order) and a feature, checking references', async () => {
    const uni = {
      id: 'university-of-porto',
      name: 'University of Porto',
      countryId: 'portugalia',
      location: 'Porto',
      logo: '/images/universities/porto.svg',
      image: '/images/campus/1.svg',
      universitydetails: 'A large public university.',
      scholarships: 'Merit scholarships.',
      scholarshipList: [{ name: 'Merit', amount: '€1,000', eligibility: 'Top 10%', deadline: '2027-06-30' }],
    };
    const missing = await send('POST', '/api/admin/content/universities', { ...uni, countryId: 'atlantis' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: 'countryId "atlantis" is not a country' });
    expect((await send('POST', '/api/admin/content/universities', uni)).status).toBe(201);
    expect(
      await db.select().from(t.scholarships).where(eq(t.scholarships.universityId, uni.id)),
    ).toHaveLength(1);
    const feature = {
      id: 'feature-visa-help',
      title: 'Visa help',
      description: 'We check your visa papers.',
      image: '/images/features/1.svg',
      icon: 'check',
      learnMoreLink: '/contactform',
    };
    expect((await send('POST', '/api/admin/content/features', feature)).status).toBe(201);
    const [row] = await db.select().from(t.features).where(eq(t.features.id, 'feature-visa-help'));
    expect(row).toMatchObject({ gradientFrom: '#00C9FF', isActive: true });
  });

  it('keeps university scholarships with the university', async () => {
    const uni = await aUniversity();
    const { item } = await (
      await get(`/api/admin/content/universities/${uni.id}`)
    ).json<{
      item: Record<string, unknown>;
    }>();
    const scholarshipList = [
      { name: 'Merit award', amount: '£2,000', eligibility: 'Top grades', deadline: '2027-05-01' },
    ];
    expect(
      (await send('PUT', `/api/admin/content/universities/${uni.id}`, { ...item, scholarshipList })).status,
    ).toBe(200);
    const rows = await db.select().from(t.scholarships).where(eq(t.scholarships.universityId, uni.id));
    expect(rows.map((r) => r.name)).toEqual(['Merit award']);
    const bad = await send('PUT', `/api/admin/content/universities/${uni.id}`, {
      ...item,
      scholarshipList: [{ ...scholarshipList[0], deadline: 'May' }],
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      message: 'scholarshipList.0.deadline must be a date like 2027-01-31',
    });
  });
});

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

describe('images uploaded before the pipeline', () => {
  // New uploads go through the image pipeline (uploads.test.ts); content saved before it still
  // names /api/files/images/<uuid>.<ext>, which keeps being served as it was.
  it('still serves an earlier upload with a long cache, and never other stored files', async () => {
    const key = `images/${crypto.randomUUID()}.png`;
    await env.FILES.put(key, png, { httpMetadata: { contentType: 'image/png' } });
    const served = await request(`/api/files/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
    await env.FILES.put('cvs/secret.pdf', '%PDF');
    expect((await request('/api/files/cvs/secret.pdf')).status).toBe(404);
  });
});

describe('staff accounts', () => {
  it('logs in with the staff audience and role; wrong passwords get the shared answer', async () => {
    const res = await postJson('/api/admin/auth/login', {
      email: editor.email.toUpperCase(),
      password: STAFF_PASSWORD,
    });
    expect(res.status).toBe(200);
    const body = await res.json<{ step: string; staff: { role: string }; token?: string }>();
    expect(body).toMatchObject({ step: 'signed-in', staff: { role: 'editor' } });
    // The token is in the HttpOnly cookie, never in the body a script reads.
    expect(body.token).toBeUndefined();
    const token = cookieFrom(res, STAFF_SESSION_COOKIE)!;
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      aud: string;
      role: string;
    };
    expect(payload).toMatchObject({ aud: 'staff', role: 'editor' });
    const wrong = await postJson('/api/admin/auth/login', {
      email: editor.email,
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid email or password' });
    const invalid = await postJson('/api/admin/auth/login', { email: 'nope', password: 'x' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ message: 'Email is invalid' });
    // A student account with the same e-mail never opens the back office.
    const unknown = await postJson('/api/admin/auth/login', {
      email: 'student@example.com',
      password: STAFF_PASSWORD,
    });
    expect(unknown.status).toBe(401);
  });

  it('limits failed logins for one account: past the limit from unknown browsers, the right password gets an e-mailed code, not a session', async () => {
    const target = await makeStaff('editor');
    const guesser = aBrowser('203.0.113.77');
    const login = (password: string) =>
      guesser.post('/api/admin/auth/login', { email: target.email, password });
    for (let i = 0; i < LOGIN_LIMITS.unknownDevices.max; i++) {
      const wrong = await login('wrong password!');
      expect(wrong.status).toBe(401);
      expect((await wrong.json<{ codeRequired?: boolean }>()).codeRequired).toBeUndefined();
    }
    // No password is judged now, the right one neither: from a browser the account does not know,
    // only the e-mailed code opens it.
    const right = await login(STAFF_PASSWORD);
    expect(right.status).toBe(401);
    expect(await right.json()).toEqual(CODE_REQUIRED);
  });

  it('lets an admin create staff, change roles and deactivate (never themselves), all audited', async () => {
    const short = await send(
      'POST',
      '/api/admin/staff',
      { name: 'New Editor', email: 'new.editor@example.com', role: 'editor', password: 'short' },
      admin.token,
    );
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ message: 'Password must be at least 12 characters' });
    const badRole = await send(
      'POST',
      '/api/admin/staff',
      { name: 'X', email: 'x@example.com', role: 'owner', password: 'long enough password' },
      admin.token,
    );
    expect(await badRole.json()).toMatchObject({ message: 'Role must be admin or editor' });
    const created = await send(
      'POST',
      '/api/admin/staff',
      {
        name: 'New Editor',
        email: 'New.Editor@example.com',
        role: 'editor',
        password: 'long enough password',
      },
      admin.token,
    );
    expect(created.status).toBe(201);
    const { staff: person } = await created.json<{ staff: { id: string; email: string } }>();
    expect(person.email).toBe('new.editor@example.com');
    expect(person).not.toHaveProperty('passwordHash');
    expect(
      (
        await send(
          'POST',
          '/api/admin/staff',
          {
            name: 'Again',
            email: 'new.editor@example.com',
            role: 'editor',
            password: 'long enough password',
          },
          admin.token,
        )
      ).status,
    ).toBe(409);

    const login = await postJson('/api/admin/auth/login', {
      email: 'new.editor@example.com',
      password: 'long enough password',
    });
    const token = cookieFrom(login, STAFF_SESSION_COOKIE)!;
    expect((await get('/api/admin/auth/me', token)).status).toBe(200);

    await new Promise((r) => setTimeout(r, 1100)); // revocation has whole-second precision
    const promoted = await send('PATCH', `/api/admin/staff/${person.id}`, { role: 'admin' }, admin.token);
    expect(promoted.status).toBe(200);
    expect((await get('/api/admin/auth/me', token)).status).toBe(401); // old role's token ends
    expect(
      (await send('PATCH', `/api/admin/staff/${person.id}`, { isActive: false }, admin.token)).status,
    ).toBe(200);
    const refused = await postJson('/api/admin/auth/login', {
      email: 'new.editor@example.com',
      password: 'long enough password',
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      message: 'This staff account has been deactivated. Ask an administrator.',
    });

    const self = await send('PATCH', `/api/admin/staff/${admin.id}`, { isActive: false }, admin.token);
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({
      message: 'You cannot change your own role or deactivate yourself.',
    });
    expect((await send('PATCH', `/api/admin/staff/${admin.id}`, {}, admin.token)).status).toBe(400);
    const audit = await (
      await get(`/api/admin/audit?q=${person.id}`, admin.token)
    ).json<{
      items: { action: string; staffName: string }[];
    }>();
    expect(audit.items.map((a) => a.action)).toEqual(
      expect.arrayContaining(['staff.create', 'staff.update', 'staff.login']),
    );
    expect(audit.items.find((a) => a.action === 'staff.create')!.staffName).toBe(admin.name);
  });
});
