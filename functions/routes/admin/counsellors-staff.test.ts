import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '#db/schema/index.ts';
import {
  auth,
  db,
  makeStaff,
  makeStudentWithData,
  postJson,
  request,
} from '#functions/test/fixtures/index.ts';
import {
  REASSIGN_MESSAGES,
  calendarSchema,
  closureSavedSchema,
  counsellorListSchema,
  counsellorSavedSchema,
  meetingPersonSchema,
} from '#schemas/admin/counsellors.ts';
import { auditRowSchema } from '#schemas/admin/index.ts';
import { bookedResponse } from '#schemas/consultations.ts';
import { pageOf } from '#schemas/responses.ts';
import { addDays, localDate } from '#schemas/zoned-time.ts';
import { aCounsellor, anOffice, booking, mailsTo } from '../consultations/consultations.test-helpers.ts';

// The staff's side of consultations beyond booking: giving a meeting to another counsellor (one
// conditional statement, raced), the meetings' CSV, the audit log's sentences, and editors allowed
// per counsellor.

let admin: Awaited<ReturnType<typeof makeStaff>>;
let editor: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  admin = await makeStaff('admin');
  editor = await makeStaff('editor');
});

const send = (token: string, method: string, path: string, body?: unknown) =>
  request(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...auth(token) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const reassign = (meeting: string, counsellorId: string) =>
  send(admin.token, 'POST', `/api/admin/counsellors/meetings/${meeting}/reassign`, { counsellorId });

const MINUTE = 60_000;
const day = (n: number) => addDays(localDate(Date.now(), 'UTC'), n);

/** A meeting written straight in for a counsellor at an office. */
async function meetingOf(
  counsellorId: string,
  officeId: string,
  start: string,
  extra: Partial<typeof t.consultations.$inferInsert> = {},
) {
  const id = crypto.randomUUID();
  const at = Date.parse(start);
  await db.insert(t.consultations).values({
    id,
    counsellorId,
    officeId,
    mode: 'video',
    topic: 'study',
    startAt: new Date(at),
    endAt: new Date(at + 30 * MINUTE),
    name: 'Reassigned Person',
    email: `reassign-${id.slice(0, 8)}@example.com`,
    phone: '+44 20 7946 0000',
    timeZone: 'Asia/Kolkata',
    ...extra,
  });
  return id;
}

const counsellorOf = async (meeting: string) =>
  (await db.select().from(t.consultations).where(eq(t.consultations.id, meeting)))[0]!.counsellorId;

const auditAbout = async (id: string) =>
  pageOf(auditRowSchema).parse(
    await (
      await request(`/api/admin/audit?q=${encodeURIComponent(id)}`, { headers: auth(admin.token) })
    ).json(),
  ).items;

describe('POST /api/admin/counsellors/meetings/:id/reassign', () => {
  it('gives the meeting to a free counsellor; both are told, and the audit log says who it went to', async () => {
    const office = await anOffice('Europe/London');
    const from = await aCounsellor(office, { name: 'Ada From' });
    const to = await aCounsellor(office, { name: 'Bea To' });
    const meeting = await meetingOf(from, office, `${day(5)}T10:00:00.000Z`);

    const res = await reassign(meeting, to);
    expect(res.status).toBe(200);
    expect(await counsellorOf(meeting)).toBe(to);
    const [toMail] = await mailsTo(`${to}@example.com`);
    expect(toMail?.subject).toMatch(/^Consultation given to you: /);
    expect(toMail?.text).toContain('Reassigned Person');
    expect(toMail?.text).toContain('/admin/consultations');
    const [fromMail] = await mailsTo(`${from}@example.com`);
    expect(fromMail?.subject).toMatch(/^Consultation given to a colleague: /);

    const [entry] = await auditAbout(meeting);
    expect(entry).toMatchObject({ action: 'consultation.reassign', staffName: admin.name });
    expect(entry!.summary).toBe(
      `Gave Reassigned Person's consultation of ${day(5)} 10:00 UTC to Bea To (it was with Ada From)`,
    );
  });

  it('refuses a counsellor who is taken (buffer included), meets otherwise, is the same or unknown; a past or cancelled meeting', async () => {
    const office = await anOffice('UTC');
    const busy = await aCounsellor(office, { bufferMinutes: 15 });
    const phoneOnly = await aCounsellor(office, { modes: ['phone'] });
    const holder = await aCounsellor(office);
    await meetingOf(busy, office, `${day(6)}T10:00:00.000Z`);
    // 10:30–11:00 touches 10:00–10:30 only through busy's 15-minute buffer.
    const meeting = await meetingOf(holder, office, `${day(6)}T10:30:00.000Z`);

    const taken = await reassign(meeting, busy);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ success: false, message: REASSIGN_MESSAGES.taken });
    const mode = await reassign(meeting, phoneOnly);
    expect(mode.status).toBe(400);
    expect(await mode.json()).toMatchObject({ message: REASSIGN_MESSAGES.mode });
    expect(await (await reassign(meeting, holder)).json()).toMatchObject({ message: REASSIGN_MESSAGES.same });
    const unknown = await reassign(meeting, 'nobody');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ message: REASSIGN_MESSAGES.unknown });
    expect((await reassign('no-such-meeting', busy)).status).toBe(404);

    const past = await meetingOf(holder, office, new Date(Date.now() - 60 * MINUTE).toISOString());
    expect(await (await reassign(past, phoneOnly)).json()).toMatchObject({
      message: REASSIGN_MESSAGES.notChangeable,
    });
    const cancelled = await meetingOf(holder, office, `${day(6)}T14:00:00.000Z`, { status: 'cancelled' });
    expect((await reassign(cancelled, busy)).status).toBe(409);
    expect(await counsellorOf(meeting)).toBe(holder);
  });

  it('raced: ten meetings of one time given to one counsellor, and public bookings of that time, leave them one meeting', async () => {
    const busyOffice = await anOffice('UTC');
    const office = await anOffice('UTC');
    const target = await aCounsellor(office, { minNoticeMinutes: 0 });
    const start = `${day(7)}T11:00:00.000Z`;
    const meetings = await Promise.all(
      Array.from({ length: 10 }, async () => meetingOf(await aCounsellor(busyOffice), busyOffice, start)),
    );
    const answers = await Promise.all([
      ...meetings.map((m) => reassign(m, target)),
      ...Array.from({ length: 10 }, () => postJson('/api/consultations', booking(start, { office }))),
    ]);
    const won = answers.filter((r) => r.status === 200 || r.status === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((r) => r.status !== 200 && r.status !== 201)) {
      expect(lost.status).toBe(409);
      expect(await lost.json()).toMatchObject({ success: false });
    }
    const held = await db.select().from(t.consultations).where(eq(t.consultations.counsellorId, target));
    expect(held.filter((m) => m.status !== 'cancelled' && m.startAt.toISOString() === start)).toHaveLength(1);
  });

  it('raced against a reschedule into the same time: the counsellor still holds one meeting', async () => {
    const office = await anOffice('UTC');
    const target = await aCounsellor(office, { minNoticeMinutes: 0 });
    const other = await aCounsellor(await anOffice('UTC'));
    const date = day(8);
    // The person's own meeting with the target at 09:00 moves to 12:00 while staff give the target
    // another meeting of 12:00.
    const booked = await postJson('/api/consultations', booking(`${date}T09:00:00.000Z`, { office }));
    expect(booked.status).toBe(201);
    const { manageUrl, consultation } = bookedResponse.parse(await booked.json());
    const token = new URL(manageUrl, 'https://x.test').searchParams.get('t')!;
    const stranger = await meetingOf(other, office, `${date}T12:00:00.000Z`);
    const [moved, given] = await Promise.all([
      postJson(`/api/consultations/${consultation.id}/reschedule`, {
        t: token,
        start: `${date}T12:00:00.000Z`,
      }),
      reassign(stranger, target),
    ]);
    expect([moved.status, given.status].sort()).toEqual([200, 409]);
    const atNoon = (
      await db.select().from(t.consultations).where(eq(t.consultations.counsellorId, target))
    ).filter((m) => m.status === 'booked' && m.startAt.toISOString() === `${date}T12:00:00.000Z`);
    expect(atNoon).toHaveLength(1);
    // Whichever came first, the target now holds noon: another meeting of that time is refused them.
    const another = await meetingOf(other, office, `${date}T12:15:00.000Z`);
    const late = await reassign(another, target);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: REASSIGN_MESSAGES.taken });
  });
});

describe('the meetings in the CSV export and the audit log', () => {
  it('downloads a range of meetings as CSV with their status and notes, and the download is audited', async () => {
    const office = await anOffice('UTC');
    const counsellor = await aCounsellor(office, { name: 'Csv Counsellor' });
    const date = day(9);
    const meeting = await meetingOf(counsellor, office, `${date}T15:00:00.000Z`, {
      name: 'Csv, Person',
      notes: '=Wants a "UK" MSc',
    });
    expect(
      (await send(admin.token, 'PATCH', `/api/admin/counsellors/meetings/${meeting}`, { status: 'held' }))
        .status,
    ).toBe(200);
    const res = await request(
      `/api/admin/counsellors/calendar?from=${date}&to=${date}&counsellor=${counsellor}&format=csv`,
      { headers: auth(admin.token) },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="consultations-${date}-to-${date}.csv"`,
    );
    const [header, row, end] = (await res.text()).split('\r\n');
    expect(header).toBe(
      'Start (UTC),End (UTC),Counsellor,Office,Mode,Topic,Status,Name,Email,Phone,Country,Their time zone,Booked by staff,Cancel reason,Notes,Id',
    );
    expect(row).toContain(`${date}T15:00:00.000Z,${date}T15:30:00.000Z,Csv Counsellor,`);
    expect(row).toContain(',Video call,Studying abroad,Held,"Csv, Person",');
    // A note that starts like a formula stays text in a spreadsheet.
    expect(row).toContain(`,"'=Wants a ""UK"" MSc",${meeting}`);
    expect(end).toBe('');
    const entries = await auditAbout(meeting);
    expect(entries.map((e) => e.summary)).toContain(
      `Recorded Csv, Person's consultation of ${date} 15:00 UTC as Held`,
    );
    const exports = pageOf(auditRowSchema).parse(
      await (
        await request('/api/admin/audit?status=consultation.export', { headers: auth(admin.token) })
      ).json(),
    ).items;
    expect(exports[0]?.summary).toBe(`Downloaded the consultations from ${date} to ${date} as CSV`);
    expect(
      (
        await request(`/api/admin/counsellors/calendar?from=${date}&to=${date}&format=csv`, {
          headers: auth(editor.token),
        })
      ).status,
    ).toBe(403);
  });

  it('puts the person’s own booking, move and cancellation in the audit log, without their details', async () => {
    const office = await anOffice('UTC');
    await aCounsellor(office, { minNoticeMinutes: 0 });
    const date = day(10);
    const booked = await postJson(
      '/api/consultations',
      booking(`${date}T09:00:00.000Z`, { office, name: 'Self Booker' }),
    );
    const { manageUrl, consultation } = bookedResponse.parse(await booked.json());
    const token = new URL(manageUrl, 'https://x.test').searchParams.get('t')!;
    expect(
      (
        await postJson(`/api/consultations/${consultation.id}/reschedule`, {
          t: token,
          start: `${date}T10:00:00.000Z`,
        })
      ).status,
    ).toBe(200);
    expect((await postJson(`/api/consultations/${consultation.id}/cancel`, { t: token })).status).toBe(200);
    const entries = await auditAbout(consultation.id);
    expect(entries.map((e) => e.summary)).toEqual([
      `The person cancelled Self Booker's consultation of ${date} 10:00 UTC`,
      `The person moved Self Booker's consultation of ${date} 10:00 UTC to ${date} 10:00 UTC`,
      `The person booked Self Booker's consultation of ${date} 10:00 UTC`,
    ]);
    expect(entries.every((e) => e.staffName === null)).toBe(true);
    expect(JSON.stringify(entries.map((e) => [e.before, e.after]))).not.toContain('Self Booker');
  });
});

describe('editors and counsellors', () => {
  it('change only the counsellors an admin opened to them, never who may edit; office closures stay admins’', async () => {
    const office = await anOffice('Europe/London');
    const week = [1, 2, 3, 4, 5].map((weekday) => ({
      officeId: office,
      weekday,
      startMinute: 540,
      endMinute: 1020,
    }));
    const created = await send(admin.token, 'POST', '/api/admin/counsellors', {
      name: 'Opened Later',
      modes: ['video'],
      topics: ['study'],
      hours: week,
    });
    expect(created.status).toBe(201);
    const { counsellor } = counsellorSavedSchema.parse(await created.json());
    expect(counsellor.editorsMayEdit).toBe(false);

    const list = async (token: string) =>
      counsellorListSchema.parse(await (await send(token, 'GET', '/api/admin/counsellors')).json());
    expect((await list(editor.token)).counsellors.map((c) => c.id)).not.toContain(counsellor.id);
    expect((await list(editor.token)).canManage).toBe(false);
    const refused = await send(editor.token, 'PUT', `/api/admin/counsellors/${counsellor.id}`, counsellor);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false });
    expect(
      (await send(editor.token, 'POST', '/api/admin/counsellors', { ...counsellor, name: 'New' })).status,
    ).toBe(403);

    expect(
      (
        await send(admin.token, 'PUT', `/api/admin/counsellors/${counsellor.id}`, {
          ...counsellor,
          editorsMayEdit: true,
        })
      ).status,
    ).toBe(200);
    const opened = await list(editor.token);
    expect(opened.counsellors.map((c) => c.id)).toContain(counsellor.id);
    expect(opened.offices.some((o) => o.id === office && o.timeZone === 'Europe/London')).toBe(true);

    const edited = await send(editor.token, 'PUT', `/api/admin/counsellors/${counsellor.id}`, {
      ...counsellor,
      meetingMinutes: 45,
      bufferMinutes: 10,
      editorsMayEdit: false,
    });
    expect(edited.status).toBe(200);
    expect(counsellorSavedSchema.parse(await edited.json()).counsellor).toMatchObject({
      meetingMinutes: 45,
      bufferMinutes: 10,
      editorsMayEdit: true,
    });

    const closure = await send(editor.token, 'POST', '/api/admin/counsellors/closures', {
      counsellorId: counsellor.id,
      date: day(12),
      reason: 'Holiday',
    });
    expect(closure.status).toBe(201);
    const saved = closureSavedSchema.parse(await closure.json()).closure;
    expect(
      (
        await send(editor.token, 'POST', '/api/admin/counsellors/closures', {
          officeId: office,
          date: day(12),
        })
      ).status,
    ).toBe(403);
    expect((await send(editor.token, 'DELETE', `/api/admin/counsellors/closures/${saved.id}`)).status).toBe(
      200,
    );
    expect(
      (await send(editor.token, 'GET', `/api/admin/counsellors/calendar?from=${day(1)}&to=${day(2)}`)).status,
    ).toBe(403);
    const sentences = (await auditAbout(counsellor.id)).map((e) => e.summary);
    expect(sentences).toContain('Changed the hours and rules of the counsellor Opened Later');
    expect(sentences).toContain('Added the counsellor Opened Later');
  });
});

// The calendar's schema is unchanged by the export: JSON stays the default.
it('the calendar answers JSON without format', async () => {
  const res = await request(`/api/admin/counsellors/calendar?from=${day(1)}&to=${day(1)}`, {
    headers: auth(admin.token),
  });
  expect(calendarSchema.safeParse(await res.json()).success).toBe(true);
});

describe('GET /api/admin/counsellors/meetings/:id/person', () => {
  it('opens the person behind a meeting: their earlier meetings with notes, their applications and documents', async () => {
    const student = await makeStudentWithData('meetingperson');
    const office = await anOffice('UTC');
    const counsellor = await aCounsellor(office, { name: 'Earlier Counsellor' });
    const earlier = await meetingOf(counsellor, office, `${day(-20)}T10:00:00.000Z`, {
      email: student.email,
      status: 'held',
      notes: 'Interested in Leeds.',
    });
    const meeting = await meetingOf(counsellor, office, `${day(11)}T10:00:00.000Z`, {
      email: student.email.toUpperCase(),
    });
    const res = await send(admin.token, 'GET', `/api/admin/counsellors/meetings/${meeting}/person`);
    expect(res.status).toBe(200);
    const person = meetingPersonSchema.parse(await res.json());
    expect(person.earlier).toEqual([
      {
        id: earlier,
        start: `${day(-20)}T10:00:00.000Z`,
        status: 'held',
        counsellor: 'Earlier Counsellor',
        notes: 'Interested in Leeds.',
      },
    ]);
    const account = person.accounts.find((a) => a.type === 'student' && a.id === student.id);
    expect(account?.applications).toEqual([
      expect.objectContaining({
        id: student.applicationId,
        status: 'In review',
        href: `/admin/applications?id=${student.applicationId}`,
      }),
    ]);
    expect(account?.documents.length).toBeGreaterThan(0);
    expect(
      (await send(editor.token, 'GET', `/api/admin/counsellors/meetings/${meeting}/person`)).status,
    ).toBe(403);
    expect((await send(admin.token, 'GET', '/api/admin/counsellors/meetings/nothing/person')).status).toBe(
      404,
    );
  });
});
