import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { aBrowser, request, verifiedStudentIn, waitForMail } from '#functions/test/fixtures/index.ts';
import {
  IN_ANOTHER_ORGANISATION,
  INVITATION_INVALID,
  OWNER_ONLY,
  OWNER_WITH_MEMBERS,
} from '#schemas/partner-members.ts';
import { bearer, verifiedPartner } from './partner.test-helpers.ts';

// The members of a partner organisation: invitation by e-mailed link, the member's own sign-in at
// the partners' door, handover and deletion by the owner (services/accounts/partner-members.ts).

const hiring = (jobTitle: string) => ({
  type: 'employee',
  companyName: 'Acme Learning Ltd',
  jobTitle,
  department: 'Care',
  jobDescription: 'Support residents day to day.',
  employmentType: 'full-time',
  salaryRange: '£24,000 - £27,000',
  requiredQualifications: 'NVQ Level 2',
  requiredExperience: '1 year',
  skillsRequired: 'empathy, first aid',
  jobResponsibilities: 'Personal care',
  benefits: 'Pension',
  numberOfPositions: 4,
  location: 'York',
  applicationDeadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  contactEmail: 'hr@example.com',
  contactPhone: '020 7946 0201',
});
const json = async (res: Response) => await res.json<Record<string, any>>();
const MEMBER_PASSWORD = 'Member-pass-2026';

const get = (path: string, token: string) => request(path, { headers: bearer(token) });
const send = (method: string, path: string, token: string, body?: unknown) =>
  request(path, {
    method,
    headers: { ...bearer(token), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The invitation link's token from the newest invitation e-mailed to an address. */
async function invitationToken(to: string) {
  const mail = await waitForMail(to, /You are invited to/);
  const t = mail.text.match(/partner-invitation\?t=([^\s]+)/)?.[1];
  if (!t) throw new Error(`no invitation link for ${to}`);
  return decodeURIComponent(t);
}

/** An owner who invited the registration's contact person, and the link's token. */
async function ownerWithInvitation() {
  const owner = await verifiedPartner();
  const contact = owner.reg.contactEmail;
  const invited = await send('POST', '/api/partner/members', owner.token, { email: contact });
  expect(invited.status).toBe(201);
  return { owner, contact, t: await invitationToken(contact) };
}

/** An owner with a member who accepted and signed in. */
async function ownerWithMember() {
  const { owner, contact, t } = await ownerWithInvitation();
  const accepted = await request('/api/partner/invitation/accept', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ t, password: MEMBER_PASSWORD }),
  });
  expect(accepted.status).toBe(200);
  const login = await aBrowser().post('/api/partner/login', { email: contact, password: MEMBER_PASSWORD });
  expect(login.status).toBe(200);
  const body = await json(login);
  return { owner, contact, memberToken: body.token as string, login: body };
}

const accept = (t: string, password = MEMBER_PASSWORD) =>
  request('/api/partner/invitation/accept', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ t, password }),
  });

const owners = async (partnerId: string) =>
  (
    await env.DB.prepare(`select person_id from partner_members where partner_id = ? and role = 'owner'`)
      .bind(partnerId)
      .all<{ person_id: string }>()
  ).results;

describe('migration 0026 (partner members)', () => {
  it("makes every existing partner's owner person its owner member, once", async () => {
    const owner = await verifiedPartner();
    // As before the migration: the organisation and its person, no member rows.
    await env.DB.prepare('delete from partner_members where partner_id = ?').bind(owner.id).run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith('_partner_members.sql'));
    const fill = migration?.queries.find((q) => q.includes('INSERT INTO `partner_members`'));
    if (!fill) throw new Error('no back-fill in the partner members migration');
    await env.DB.prepare(fill).run();
    await env.DB.prepare(fill).run();
    const list = await json(await get('/api/partner/members', owner.token));
    expect(list.members).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        email: owner.reg.ownerEmail,
        role: 'owner',
        status: 'active',
        you: true,
      },
    ]);
  });
});

describe('partner organisation members', () => {
  it('the verified registration makes its owner the first member', async () => {
    const owner = await verifiedPartner();
    const list = await json(await get('/api/partner/members', owner.token));
    expect(list).toMatchObject({
      success: true,
      yourRole: 'owner',
      contactEmail: owner.reg.contactEmail,
      members: [{ email: owner.reg.ownerEmail, role: 'owner', status: 'active', you: true }],
    });
  });

  it('invite → accept → the member signs in at the partners door and reads the requests', async () => {
    const { owner, contact, t } = await ownerWithInvitation();
    const shown = await json(await request(`/api/partner/invitation?t=${encodeURIComponent(t)}`));
    expect(shown).toEqual({
      success: true,
      companyName: owner.reg.companyName,
      email: contact,
      hasAccount: false,
    });

    // Before accepting, the address signs in nowhere.
    expect(
      (await aBrowser().post('/api/partner/login', { email: contact, password: MEMBER_PASSWORD })).status,
    ).toBe(401);
    expect((await accept(t)).status).toBe(200);

    const login = await aBrowser().post('/api/partner/login', { email: contact, password: MEMBER_PASSWORD });
    expect(login.status).toBe(200);
    const body = await json(login);
    // The spec's response: the organisation's partner, as for its owner.
    expect(Object.keys(body).sort()).toEqual(['message', 'partner', 'success', 'token']);
    expect(body.partner._id).toBe(owner.id);

    // A request the owner sent, and one the member sent: both the organisation's, both seen by each.
    expect(
      (await send('POST', '/api/hiringrequest/submit', owner.token, hiring('Care Assistant'))).status,
    ).toBe(201);
    expect((await send('POST', '/api/hiringrequest/submit', body.token, hiring('Night Nurse'))).status).toBe(
      201,
    );
    for (const token of [owner.token, body.token]) {
      const requests = await json(await get('/api/partner/requests', token));
      expect(requests.requests.map((r: { title: string }) => r.title).sort()).toEqual([
        'Care Assistant',
        'Night Nurse',
      ]);
    }
    expect((await get('/api/partner/profile', body.token)).status).toBe(200);

    const list = await json(await get('/api/partner/members', body.token));
    expect(list.yourRole).toBe('member');
    expect(
      list.members.map((m: { email: string; role: string; you: boolean }) => [m.email, m.role, m.you]),
    ).toEqual([
      [owner.reg.ownerEmail, 'owner', false],
      [contact, 'member', true],
    ]);

    // The member's devices and password are theirs, not the owner's.
    const devices = await json(await get('/api/partner/sessions', body.token));
    expect(devices.devices).toHaveLength(1);
    const changed = await send('POST', '/api/partner/change-password', body.token, {
      currentPassword: MEMBER_PASSWORD,
      newPassword: 'Member-pass-2027',
    });
    expect(changed.status).toBe(200);
    expect(
      (
        await aBrowser().post('/api/partner/login', {
          email: owner.reg.ownerEmail,
          password: owner.reg.password,
        })
      ).status,
    ).toBe(200);
    // The owner's session lives on.
    expect((await get('/api/partner/profile', owner.token)).status).toBe(200);
  });

  it('a member cannot invite, remove, hand over or delete the organisation', async () => {
    const { owner, memberToken } = await ownerWithMember();
    const invited = await send('POST', '/api/partner/members', memberToken, { email: 'someone@example.com' });
    expect(invited.status).toBe(403);
    expect(await json(invited)).toEqual({ success: false, message: OWNER_ONLY });
    const list = await json(await get('/api/partner/members', owner.token));
    const ownerRow = list.members.find((m: { role: string }) => m.role === 'owner');
    const memberRow = list.members.find((m: { role: string }) => m.role === 'member');
    expect((await send('DELETE', `/api/partner/members/${ownerRow.id}`, memberToken)).status).toBe(403);
    expect(
      (await send('POST', '/api/partner/members/handover', memberToken, { memberId: memberRow.id })).status,
    ).toBe(403);
    // Deleting their partner role is leaving: the organisation stays, and so does its owner.
    const left = await send('DELETE', '/api/partner/me', memberToken, { password: MEMBER_PASSWORD });
    expect(left.status).toBe(200);
    expect((await get('/api/partner/profile', owner.token)).status).toBe(200);
    expect((await get('/api/partner/profile', memberToken)).status).toBe(401);
  });

  it('refuses an expired, a replaced and a used invitation, and a forged one', async () => {
    const { owner, contact, t } = await ownerWithInvitation();
    // Inviting again replaces the link.
    expect((await send('POST', '/api/partner/members', owner.token, { email: contact })).status).toBe(201);
    const newer = await invitationToken(contact);
    expect(newer).not.toBe(t);
    const old = await accept(t);
    expect(old.status).toBe(400);
    expect(await json(old)).toEqual({ success: false, message: INVITATION_INVALID });

    // Used once, then never again (in parallel too: one wins).
    const both = await Promise.all([accept(newer), accept(newer)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await accept(newer)).status).toBe(400);
    expect((await accept(`${newer}x`)).status).toBe(400);

    // Expired: the row's time has passed (and so would the link's).
    const second = `second-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await send('POST', '/api/partner/members', owner.token, { email: second })).status).toBe(201);
    const late = await invitationToken(second);
    await env.DB.prepare('update partner_members set invitation_expires_at = ? where email = ?')
      .bind(Date.now() - 1000, second)
      .run();
    expect((await accept(late)).status).toBe(400);
    expect((await request(`/api/partner/invitation?t=${encodeURIComponent(late)}`)).status).toBe(400);
    const list = await json(await get('/api/partner/members', owner.token));
    expect(list.members.find((m: { email: string }) => m.email === second).status).toBe('expired');
  });

  it('an address that is an account already accepts with its password and keeps its other roles', async () => {
    const owner = await verifiedPartner();
    const student = await verifiedStudentIn();
    expect((await send('POST', '/api/partner/members', owner.token, { email: student.email })).status).toBe(
      201,
    );
    const t = await invitationToken(student.email);
    expect(await json(await request(`/api/partner/invitation?t=${encodeURIComponent(t)}`))).toMatchObject({
      hasAccount: true,
    });
    expect((await accept(t, 'not-their-password')).status).toBe(400);
    expect((await accept(t, student.password)).status).toBe(200);
    const login = await aBrowser().post('/api/partner/login', {
      email: student.email,
      password: student.password,
    });
    expect(login.status).toBe(200);
    expect((await json(login)).partner._id).toBe(owner.id);
    expect(
      (await aBrowser().post('/api/users/login', { email: student.email, password: student.password }))
        .status,
    ).toBe(200);
  });

  it('an owner of another organisation cannot join one', async () => {
    const owner = await verifiedPartner();
    const other = await verifiedPartner();
    expect(
      (await send('POST', '/api/partner/members', owner.token, { email: other.reg.ownerEmail })).status,
    ).toBe(201);
    const res = await accept(await invitationToken(other.reg.ownerEmail), other.reg.password);
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({ success: false, message: IN_ANOTHER_ORGANISATION });
  });

  it('the owner removes a member, who is signed out of the organisation at once', async () => {
    const { owner, memberToken } = await ownerWithMember();
    const list = await json(await get('/api/partner/members', owner.token));
    const memberRow = list.members.find((m: { role: string }) => m.role === 'member');
    expect((await send('DELETE', `/api/partner/members/${memberRow.id}`, owner.token)).status).toBe(200);
    expect((await get('/api/partner/requests', memberToken)).status).toBe(401);
    expect((await send('DELETE', `/api/partner/members/${memberRow.id}`, owner.token)).status).toBe(404);
  });

  it('two handovers raced in parallel leave exactly one owner', async () => {
    const { owner, contact, memberToken } = await ownerWithMember();
    const list = await json(await get('/api/partner/members', owner.token));
    const memberRow = list.members.find((m: { role: string }) => m.role === 'member');
    const answers = await Promise.all(
      Array.from({ length: 2 }, () =>
        send('POST', '/api/partner/members/handover', owner.token, { memberId: memberRow.id }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await owners(owner.id);
    expect(rows).toHaveLength(1);
    const partner = await env.DB.prepare('select person_id, email from partners where id = ?')
      .bind(owner.id)
      .first<{ person_id: string; email: string }>();
    expect(partner).toEqual({ person_id: rows[0]!.person_id, email: contact });

    // The old owner is a member now: they may no longer invite; the new owner may.
    expect((await send('POST', '/api/partner/members', owner.token, { email: 'x@example.com' })).status).toBe(
      403,
    );
    expect((await json(await get('/api/partner/members', memberToken))).yourRole).toBe('owner');
    // And the old owner still signs in at the partners' door, to the same organisation.
    const login = await aBrowser().post('/api/partner/login', {
      email: owner.reg.ownerEmail,
      password: owner.reg.password,
    });
    expect((await json(login)).partner._id).toBe(owner.id);
  });

  it('refuses deleting the organisation while it has other members, then allows it once alone', async () => {
    const { owner } = await ownerWithMember();
    const refused = await send('DELETE', '/api/partner/me', owner.token, { password: owner.reg.password });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({
      success: false,
      message: OWNER_WITH_MEMBERS(owner.reg.companyName),
    });
    expect((await get('/api/partner/profile', owner.token)).status).toBe(200);

    const list = await json(await get('/api/partner/members', owner.token));
    const memberRow = list.members.find((m: { role: string }) => m.role === 'member');
    expect((await send('DELETE', `/api/partner/members/${memberRow.id}`, owner.token)).status).toBe(200);
    const erased = await send('DELETE', '/api/partner/me', owner.token, { password: owner.reg.password });
    expect(erased.status).toBe(200);
    expect(
      await env.DB.prepare('select count(*) n from partner_members where partner_id = ?')
        .bind(owner.id)
        .first('n'),
    ).toBe(0);
  });

  it('validates what it is sent', async () => {
    const owner = await verifiedPartner();
    const bad = await send('POST', '/api/partner/members', owner.token, { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ success: false, message: 'Email is invalid' });
    expect(
      (await send('POST', '/api/partner/members', owner.token, { email: owner.reg.ownerEmail })).status,
    ).toBe(400);
    expect((await send('DELETE', '/api/partner/members/nope', owner.token)).status).toBe(400);
    expect((await send('POST', '/api/partner/members/handover', owner.token, {})).status).toBe(400);
    expect((await request('/api/partner/invitation')).status).toBe(400);
    expect((await get('/api/partner/members', 'not-a-token')).status).toBe(401);
  });
});
