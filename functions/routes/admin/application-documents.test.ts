import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '#db/schema/index.ts';
import {
  auth,
  db,
  makeApplication,
  makeStaff,
  makeStudent,
  pdfBytes,
  request,
  sessionToken,
} from '#functions/test/fixtures/index.ts';
import { applicationDetailResponse } from '#schemas/admin/index.ts';

/**
 * Staff see the intake a student chose and open the documents the student uploaded, from the
 * application: admins only, only that student's documents, each opening audited.
 */

let admin: Awaited<ReturnType<typeof makeStaff>>;
let editor: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  admin = await makeStaff('admin');
  editor = await makeStaff('editor');
});

const asAdmin = (path: string) => request(path, { headers: auth(admin.token) });

/** Uploads a document the way the student's dashboard does; its id. */
async function upload(userId: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('document', new File([bytes], name, { type: 'application/pdf' }));
  form.append('documentType', 'Passport');
  const token = await sessionToken({ sub: userId, aud: 'student', role: 'student' });
  const res = await request('/api/users/document', {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ document: { _id: string } }>()).document._id;
}

describe('an application seen by staff', () => {
  it('shows the chosen intake in the list, the CSV and the detail', async () => {
    const app = await makeApplication();
    await db
      .update(t.programApplications)
      .set({ intake: 'January 2028' })
      .where(eq(t.programApplications.id, app.id));
    const list = await (
      await asAdmin(`/api/admin/subscriptions?q=${encodeURIComponent(app.student.email)}`)
    ).json<{ items: { id: string; intake: string | null }[] }>();
    expect(list.items).toEqual([expect.objectContaining({ id: app.id, intake: 'January 2028' })]);

    const csv = await (
      await asAdmin(`/api/admin/subscriptions?format=csv&q=${encodeURIComponent(app.student.email)}`)
    ).text();
    const [header, line] = csv.split('\r\n');
    expect(header).toBe('Applied,Student,Email,Program,University,Intake,Status');
    expect(line).toContain(',January 2028,submitted');

    const detail = applicationDetailResponse.parse(
      await (await asAdmin(`/api/admin/subscriptions/${app.id}`)).json(),
    );
    expect(detail.item.intake).toBe('January 2028');
  });

  it("lists the student's documents and opens each for an admin, audited; never another student's", async () => {
    const app = await makeApplication();
    const bytes = pdfBytes();
    const mine = await upload(app.student.id, 'passport scan.pdf', bytes);
    const stranger = await makeStudent();
    const theirs = await upload(stranger.id, 'their passport.pdf', pdfBytes());

    const detail = applicationDetailResponse.parse(
      await (await asAdmin(`/api/admin/subscriptions/${app.id}`)).json(),
    );
    expect(detail.documents).toEqual([
      {
        _id: mine,
        documentType: 'Passport',
        originalName: 'passport scan.pdf',
        size: bytes.byteLength,
        uploadDate: expect.any(String),
      },
    ]);

    const file = await asAdmin(`/api/admin/subscriptions/${app.id}/documents/${mine}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Disposition')).toContain('passport scan.pdf');
    expect(file.headers.get('Cache-Control')).toBe('private, no-store');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    const audit = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'subscription.document_download'), eq(t.auditLog.entityId, app.id)));
    expect(audit).toEqual([
      expect.objectContaining({ staffId: admin.id, entity: 'subscription', after: { documentId: mine } }),
    ]);

    // Another student's document through this application: as if it did not exist.
    const other = await asAdmin(`/api/admin/subscriptions/${app.id}/documents/${theirs}`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ success: false, message: 'Document not found' });
    expect((await asAdmin(`/api/admin/subscriptions/no-such-application/documents/${mine}`)).status).toBe(
      404,
    );
  });

  it('is for admins only: an editor, a student and nobody get nothing', async () => {
    const app = await makeApplication();
    const doc = await upload(app.student.id, 'transcript.pdf', pdfBytes());
    const path = `/api/admin/subscriptions/${app.id}/documents/${doc}`;
    expect((await request(path, { headers: auth(editor.token) })).status).toBe(403);
    expect((await request(path)).status).toBe(401);
    const student = await sessionToken({ sub: app.student.id, aud: 'student', role: 'student' });
    expect((await request(path, { headers: { Authorization: `Bearer ${student}` } })).status).toBe(401);
  });
});
