import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { collectPersonalData, findPerson } from '#db/queries/personal-data.ts';
import { eq } from 'drizzle-orm';
import * as t from '#db/schema/index.ts';
import {
  db,
  makeApplicantWithData,
  makeStudentWithData,
  postJson,
  request,
  rowsMentioning,
} from '#functions/test/fixtures/index.ts';
import { createMailer } from '#functions/services/mail/mailer.ts';
import { erasePerson } from '#functions/services/privacy/personal-data.ts';
import { bookedResponse, slotsResponse } from '#schemas/consultations.ts';
import { timelineResponseSchema } from '#schemas/timeline.ts';
import { addDays, localDate } from '#schemas/zoned-time.ts';
import { aCounsellor, allDay, anOffice, booking } from './consultations.test-helpers.ts';

// A consultation is booked by address, without an account: the account that holds the address gets
// it in its data export, and its erasure takes it (and the e-mails about it) away.
describe('consultations in a person’s data', () => {
  it('are exported with the account of the address, and erased with it', async () => {
    const student = await makeStudentWithData('consultprivacy', { documents: [] });
    const office = await anOffice('UTC');
    await aCounsellor(office, { minNoticeMinutes: 0 });
    const date = addDays(localDate(Date.now(), 'UTC'), 2);
    const res = await request(
      `/api/consultations/slots?from=${date}&to=${date}&tz=UTC&office=${office}&mode=video`,
    );
    const [slot] = slotsResponse.parse(await res.json()).slots;
    const booked = await postJson(
      '/api/consultations',
      booking(slot!.start, { office, email: student.email.toUpperCase() }),
    );
    expect(booked.status).toBe(201);

    const person = (await findPerson(db, 'student', student.id))!;
    const data = await collectPersonalData(db, person);
    expect(data.consultations).toEqual([expect.objectContaining({ email: student.email, status: 'booked' })]);

    await erasePerson(db, env.FILES, createMailer(db, env), person, { staffId: null });
    expect(await rowsMentioning([student.email])).toEqual([]);
  });
});

describe('consultations on the person’s timeline', () => {
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const timeline = async (path: string, headers: Record<string, string>) =>
    timelineResponseSchema.parse(await (await request(path, { headers })).json());

  it('a student sees their booked, moved, held and missed meetings beside their applications, each with its history', async () => {
    const student = await makeStudentWithData('consulttimeline', { documents: [] });
    const office = await anOffice('Asia/Dhaka');
    const counsellor = await aCounsellor(office, { name: 'Rina Das', minNoticeMinutes: 0, hours: allDay });
    const date = addDays(localDate(Date.now(), 'UTC'), 3);
    const book = async (hm: string) => {
      const res = await postJson(
        '/api/consultations',
        booking(`${date}T${hm}:00.000Z`, { office, email: student.email, timeZone: 'Europe/London' }),
      );
      expect(res.status).toBe(201);
      return bookedResponse.parse(await res.json());
    };
    const kept = await book('08:00');
    const moving = await book('09:00');
    const cancelled = await book('10:00');
    const token = (url: string) => new URL(url, 'https://x.test').searchParams.get('t')!;
    expect(
      (
        await postJson(`/api/consultations/${moving.consultation.id}/reschedule`, {
          t: token(moving.manageUrl),
          start: `${date}T11:00:00.000Z`,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await postJson(`/api/consultations/${cancelled.consultation.id}/cancel`, {
          t: token(cancelled.manageUrl),
        })
      ).status,
    ).toBe(200);
    // Two earlier meetings, recorded by staff.
    const past = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const earlier = async (status: 'held' | 'no_show', days: number) => {
      const id = crypto.randomUUID();
      await db.insert(t.consultations).values({
        id,
        counsellorId: counsellor,
        officeId: office,
        mode: 'phone',
        topic: 'study',
        startAt: past(days),
        endAt: new Date(past(days).getTime() + 30 * 60_000),
        status,
        name: 'Ana Test',
        email: student.email,
        phone: '+44 20 7946 0000',
        timeZone: 'Europe/London',
        notes: 'Staff only.',
        recordedAt: past(days - 1),
        createdAt: past(days + 5),
      });
      return id;
    };
    const held = await earlier('held', 10);
    const missed = await earlier('no_show', 30);

    const answer = await timeline('/api/users/me/timeline', bearer(student.token));
    expect(answer.items.map((i) => i.id)).toEqual([student.applicationId]);
    expect(answer.meetings.map((m) => [m.id, m.state, m.label])).toEqual([
      [moving.consultation.id, 'moved', 'Moved'],
      [kept.consultation.id, 'booked', 'Booked'],
      [held, 'held', 'Held'],
      [missed, 'missed', 'Missed'],
    ]);
    const [moved, booked, heldItem] = answer.meetings;
    expect(moved).toMatchObject({
      start: `${date}T11:00:00.000Z`,
      timeZone: 'Europe/London',
      counsellor: 'Rina Das',
      office: { timeZone: 'Asia/Dhaka' },
      events: [{ label: 'Booked' }, { label: 'Moved to a new time' }],
    });
    expect(moved!.manageUrl).toMatch(new RegExp(`^/consultation/${moving.consultation.id}\\?t=`));
    expect(booked!.events).toEqual([{ label: 'Booked', at: expect.any(String) }]);
    expect(heldItem!.events.map((e) => e.label)).toEqual(['Booked', 'Held']);
    expect(heldItem!.manageUrl).toBeNull();
    expect(JSON.stringify(answer)).not.toContain('Staff only.');
  });

  it('a job seeker sees theirs; an address not yet confirmed shows none', async () => {
    const seeker = await makeApplicantWithData('consultseeker');
    const office = await anOffice('Africa/Lagos');
    await aCounsellor(office, { minNoticeMinutes: 0, hours: allDay });
    const date = addDays(localDate(Date.now(), 'UTC'), 4);
    const res = await postJson(
      '/api/consultations',
      booking(`${date}T12:00:00.000Z`, { office, email: seeker.email, topic: 'work' }),
    );
    expect(res.status).toBe(201);
    const headers = { 'X-Applicant-Token': seeker.token };
    const answer = await timeline('/api/job-applicants/me/timeline', headers);
    expect(answer.items).toHaveLength(1);
    expect(answer.meetings).toEqual([expect.objectContaining({ state: 'booked', topic: 'work' })]);

    await db.update(t.jobApplicants).set({ emailConfirmedAt: null }).where(eq(t.jobApplicants.id, seeker.id));
    expect((await timeline('/api/job-applicants/me/timeline', headers)).meetings).toEqual([]);
  });
});
