// Every program application, partner request and job application shows its owner
// a timeline (each status, its date, the person-facing label, what happens next), newest change
// first, marked when it changed since the last visit; status e-mails link to it.
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#db/schema/index.ts';
import { changedSince, type TimelineResponse } from '#schemas/timeline.ts';
import { pipelines } from '#schemas/pipelines.ts';
import {
  db,
  makeApplicantWithData,
  makePartnerWithData,
  makeStudentWithData,
} from '../test/fixtures/index.ts';
import { aProgram, postJson, request } from '../test/fixtures/index.ts';
import { auth as staffAuth, makeStaff } from '../test/fixtures/index.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const timeline = async (path: string, headers: Record<string, string>) => {
  const res = await request(path, { headers });
  expect(res.status).toBe(200);
  return await res.json<TimelineResponse>();
};

describe('GET …/me/timeline and POST …/me/timeline/seen', () => {
  it("a student's applications: each status with its date and person label, what happens next; changes since the last visit; the e-mail links to it", async () => {
    const student = await makeStudentWithData('timeline', { documents: [] });
    const first = await timeline('/api/users/me/timeline', bearer(student.token));
    expect(first.lastVisit).toBeNull();
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({
      id: student.applicationId,
      pipeline: 'subscription',
      status: 'in_review',
      label: 'Being reviewed',
      next: pipelines.subscription.stages.in_review.next,
      final: false,
      events: [
        { status: 'submitted', label: 'Submitted', note: null },
        { status: 'in_review', label: 'Being reviewed', note: expect.stringContaining('Note for') },
      ],
    });

    const seen = await postJson('/api/users/me/timeline/seen', {}, bearer(student.token));
    expect(seen.status).toBe(200);
    const visited = await timeline('/api/users/me/timeline', bearer(student.token));
    expect(visited.lastVisit).not.toBeNull();
    expect(changedSince(visited.items[0]!, visited.lastVisit)).toBe(false);

    // Staff move it to Offer: the person sees "Offer received", marked as changed, and is e-mailed a link to it.
    await new Promise((r) => setTimeout(r, 5));
    const admin = await makeStaff('admin');
    const moved = await postJson(
      `/api/admin/subscriptions/${student.applicationId}/status`,
      { status: 'offer' },
      staffAuth(admin.token),
    );
    expect(moved.status).toBe(200);
    const after = await timeline('/api/users/me/timeline', bearer(student.token));
    expect(after.items[0]).toMatchObject({ status: 'offer', label: 'Offer received', final: false });
    expect(after.items[0]!.events.map((e) => e.label)).toEqual([
      'Submitted',
      'Being reviewed',
      'Offer received',
    ]);
    expect(changedSince(after.items[0]!, after.lastVisit)).toBe(true);
    const [mail] = await db
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.to, student.email))
      .orderBy(desc(t.outbox.createdAt))
      .limit(1);
    expect(mail!.subject).toContain('Offer received');
    expect(mail!.text).toContain(
      `http://127.0.0.1:8787/profile-bashboard-student#timeline-${student.applicationId}`,
    );
    expect(mail!.text).toContain(pipelines.subscription.stages.offer.next);
  });

  it('lists the latest change first', async () => {
    const student = await makeStudentWithData('ordering', { documents: [] });
    const second = await aProgram();
    const later = crypto.randomUUID();
    await db.insert(t.programApplications).values({
      id: later,
      userId: student.id,
      subjectId: second.id,
      createdAt: new Date(Date.now() - 120_000),
    });
    // The older application changed most recently.
    await db.insert(t.statusChanges).values({
      id: crypto.randomUUID(),
      entity: 'subscription',
      entityId: later,
      fromStatus: 'submitted',
      toStatus: 'declined',
      createdAt: new Date(Date.now() + 1_000),
    });
    await db
      .update(t.programApplications)
      .set({ status: 'declined' })
      .where(eq(t.programApplications.id, later));
    const { items } = await timeline('/api/users/me/timeline', bearer(student.token));
    expect(items.map((i) => [i.id, i.label, i.final])).toEqual([
      [later, 'Not successful', true],
      [student.applicationId, 'Being reviewed', false],
    ]);
  });

  it("partners see their requests, applicants their job applications; another account type's token is refused", async () => {
    const partner = await makePartnerWithData('timelinepartner');
    const p = await timeline('/api/partner/me/timeline', bearer(partner.token));
    expect(p.items).toEqual([
      expect.objectContaining({
        id: partner.requestId,
        pipeline: 'partner_request',
        label: 'Being reviewed',
        subtitle: 'Employee hiring',
      }),
    ]);
    const applicant = await makeApplicantWithData('timelineapplicant');
    const a = await timeline('/api/job-applicants/me/timeline', { 'X-Applicant-Token': applicant.token });
    expect(a.items).toEqual([
      expect.objectContaining({
        id: applicant.applicationId,
        pipeline: 'job_application',
        label: 'Shortlisted',
        href: `/job/${applicant.jobId}`,
      }),
    ]);
    expect((await request('/api/users/me/timeline', { headers: bearer(partner.token) })).status).toBe(403);
    expect((await request('/api/partner/me/timeline')).status).toBe(401);
    expect(
      (await postJson('/api/job-applicants/me/timeline/seen', {}, { 'X-Applicant-Token': partner.token }))
        .status,
    ).toBe(403);
  });
});
