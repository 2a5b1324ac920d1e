import { describe, expect, it, beforeAll } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { env } from 'cloudflare:test';
import { aCountry, request, postJson } from '#functions/test/fixtures/index.ts';
import * as t from '#db/schema/index.ts';
import {
  auth,
  db,
  makeAssistanceRequest,
  makeContactMessage,
  makeJobApplication,
  makePartner,
  makePartnerRequest,
  makePayment,
  makeStaff,
  makeApplication,
} from '#functions/test/fixtures/index.ts';

let admin: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  admin = await makeStaff('admin');
});

const get = (path: string) => request(path, { headers: auth(admin.token) });
const post = (path: string, body: unknown) => postJson(path, body, auth(admin.token));
const mailTo = (to: string) =>
  db.select().from(t.outbox).where(eq(t.outbox.to, to)).orderBy(desc(t.outbox.createdAt));
const changes = (entity: 'subscription' | 'partner' | 'partner_request' | 'job_application', id: string) =>
  db
    .select()
    .from(t.statusChanges)
    .where(and(eq(t.statusChanges.entity, entity), eq(t.statusChanges.entityId, id)))
    .orderBy(t.statusChanges.createdAt);

describe('program applications', () => {
  it('walks submitted → in review → offer → enrolled, recording, auditing and e-mailing each step', async () => {
    const sub = await makeApplication();
    for (const [i, to] of (['in_review', 'offer', 'enrolled'] as const).entries()) {
      const res = await post(`/api/admin/subscriptions/${sub.id}/status`, {
        status: to,
        note: i === 1 ? 'Congratulations!' : undefined,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, to, emailed: true });
      const [row] = await db
        .select({ status: t.programApplications.status })
        .from(t.programApplications)
        .where(eq(t.programApplications.id, sub.id));
      expect(row!.status).toBe(to); // the column the student's dashboard reads
    }
    const history = await changes('subscription', sub.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.staffId])).toEqual([
      ['submitted', 'in_review', admin.id],
      ['in_review', 'offer', admin.id],
      ['offer', 'enrolled', admin.id],
    ]);
    expect(history[1]!.note).toBe('Congratulations!');
    const mails = await mailTo(sub.student.email);
    expect(mails).toHaveLength(3);
    expect(mails.map((m) => m.subject).join('|')).toContain(
      `Update on your application for ${sub.subject.name}: Offer`,
    );
    expect(
      mails.some(
        (m) => m.text?.includes('Congratulations!') && m.text.includes('/profile-bashboard-student'),
      ),
    ).toBe(true);
    const audit = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entityId, sub.id), eq(t.auditLog.action, 'subscription.status')));
    expect(audit).toHaveLength(3);
    expect(audit.find((a) => (a.after as { status: string }).status === 'offer')).toMatchObject({
      staffId: admin.id,
      before: { status: 'in_review' },
    });

    const detail = await get(`/api/admin/subscriptions/${sub.id}`);
    const body = await detail.json<{
      item: { status: string; studentEmail: string };
      history: { toStatus: string; staffName: string }[];
      next: string[];
    }>();
    expect(body.item).toMatchObject({ status: 'enrolled', studentEmail: sub.student.email });
    expect(body.history.map((h) => h.toStatus)).toEqual(['in_review', 'offer', 'enrolled']);
    expect(body.history[0]!.staffName).toBe(admin.name);
    expect(body.next).toEqual([]);
  });

  it('declines from any open state', async () => {
    for (const from of ['submitted', 'in_review', 'offer'] as const) {
      const sub = await makeApplication(from);
      expect((await post(`/api/admin/subscriptions/${sub.id}/status`, { status: 'declined' })).status).toBe(
        200,
      );
    }
  });

  it('refuses a move the pipeline does not allow (409) and an unknown status (400), changing nothing', async () => {
    const sub = await makeApplication();
    const skip = await post(`/api/admin/subscriptions/${sub.id}/status`, { status: 'enrolled' });
    expect(skip.status).toBe(409);
    expect(await skip.json()).toMatchObject({
      success: false,
      message: 'Cannot move from Submitted to Enrolled.',
    });
    const same = await post(`/api/admin/subscriptions/${sub.id}/status`, { status: 'submitted' });
    expect(same.status).toBe(409);
    const unknown = await post(`/api/admin/subscriptions/${sub.id}/status`, { status: 'accepted' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      message: 'Status must be one of: submitted, in_review, offer, enrolled, declined',
    });
    const missing = await post(`/api/admin/subscriptions/${sub.id}/status`, {});
    expect(missing.status).toBe(400);
    expect(await missing.json<object>()).toMatchObject({ message: expect.stringContaining('status') });
    const declined = await makeApplication('declined');
    expect(
      (await post(`/api/admin/subscriptions/${declined.id}/status`, { status: 'in_review' })).status,
    ).toBe(409);
    expect(await changes('subscription', sub.id)).toHaveLength(0);
    expect(await mailTo(sub.student.email)).toHaveLength(0);
    expect((await post('/api/admin/subscriptions/nope/status', { status: 'in_review' })).status).toBe(404);
  });

  it('lists with filters, search and paging', async () => {
    const a = await makeApplication('offer');
    const res = await get(
      `/api/admin/subscriptions?status=offer&q=${encodeURIComponent(a.student.fullName)}`,
    );
    const body = await res.json<{
      items: { id: string }[];
      total: number;
      page: number;
      pageSize: number;
    }>();
    expect(body).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(body.items[0]!.id).toBe(a.id);
    const paged = await (
      await get('/api/admin/subscriptions?pageSize=2&page=1')
    ).json<{
      items: unknown[];
      total: number;
    }>();
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(2);
    expect((await get('/api/admin/subscriptions?status=bogus')).status).toBe(400);
    expect((await get('/api/admin/subscriptions?pageSize=500')).status).toBe(400);
  });
});

describe('partners', () => {
  it('lists verified partners awaiting approval, approves and suspends them with an e-mail each time', async () => {
    const waiting = await makePartner();
    const unverified = await makePartner({ isVerified: false });
    const list = await (
      await get('/api/admin/partners?type=awaiting&pageSize=100')
    ).json<{
      items: { id: string }[];
    }>();
    expect(list.items.map((p) => p.id)).toContain(waiting.id);
    expect(list.items.map((p) => p.id)).not.toContain(unverified.id);

    expect((await post(`/api/admin/partners/${waiting.id}/status`, { status: 'approved' })).status).toBe(200);
    expect(
      (
        await post(`/api/admin/partners/${waiting.id}/status`, {
          status: 'suspended',
          note: 'Documents expired.',
        })
      ).status,
    ).toBe(200);
    expect((await post(`/api/admin/partners/${waiting.id}/status`, { status: 'pending' })).status).toBe(409);
    const [row] = await db
      .select({ s: t.partners.approvalStatus })
      .from(t.partners)
      .where(eq(t.partners.id, waiting.id));
    expect(row!.s).toBe('suspended');
    expect((await changes('partner', waiting.id)).map((c) => c.toStatus)).toEqual(['approved', 'suspended']);
    const mails = await mailTo(waiting.email);
    expect(mails[0]!.text).toContain('Documents expired.');
    const detail = await (
      await get(`/api/admin/partners/${waiting.id}`)
    ).json<{
      item: Record<string, unknown>;
    }>();
    expect(detail.item).not.toHaveProperty('passwordHash');
  });
});

describe('partner requests', () => {
  it('moves a request submitted → in review → approved, and an approved hiring request becomes a job in one step', async () => {
    const req = await makePartnerRequest('employee');
    expect((await post(`/api/admin/partner-requests/${req.id}/create-job`, {})).status).toBe(409); // not approved yet
    expect((await post(`/api/admin/partner-requests/${req.id}/status`, { status: 'approved' })).status).toBe(
      409,
    ); // must be reviewed first
    expect((await post(`/api/admin/partner-requests/${req.id}/status`, { status: 'in_review' })).status).toBe(
      200,
    );
    expect((await post(`/api/admin/partner-requests/${req.id}/status`, { status: 'approved' })).status).toBe(
      200,
    );
    const mails = await mailTo(req.partner.email);
    // The partner reads the person-facing label (schemas/pipelines.ts): staff see "Approved".
    expect(mails[0]!.subject).toBe('Update on your employee hiring request "Warehouse Operative": Accepted');

    const created = await post(`/api/admin/partner-requests/${req.id}/create-job`, {});
    expect(created.status).toBe(201);
    const { jobId } = await created.json<{ jobId: string }>();
    const [job] = await db.select().from(t.jobs).where(eq(t.jobs.id, jobId));
    expect(job).toMatchObject({
      title: 'Warehouse Operative',
      company: 'Acme Foods Ltd',
      category: 'Logistics',
      payment: '£12–£14 per hour',
      endDate: '2027-03-31',
      status: 'open',
      tags: ['Forklift', 'Teamwork'],
    });
    const [stored] = await db
      .select({ jobId: t.partnerRequests.jobId })
      .from(t.partnerRequests)
      .where(eq(t.partnerRequests.id, req.id));
    expect(stored!.jobId).toBe(jobId);
    expect((await post(`/api/admin/partner-requests/${req.id}/create-job`, {})).status).toBe(409); // only once
  });

  it('declines, refuses a job for an admission request, and filters by type', async () => {
    const req = await makePartnerRequest('student');
    expect((await post(`/api/admin/partner-requests/${req.id}/status`, { status: 'declined' })).status).toBe(
      200,
    );
    expect((await post(`/api/admin/partner-requests/${req.id}/create-job`, {})).status).toBe(409);
    const list = await (
      await get('/api/admin/partner-requests?type=student&pageSize=100')
    ).json<{
      items: { type: string }[];
    }>();
    expect(list.items.every((i) => i.type === 'student')).toBe(true);
    expect((await get('/api/admin/partner-requests?type=robot')).status).toBe(400);
  });
});

describe('job applications', () => {
  it('walks received → shortlisted → interview → offer, e-mailing the applicant', async () => {
    const app = await makeJobApplication();
    for (const to of ['shortlisted', 'interview', 'offer']) {
      expect((await post(`/api/admin/job-applications/${app.id}/status`, { status: to })).status).toBe(200);
    }
    expect((await changes('job_application', app.id)).map((c) => c.toStatus)).toEqual([
      'shortlisted',
      'interview',
      'offer',
    ]);
    expect(await mailTo(app.applicant.email)).toHaveLength(3);
    expect((await post(`/api/admin/job-applications/${app.id}/status`, { status: 'rejected' })).status).toBe(
      409,
    );
    const other = await makeJobApplication('interview');
    expect(
      (await post(`/api/admin/job-applications/${other.id}/status`, { status: 'rejected' })).status,
    ).toBe(200);
    expect(
      (await post(`/api/admin/job-applications/${other.id}/status`, { status: 'received' })).status,
    ).toBe(409);
  });

  it('lets staff download the CV as an attachment, and records it', async () => {
    const app = await makeJobApplication();
    const res = await get(`/api/admin/job-applications/${app.id}/cv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toContain('attachment; filename="Ann CV.pdf"');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(new TextDecoder().decode(await res.arrayBuffer())).toBe('%PDF-1.4 test cv');
    const audit = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entityId, app.id), eq(t.auditLog.action, 'job_application.cv_download')));
    expect(audit).toHaveLength(1);
  });
});

describe('payments', () => {
  it('lists payments with status, amount, payer and date, filtered by status', async () => {
    const paid = await makePayment();
    await makePayment({ status: 'canceled' });
    const body = await (
      await get('/api/admin/payments?status=succeeded&pageSize=100')
    ).json<{
      items: { id: string; status: string; amountFormatted: string; payerEmail: string; createdAt: string }[];
    }>();
    expect(body.items.every((p) => p.status === 'succeeded')).toBe(true);
    expect(body.items.find((p) => p.id === paid.id)).toMatchObject({
      amountFormatted: '$10.00',
      payerEmail: paid.payerEmail,
      createdAt: expect.any(String),
    });
    expect((await get('/api/admin/payments?status=lost')).status).toBe(400);
  });
});

describe('inbox', () => {
  it('merges both contact forms and assistance requests newest first, with search and state', async () => {
    const older = await makeContactMessage({ kind: 'landing', createdAt: new Date(Date.now() - 60_000) });
    const newer = await makeAssistanceRequest({ message: 'Need 5 welders, urgent' });
    const list = await (
      await get('/api/admin/inbox?pageSize=100')
    ).json<{
      items: { id: string; source: string; kind: string; status: string }[];
      total: number;
    }>();
    const ids = list.items.map((i) => i.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.items.find((i) => i.id === newer.id)).toMatchObject({
      source: 'assistance',
      kind: 'assistance',
      status: 'unread',
    });
    const search = await (
      await get('/api/admin/inbox?q=welders')
    ).json<{
      items: { id: string }[];
      total: number;
    }>();
    expect(search.items.map((i) => i.id)).toEqual([newer.id]);
    const literal = await (await get('/api/admin/inbox?q=%25')).json<{ total: number }>();
    expect(literal.total).toBe(0); // % is searched literally, not as a wildcard
    const onlyContact = await (
      await get('/api/admin/inbox?type=contact&pageSize=100')
    ).json<{
      items: { source: string }[];
    }>();
    expect(onlyContact.items.every((i) => i.source === 'contact')).toBe(true);
    expect((await get('/api/admin/inbox?status=archived')).status).toBe(400);
  });

  it('opening a message marks it read; staff can mark it handled or unread', async () => {
    const msg = await makeContactMessage();
    const detail = await (
      await get(`/api/admin/inbox/contact/${msg.id}`)
    ).json<{
      item: { status: string; message: string };
    }>();
    expect(detail.item).toMatchObject({ status: 'read', message: msg.message });
    const patch = await request(`/api/admin/inbox/contact/${msg.id}`, {
      method: 'PATCH',
      headers: { ...auth(admin.token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'handled' }),
    });
    expect(patch.status).toBe(200);
    const [row] = await db
      .select({ s: t.contactMessages.status })
      .from(t.contactMessages)
      .where(eq(t.contactMessages.id, msg.id));
    expect(row!.s).toBe('handled');
    const bad = await request(`/api/admin/inbox/contact/${msg.id}`, {
      method: 'PATCH',
      headers: { ...auth(admin.token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'gone' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Status must be unread, read or handled' });
    expect((await get('/api/admin/inbox/contact/unknown-id')).status).toBe(404);
    expect((await get(`/api/admin/inbox/letters/${msg.id}`)).status).toBe(400);
  });

  it('replies by e-mail through the mailer, records the reply and marks the message handled', async () => {
    const req = await makeAssistanceRequest();
    const empty = await post(`/api/admin/inbox/assistance/${req.id}/reply`, {
      subject: 'Re: labourers',
      message: ' ',
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'Message is required' });
    const res = await post(`/api/admin/inbox/assistance/${req.id}/reply`, {
      subject: 'Re: labourers',
      message: 'We can help.\n\nCall us on Monday.',
    });
    expect(res.status).toBe(200);
    const [mail] = await mailTo(req.email);
    expect(mail).toMatchObject({ subject: 'Re: labourers' });
    expect(mail!.text).toContain('Hello Bob Stone,');
    expect(mail!.text).toContain('Call us on Monday.');
    const detail = await (
      await get(`/api/admin/inbox/assistance/${req.id}`)
    ).json<{
      item: { status: string };
      replies: { subject: string; staffName: string }[];
    }>();
    expect(detail.item.status).toBe('handled');
    expect(detail.replies[0]).toMatchObject({ subject: 'Re: labourers', staffName: admin.name });
  });
});

describe('CSV export', () => {
  it('exports the whole filtered list with a header row, proper quoting and an attachment name', async () => {
    await makeContactMessage({
      fullName: 'Quote "Q" Person, Jr.',
      message: 'Line one\nline two',
      subject: '=SUM(A1)',
    });
    const res = await get('/api/admin/inbox?format=csv&q=Quote');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="inbox-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await res.text();
    const [header, ...rest] = text.split('\r\n');
    expect(header).toBe('Received,Form,Name,Email,Subject,Message,Status');
    expect(rest.join('\r\n')).toContain(`,home,"Quote ""Q"" Person, Jr.",`);
    expect(text).toContain('"Line one\nline two"');
    expect(text).toContain(",'=SUM(A1),"); // formulas stay text in spreadsheets
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('exports every other list too', async () => {
    for (const [path, header] of [
      ['/api/admin/subscriptions', 'Applied,Student,Email,Program,University,Intake,Status'],
      ['/api/admin/partners', 'Registered,Company,Headquarters,Email,Contact,Phone,Verified,Status'],
      ['/api/admin/partner-requests', 'Submitted,Type,Title,Partner,Email,Status,Job'],
      ['/api/admin/job-applications', 'Applied,Applicant,Email,Email confirmed,Phone,Job,Company,Status'],
      [
        '/api/admin/payments',
        'Payment id,Charge id,Created (UTC),Currency,Amount,Fee,Fee currency,Refunded,Net,Reference,Status,Payer,Email,Our id',
      ],
      ['/api/admin/staff', 'Name,Email,Role,Active,Two-step sign-in,Created'],
      ['/api/admin/audit', 'When,Who,Email,What happened,Action,Entity,Id,Before,After'],
      ['/api/admin/content/countries', 'Id,Title,Active,Updated'],
    ] as const) {
      const res = await get(`${path}?format=csv`);
      expect(res.status, path).toBe(200);
      const text = await res.text();
      expect(text.split('\r\n')[0], path).toBe(header);
    }
    const country = await aCountry();
    const countries = await (await get('/api/admin/content/countries?format=csv')).text();
    expect(countries).toContain(`${country.id},${country.name},true,`);
  });
});

describe('dashboard', () => {
  it('counts what waits for staff', async () => {
    await makeContactMessage();
    const body = await (
      await get('/api/admin/dashboard')
    ).json<{
      inboxUnread: number;
      subscriptions: Record<string, number>;
      publish: object;
    }>();
    expect(body.inboxUnread).toBeGreaterThan(0);
    expect(body.publish).toHaveProperty('editsWaiting');
    const editor = await makeStaff('editor');
    const asEditor = await (
      await request('/api/admin/dashboard', { headers: auth(editor.token) })
    ).json<Record<string, unknown>>();
    expect(asEditor).not.toHaveProperty('inboxUnread');
    void env;
  });
});

describe('status changes made at the same moment', () => {
  it('records nothing when the status moved since it was read', async () => {
    const { recordChange } = await import('#db/queries/statuses.ts');
    const sub = await makeApplication('in_review');
    // Another staff member read 'submitted' before this one moved it to in_review.
    expect(
      await recordChange(db, {
        pipeline: 'subscription',
        id: sub.id,
        from: 'submitted',
        to: 'declined',
        staffId: admin.id,
      }),
    ).toBe(false);
    const [row] = await db
      .select({ status: t.programApplications.status })
      .from(t.programApplications)
      .where(eq(t.programApplications.id, sub.id));
    expect(row!.status).toBe('in_review');
    expect(await changes('subscription', sub.id)).toHaveLength(0);
    expect(await db.select().from(t.auditLog).where(eq(t.auditLog.entityId, sub.id))).toHaveLength(0);
    expect(
      await recordChange(db, {
        pipeline: 'subscription',
        id: sub.id,
        from: 'in_review',
        to: 'declined',
        staffId: admin.id,
      }),
    ).toBe(true);
    expect(await changes('subscription', sub.id)).toHaveLength(1);
  });
});
