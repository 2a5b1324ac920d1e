// The back office's failed and dead mail (staff only, recipients for admins only)
// and its Retry, which resets a message to a fresh attempt and sends it at once, audited, once.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#db/schema/index.ts';
import { retryBlockedMessages, type RetryResult, type UndeliveredPage } from '#schemas/mail.ts';
import { app } from '#functions/index.ts';
import { program, received, withFakeMail } from '#functions/test/mail-fake/client.ts';
import { auth, db, makeStaff, makeStudent, tokenFor } from '#functions/test/fixtures/index.ts';

const bindings = withFakeMail();
const call = async (path: string, token: string | null, init: RequestInit = {}, env: Env = bindings) =>
  app.request(
    `http://127.0.0.1:8787/api/admin/mail${path}`,
    { ...init, headers: { ...(token && auth(token)), ...init.headers } },
    env,
  );

async function message(
  to: string,
  status: 'failed' | 'dead' | 'sent',
  extra: Partial<typeof t.outbox.$inferInsert> = {},
) {
  const id = crypto.randomUUID();
  const now = new Date();
  await db.insert(t.outbox).values({
    id,
    to,
    subject: `Update for ${to}`,
    text: 'Your application moved.',
    html: '<p>Your application moved.</p>',
    status,
    attempts: status === 'dead' ? 4 : 1,
    nextAttemptAt: status === 'failed' ? new Date(now.getTime() + 5 * 60_000) : null,
    lastError: status === 'sent' ? null : 'HTTP 503',
    createdAt: now,
    updatedAt: now,
    ...extra,
  });
  return id;
}

describe('GET /api/admin/mail', () => {
  it('lists failed and dead messages, newest first, with recipients and subjects for admins only', async () => {
    const failed = await message('list-failed@example.com', 'failed');
    const dead = await message('list-dead@example.com', 'dead', { text: null, html: null });
    const code = await message('list-code@example.com', 'dead', { retryable: false });
    await message('list-sent@example.com', 'sent');

    const admin = await makeStaff('admin');
    const res = await call('?pageSize=100', admin.token);
    expect(res.status).toBe(200);
    const page = await res.json<UndeliveredPage>();
    expect(page.showsRecipients).toBe(true);
    const byId = new Map(page.items.map((i) => [i.id, i]));
    expect(byId.get(failed)).toMatchObject({
      status: 'failed',
      to: 'list-failed@example.com',
      subject: 'Update for list-failed@example.com',
      attempts: 1,
      lastError: 'HTTP 503',
      retryBlocked: null,
    });
    expect(byId.get(failed)!.nextAttemptAt).toEqual(expect.any(String));
    expect(byId.get(dead)).toMatchObject({
      status: 'dead',
      retryBlocked: retryBlockedMessages.bodyRemoved,
      nextAttemptAt: null,
    });
    expect(byId.get(code)).toMatchObject({ retryBlocked: retryBlockedMessages.oneTimeCode });
    expect(page.items.some((i) => i.to === 'list-sent@example.com')).toBe(false);
    expect(
      (await (await call('?status=dead&pageSize=100', admin.token)).json<UndeliveredPage>()).items.every(
        (i) => i.status === 'dead',
      ),
    ).toBe(true);

    const editor = await makeStaff('editor');
    const forEditor = await (await call('?pageSize=100', editor.token)).json<UndeliveredPage>();
    expect(forEditor.showsRecipients).toBe(false);
    expect(forEditor.items.find((i) => i.id === failed)).toMatchObject({
      to: null,
      subject: null,
      status: 'failed',
    });
    expect(JSON.stringify(forEditor)).not.toContain('@example.com');
  });

  it('admins search recipients and subjects; the CSV export shows editors no recipient either', async () => {
    await message('search-needle@example.com', 'failed');
    const admin = await makeStaff('admin');
    const found = await (await call('?q=SEARCH-NEEDLE', admin.token)).json<UndeliveredPage>();
    expect(found.items.map((i) => i.to)).toEqual(['search-needle@example.com']);
    const csv = await call('?format=csv', admin.token);
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    expect(await csv.text()).toContain('search-needle@example.com');
    const editor = await makeStaff('editor');
    const editorCsv = await (await call('?format=csv&q=search-needle', editor.token)).text();
    expect(editorCsv.split('\r\n')[0]).toBe('Written,Status,To,Subject,Attempts,Last error,Next attempt');
    expect(editorCsv).not.toContain('@example.com');
  });

  it('is staff only, and validates its query', async () => {
    expect((await call('', null)).status).toBe(401);
    const student = await makeStudent();
    expect((await call('', await tokenFor('student', student.id, 'student'))).status).toBe(403);
    const admin = await makeStaff('admin');
    const bad = await call('?status=sent', admin.token);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, message: 'status must be failed or dead' });
  });
});

describe('POST /api/admin/mail/:id/retry', () => {
  it('sends a failed message at once, restarts its attempts, and records who did it in the audit log', async () => {
    const to = 'retry-now@example.com';
    const id = await message(to, 'failed', { attempts: 3 });
    const admin = await makeStaff('admin');
    const res = await call(`/${id}/retry`, admin.token, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json<RetryResult>()).toEqual({
      success: true,
      status: 'sent',
      message: 'The message was sent.',
    });
    const [row] = await db.select().from(t.outbox).where(eq(t.outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    const [request] = await received(to);
    expect(request).toMatchObject({
      idempotencyKey: id,
      outcome: 'delivered',
      body: { to, text: 'Your application moved.' },
    });
    const [audit] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'mail.retry'), eq(t.auditLog.entityId, id)));
    expect(audit).toMatchObject({
      staffId: admin.id,
      entity: 'outbox',
      before: { status: 'failed', attempts: 3 },
      after: { status: 'sent' },
    });
  });

  it('a dead message whose body is still kept (development) gets a fresh schedule when the provider fails again', async () => {
    const to = 'retry-dead@example.com';
    await program(to, 1);
    const id = await message(to, 'dead', { attempts: 4 });
    const editor = await makeStaff('editor');
    const res = await call(`/${id}/retry`, editor.token, { method: 'POST' });
    expect(await res.json()).toMatchObject({
      status: 'failed',
      message: 'The provider refused it again; the next retry is scheduled.',
    });
    const [row] = await db.select().from(t.outbox).where(eq(t.outbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
  });

  it('refuses what cannot be resent: a one-time code, a message whose text production removed, a sent or unknown message', async () => {
    const admin = await makeStaff('admin');
    const code = await message('refuse-code@example.com', 'dead', { retryable: false });
    const removed = await message('refuse-removed@example.com', 'dead', { text: null, html: null });
    const sent = await message('refuse-sent@example.com', 'sent');
    for (const [id, status, text] of [
      [code, 409, retryBlockedMessages.oneTimeCode],
      [removed, 409, retryBlockedMessages.bodyRemoved],
      [sent, 409, 'This message is being sent right now, or is no longer failed. Reload the list.'],
      [crypto.randomUUID(), 404, 'No such message'],
    ] as const) {
      const res = await call(`/${id}/retry`, admin.token, { method: 'POST' });
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ success: false, message: text });
    }
    expect(await received('refuse-code@example.com')).toEqual([]);
  });

  it('five staff pressing Retry together send the message once', async () => {
    const to = 'retry-parallel@example.com';
    await program(to, 0, { delayMs: 30 });
    const id = await message(to, 'failed');
    const staff = await Promise.all([0, 1, 2, 3, 4].map(() => makeStaff('admin')));
    const answers = await Promise.all(staff.map((s) => call(`/${id}/retry`, s.token, { method: 'POST' })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await received(to)).length).toBe(1);
    expect(
      await db
        .select()
        .from(t.auditLog)
        .where(and(eq(t.auditLog.action, 'mail.retry'), eq(t.auditLog.entityId, id))),
    ).toHaveLength(1);
  });
});
