import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '#db/schema/index.ts';
import { auth, db, makeApplication, makeStaff, postJson, request } from '#functions/test/fixtures/index.ts';
import { pageOf } from '#schemas/responses.ts';
import { auditRowSchema } from '#schemas/admin/index.ts';

// The audit log reads as sentences ("Amina Rahman's application moved to Offer"),
// with the names of what each entry is about, not `subscription.status` and ids.

let admin: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  admin = await makeStaff('admin');
});
const entriesAbout = async (entityId: string) =>
  pageOf(auditRowSchema).parse(
    await (
      await request(`/api/admin/audit?q=${encodeURIComponent(entityId)}`, { headers: auth(admin.token) })
    ).json(),
  ).items;

describe('the audit log in words', () => {
  it('says whose application moved where, with the staff labels; the CSV carries the sentence', async () => {
    const app = await makeApplication();
    await db.update(t.users).set({ fullName: 'Amina Rahman' }).where(eq(t.users.id, app.student.id));
    for (const status of ['in_review', 'offer'])
      expect(
        (await postJson(`/api/admin/subscriptions/${app.id}/status`, { status }, auth(admin.token))).status,
      ).toBe(200);
    const entries = await entriesAbout(app.id);
    expect(entries.map((e) => e.summary)).toEqual([
      `Amina Rahman's application to ${app.subject.name} moved from In review to Offer`,
      `Amina Rahman's application to ${app.subject.name} moved from Submitted to In review`,
    ]);
    expect(entries[0]).toMatchObject({ action: 'subscription.status', staffName: admin.name });

    const one = auditRowSchema.parse(
      await (await request(`/api/admin/audit/${entries[0]!.id}`, { headers: auth(admin.token) })).json(),
    );
    expect(one.summary).toBe(entries[0]!.summary);

    const csv = await (
      await request(`/api/admin/audit?format=csv&q=${app.id}`, { headers: auth(admin.token) })
    ).text();
    const [header, first] = csv.split('\r\n');
    expect(header).toBe('When,Who,Email,What happened,Action,Entity,Id,Before,After');
    expect(first).toContain(
      `Amina Rahman's application to ${app.subject.name} moved from In review to Offer`,
    );
  });

  it('names the content edited and the staff member changed', async () => {
    const colleague = await makeStaff('editor');
    expect(
      (
        await request(`/api/admin/staff/${colleague.id}/password`, {
          method: 'POST',
          headers: { ...auth(admin.token), 'Content-Type': 'application/json' },
          body: JSON.stringify({ password: 'a-long-enough-new-password-2026' }),
        })
      ).status,
    ).toBe(200);
    const [entry] = await entriesAbout(colleague.id);
    expect(entry!.summary).toBe(`Set a new password for ${colleague.name}`);
  });

  it('exports thousands of entries as CSV with their sentences (names read in chunks D1 can bind)', async () => {
    const marker = crypto.randomUUID().slice(0, 8);
    const now = Date.now();
    const rows = Array.from({ length: 150 }, (_, i) => ({
      id: crypto.randomUUID(),
      staffId: admin.id,
      action: 'partner.status',
      entity: 'partner',
      entityId: `bulk-${marker}-${i}`,
      before: { status: 'pending' },
      after: { status: 'approved' },
      createdAt: new Date(now + i),
      updatedAt: new Date(now + i),
    }));
    // Ten rows an insert: D1 binds at most 100 parameters a statement.
    for (let i = 0; i < rows.length; i += 10) await db.insert(t.auditLog).values(rows.slice(i, i + 10));
    const res = await request(`/api/admin/audit?format=csv&q=bulk-${marker}`, { headers: auth(admin.token) });
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines).toHaveLength(151);
    // A partner deleted since (no name): the sentence says which id, in words.
    expect(lines[1]).toContain(`partner bulk-${marker}-149 moved from Awaiting approval to Approved`);
  });
});
