// Staff run the export and erasure for a request that arrived by e-mail; admins
// only, audited.

import { and, desc, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import * as t from '#db/schema/index.ts';
import { findPerson } from '#db/queries/personal-data.ts';
import {
  db,
  makeApplicantWithData,
  makePartnerWithData,
  makeStudentWithData,
  rowsMentioning,
} from '#functions/test/fixtures/index.ts';
import { request } from '#functions/test/fixtures/index.ts';
import { auth, makeStaff } from '#functions/test/fixtures/index.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('/api/admin/privacy', () => {
  it('finds every account type registered with an address, case-insensitively', async () => {
    const admin = await makeStaff('admin');
    const student = await makeStudentWithData('shared', { documents: [] });
    // The same person also holds a partner and an applicant account under the same address.
    await db.insert(t.partners).values({
      id: crypto.randomUUID(),
      email: student.email,
      passwordHash: 'x',
      isVerified: true,
      companyName: 'Shared Ltd',
      companyHQ: 'Leeds',
      ownerFirstName: 'Sam',
      ownerLastName: 'Shared',
      ownerPhoneNumber: '1',
      ownerDesignation: 'CEO',
      ownerNationality: 'British',
      contactFirstName: 'Sam',
      contactLastName: 'Shared',
      contactDesignation: 'CEO',
      contactPhoneNumber: '1',
      contactEmail: student.email,
    });
    const res = await request(
      `/api/admin/privacy/people?email=${encodeURIComponent(student.email.toUpperCase())}`,
      { headers: auth(admin.token) },
    );
    expect(res.status).toBe(200);
    const { people } = await res.json<{ people: { type: string; email: string }[] }>();
    expect(people.map((p) => p.type).sort()).toEqual(['partner', 'student']);
    expect((await request('/api/admin/privacy/people?email=x', { headers: auth(admin.token) })).status).toBe(
      400,
    );
  });

  it('editors, people and anonymous callers are refused', async () => {
    const editor = await makeStaff('editor');
    const student = await makeStudentWithData('notstaff', { documents: [] });
    expect(
      (await request('/api/admin/privacy/people?email=a@example.com', { headers: auth(editor.token) }))
        .status,
    ).toBe(403);
    // A person's token is no staff session (staff sessions travel only in their cookie).
    expect(
      (await request('/api/admin/privacy/people?email=a@example.com', { headers: bearer(student.token) }))
        .status,
    ).toBe(401);
    expect((await request(`/api/admin/privacy/student/${student.id}/export`)).status).toBe(401);
    const erase = await request(`/api/admin/privacy/student/${student.id}`, {
      method: 'DELETE',
      headers: { ...auth(editor.token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ confirmEmail: student.email }),
    });
    expect(erase.status).toBe(403);
    expect(await findPerson(db, 'student', student.id)).toBeDefined();
  });

  it("an admin downloads a person's export, audited with the account", async () => {
    const admin = await makeStaff('admin');
    const applicant = await makeApplicantWithData('staffexport');
    const res = await request(`/api/admin/privacy/applicant/${applicant.id}/export`, {
      headers: auth(admin.token),
    });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(files['files/cv.pdf']).toEqual(applicant.cv.bytes);
    expect(JSON.parse(strFromU8(files['data.json']!))).toMatchObject({ profile: { email: applicant.email } });
    const [entry] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.staffId, admin.id), eq(t.auditLog.action, 'privacy.export')));
    expect(entry).toMatchObject({ entity: 'applicant', entityId: applicant.id });
    expect(
      (
        await request(`/api/admin/privacy/student/${crypto.randomUUID()}/export`, {
          headers: auth(admin.token),
        })
      ).status,
    ).toBe(404);
    expect(
      (await request(`/api/admin/privacy/robot/${applicant.id}/export`, { headers: auth(admin.token) }))
        .status,
    ).toBe(400);
  });

  it('an admin erases an account after typing its e-mail; the audit keeps who did it and nothing of the person', async () => {
    const admin = await makeStaff('admin');
    const partner = await makePartnerWithData('stafferase');
    const path = `/api/admin/privacy/partner/${partner.id}`;
    const erase = (confirmEmail: string) =>
      request(path, {
        method: 'DELETE',
        headers: { ...auth(admin.token), 'Content-Type': 'application/json' },
        body: JSON.stringify({ confirmEmail }),
      });
    const mismatch = await erase('someone-else@example.com');
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({
      message: 'The e-mail typed does not match this account. Nothing was deleted.',
    });
    const ok = await erase(partner.email.toUpperCase());
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, removed: { account: 1, requests: 1 } });
    expect((await request('/api/partner/profile', { headers: bearer(partner.token) })).status).toBe(401);
    expect(await rowsMentioning([partner.email, partner.id])).toEqual([]);
    const [entry] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.staffId, admin.id), eq(t.auditLog.action, 'privacy.erase')))
      .orderBy(desc(t.auditLog.createdAt));
    expect(entry).toMatchObject({ entity: 'partner', entityId: null });
    expect((await erase(partner.email)).status).toBe(404);
  });
});
