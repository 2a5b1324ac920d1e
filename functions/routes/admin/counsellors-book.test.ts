import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '#db/schema/index.ts';
import { auth, db, makeStaff, postJson, request } from '#functions/test/fixtures/index.ts';
import { STAFF_BOOKING_MESSAGES, bookingPeopleSchema, calendarSchema } from '#schemas/admin/counsellors.ts';
import { auditRowSchema } from '#schemas/admin/index.ts';
import { CONSULTATION_MESSAGES, bookedResponse, slotsResponse } from '#schemas/consultations.ts';
import { pageOf } from '#schemas/responses.ts';
import { addDays, localDate } from '#schemas/zoned-time.ts';
import {
  aCounsellor,
  anOffice,
  booking,
  mailsTo,
  parseIcs,
} from '../consultations/consultations.test-helpers.ts';

// Staff booking a consultation for a person from the back office: the free times of one counsellor
// or any, finding the person, and the booking itself (the same one statement as the public's, with
// a counsellor chosen or not, the same e-mail and invitation, and the address's limit left aside).

let admin: Awaited<ReturnType<typeof makeStaff>>;
let editor: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  admin = await makeStaff('admin');
  editor = await makeStaff('editor');
});

const get = (path: string, token = admin.token) => request(path, { headers: auth(token) });
const bookFor = (body: unknown, token = admin.token) =>
  request('/api/admin/counsellors/meetings', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...auth(token) },
    body: JSON.stringify(body),
  });
const day = (n: number) => addDays(localDate(Date.now(), 'UTC'), n);
const at = (date: string, hm: string) => `${date}T${hm}:00.000Z`;
const short = () => crypto.randomUUID().slice(0, 8);

/** An office of its own in UTC with two counsellors, 09:00–12:00 every day, no notice. */
async function twoCounsellors() {
  const office = await anOffice('UTC');
  const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 540, endMinute: 720 }));
  const first = await aCounsellor(office, { hours, minNoticeMinutes: 0, name: `First ${short()}` });
  const second = await aCounsellor(office, { hours, minNoticeMinutes: 0, name: `Second ${short()}` });
  return { office, first, second };
}

const meetingRow = async (id: string) =>
  (await db.select().from(t.consultations).where(eq(t.consultations.id, id)))[0]!;

describe('POST /api/admin/counsellors/meetings with a counsellor chosen', () => {
  it('books with that counsellor: the person gets the REQUEST invitation, the counsellor is told, and it is audited', async () => {
    const { office, second } = await twoCounsellors();
    const email = `on-behalf-${short()}@example.com`;
    const start = at(day(3), '10:00');
    const res = await bookFor(
      booking(start, {
        office,
        email,
        name: 'Priya On Behalf',
        timeZone: 'Asia/Kolkata',
        counsellor: second,
      }),
    );
    expect(res.status).toBe(201);
    const answer = bookedResponse.parse(await res.json());
    expect(answer.consultation.start).toBe(start);
    const row = await meetingRow(answer.consultation.id);
    expect(row.counsellorId).toBe(second);
    expect(row.bookedByStaffId).toBe(admin.id);
    expect(answer.consultation.counsellor.name).toMatch(/^Second /);

    // The person's e-mail is the public booking's: their zone's time and the invitation.
    const [mail] = await mailsTo(email);
    // 10:00 UTC is 15:30 in Kolkata (+05:30).
    expect(mail!.subject).toMatch(/^Your free consultation is booked: .* at 15:30$/);
    const ics = parseIcs(mail!.attachments.find((a) => a.filename === 'invite.ics')!.content);
    expect(ics.method).toBe('REQUEST');
    expect(ics.uid).toContain(answer.consultation.id);
    expect(ics.sequence).toBe(0);
    expect(ics.start.toISOString()).toBe(start);
    expect(String(ics.attendee).toLowerCase()).toBe(`mailto:${email}`);
    expect(ics.description).toContain(answer.manageUrl);
    // The counsellor chosen is told.
    const told = await mailsTo(`${second}@example.com`);
    expect(told.map((m) => m.subject)).toEqual([expect.stringMatching(/^New consultation: /)]);

    const audit = pageOf(auditRowSchema).parse(
      await (await get(`/api/admin/audit?q=${encodeURIComponent(answer.consultation.id)}`)).json(),
    ).items;
    expect(audit.map((a) => a.action)).toContain('consultation.book');
  });

  it('a chosen counsellor who is taken is a 409 even when another is free; with any counsellor the other takes it', async () => {
    const { office, first, second } = await twoCounsellors();
    const start = at(day(4), '09:30');
    expect((await bookFor(booking(start, { office, counsellor: first }))).status).toBe(201);
    const taken = await bookFor(booking(start, { office, counsellor: first }));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ success: false, message: CONSULTATION_MESSAGES.taken });
    const any = await bookFor(booking(start, { office }));
    expect(any.status).toBe(201);
    expect((await meetingRow(bookedResponse.parse(await any.json()).consultation.id)).counsellorId).toBe(
      second,
    );
    // Both are now held: nobody is left.
    expect((await bookFor(booking(start, { office }))).status).toBe(409);
  });

  it('50 parallel bookings of one time with one counsellor chosen: exactly one 201, the rest 409', async () => {
    const { office, first, second } = await twoCounsellors();
    const start = at(day(5), '11:00');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => bookFor(booking(start, { office, counsellor: first }))),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const held = await db.select().from(t.consultations).where(eq(t.consultations.officeId, office));
    expect(held.map((r) => r.counsellorId)).toEqual([first]);
    // The other counsellor was never asked for: they are still free then.
    expect((await bookFor(booking(start, { office, counsellor: second }))).status).toBe(201);
  });

  it('refuses a counsellor who does not exist or no longer meets, and a time their hours do not offer (400)', async () => {
    const { office, first } = await twoCounsellors();
    const start = at(day(6), '10:00');
    const unknown = await bookFor(booking(start, { office, counsellor: 'nobody-at-all' }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ success: false, message: STAFF_BOOKING_MESSAGES.counsellor });

    const resting = await aCounsellor(office, { isActive: false });
    expect((await bookFor(booking(start, { office, counsellor: resting }))).status).toBe(400);

    const evenings = await aCounsellor(office, {
      minNoticeMinutes: 0,
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 1080, endMinute: 1200 })),
    });
    const notTheirs = await bookFor(booking(start, { office, counsellor: evenings }));
    expect(notTheirs.status).toBe(400);
    expect(await notTheirs.json()).toEqual({ success: false, message: STAFF_BOOKING_MESSAGES.notTheirs });
    // Nothing was written for any of them.
    const held = await db.select().from(t.consultations).where(eq(t.consultations.officeId, office));
    expect(held).toHaveLength(0);
    // The same time with a counsellor whose hours hold it is booked.
    expect((await bookFor(booking(start, { office, counsellor: first }))).status).toBe(201);
  });
});

describe('POST /api/admin/counsellors/meetings: what it refuses', () => {
  it('answers 400 with each field’s message for a body the contract refuses, never a 500', async () => {
    const { office } = await twoCounsellors();
    const start = at(day(3), '11:30');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ email: 'not-an-address' }, 'email'],
      [{ phone: '' }, 'phone'],
      [{ start: '2027-01-31 09:30' }, 'start'],
      [{ start: `${day(3)}T11:30:00+01:00` }, 'start'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ mode: 'carrier-pigeon' }, 'mode'],
      [{ topic: 'astrology' }, 'topic'],
      [{ message: 'x'.repeat(2001) }, 'message'],
      [{ counsellor: 'x'.repeat(101) }, 'counsellor'],
    ];
    for (const [change, field] of cases) {
      const res = await bookFor(booking(start, { office, ...change }));
      expect(res.status, field).toBe(400);
      const body = await res.json<{ success: boolean; fields: Record<string, string> }>();
      expect(body.success).toBe(false);
      expect(Object.keys(body.fields), field).toContain(field);
    }
    const { mode: _mode, ...noMode } = booking(start, { office });
    expect((await bookFor(noMode)).status).toBe(400);
  });

  it('refuses a time nobody offers, one in the past and one past the window (400); nothing is written', async () => {
    const { office } = await twoCounsellors();
    for (const start of [at(day(3), '15:00'), at(day(-1), '10:00'), at(day(120), '10:00')]) {
      const res = await bookFor(booking(start, { office }));
      expect(res.status, start).toBe(400);
      expect(await res.json()).toEqual({ success: false, message: CONSULTATION_MESSAGES.notOffered });
    }
    expect(await db.select().from(t.consultations).where(eq(t.consultations.officeId, office))).toHaveLength(
      0,
    );
  });

  it('is admins’: an editor is refused (403), no session is 401', async () => {
    const { office } = await twoCounsellors();
    const body = booking(at(day(3), '09:00'), { office });
    expect((await bookFor(body, editor.token)).status).toBe(403);
    expect((await postJson('/api/admin/counsellors/meetings', body)).status).toBe(401);
    expect((await get('/api/admin/counsellors/people?q=ann', editor.token)).status).toBe(403);
    expect(
      (await get(`/api/admin/counsellors/slots?from=${day(3)}&to=${day(3)}&tz=UTC`, editor.token)).status,
    ).toBe(403);
  });

  it('the three-meeting limit: staff book a fourth and fifth; the public then still may not add one', async () => {
    const { office } = await twoCounsellors();
    const email = `limit-${short()}@example.com`;
    const date = day(7);
    for (const hm of ['09:00', '09:30', '10:00'])
      expect((await postJson('/api/consultations', booking(at(date, hm), { office, email }))).status).toBe(
        201,
      );
    const publicFourth = await postJson('/api/consultations', booking(at(date, '10:30'), { office, email }));
    expect(publicFourth.status).toBe(409);
    expect(await publicFourth.json()).toEqual({ success: false, message: CONSULTATION_MESSAGES.limit });
    // Staff judge it: the address's limit is the public's, not theirs.
    for (const hm of ['10:30', '11:00'])
      expect((await bookFor(booking(at(date, hm), { office, email }))).status).toBe(201);
    // Meetings staff booked count for the person's own limit too (the address is the same, any case).
    const other = `LIMIT-staff-${short()}@example.com`;
    for (const hm of ['09:00', '09:30', '10:00'])
      expect((await bookFor(booking(at(day(8), hm), { office, email: other }))).status).toBe(201);
    const own = await postJson(
      '/api/consultations',
      booking(at(day(8), '10:30'), { office, email: other.toLowerCase() }),
    );
    expect(own.status).toBe(409);
    expect(await own.json()).toEqual({ success: false, message: CONSULTATION_MESSAGES.limit });
  });
});

describe('GET /api/admin/counsellors/slots', () => {
  it('offers the free times of any counsellor or of the one asked for, and leaves out a time they were booked', async () => {
    const { office, first, second } = await twoCounsellors();
    const date = day(9);
    const slotsOf = async (counsellor?: string) => {
      const query = new URLSearchParams({
        from: date,
        to: date,
        tz: 'UTC',
        office,
        mode: 'video',
        topic: 'study',
      });
      if (counsellor) query.set('counsellor', counsellor);
      const res = await get(`/api/admin/counsellors/slots?${query.toString()}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toContain('no-store');
      return slotsResponse.parse(await res.json()).slots.map((s) => s.start);
    };
    const all = [
      at(date, '09:00'),
      at(date, '09:30'),
      at(date, '10:00'),
      at(date, '10:30'),
      at(date, '11:00'),
      at(date, '11:30'),
    ];
    expect(await slotsOf()).toEqual(all);
    expect(await slotsOf(first)).toEqual(all);
    expect((await bookFor(booking(at(date, '10:00'), { office, counsellor: first }))).status).toBe(201);
    // The other counsellor is still free at 10:00, so "any" still offers it; the first does not.
    expect(await slotsOf()).toEqual(all);
    expect(await slotsOf(first)).toEqual(all.filter((s) => s !== at(date, '10:00')));
    expect(await slotsOf(second)).toEqual(all);
  });

  it('refuses a range over 31 days, an end before the start and an unknown zone (400)', async () => {
    for (const query of [
      `from=${day(1)}&to=${day(40)}&tz=UTC`,
      `from=${day(3)}&to=${day(1)}&tz=UTC`,
      `from=${day(1)}&to=${day(1)}&tz=Nowhere/Else`,
      `from=tomorrow&to=${day(1)}&tz=UTC`,
    ]) {
      const res = await get(`/api/admin/counsellors/slots?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json<{ success: boolean }>()).success).toBe(false);
    }
  });
});

describe('GET /api/admin/counsellors/people', () => {
  it('finds verified students and job seekers by part of a name or e-mail, with what a booking needs', async () => {
    const tag = `zq${short()}`;
    const student = {
      id: crypto.randomUUID(),
      fullName: `Amara ${tag} Obi`,
      academicStatus: 'Graduate',
      contactNumber: `07700${Math.floor(Math.random() * 1e6)}`,
      currentAddress: '1 High St, Leeds',
      email: `amara-${short()}@example.com`,
      passwordHash: 'x',
      isVerified: true,
    };
    const unverified = {
      ...student,
      id: crypto.randomUUID(),
      fullName: `Unproven ${tag}`,
      isVerified: false,
    };
    const seeker = {
      id: crypto.randomUUID(),
      fullName: 'Bola Seeker',
      phone: '+44 7700 900123',
      email: `bola-${tag}@example.com`,
      passwordHash: 'x',
    };
    await db.insert(t.users).values([student, unverified]);
    await db.insert(t.jobApplicants).values(seeker);

    const res = await get(`/api/admin/counsellors/people?q=${tag.toUpperCase()}`);
    expect(res.status).toBe(200);
    const { people } = bookingPeopleSchema.parse(await res.json());
    expect(people).toEqual([
      {
        type: 'student',
        id: student.id,
        name: student.fullName,
        email: student.email,
        phone: student.contactNumber,
      },
      { type: 'applicant', id: seeker.id, name: seeker.fullName, email: seeker.email, phone: seeker.phone },
    ]);
    // LIKE's wildcards are plain text here: "%" finds nobody's name with a percent sign.
    const wild = bookingPeopleSchema.parse(
      await (await get('/api/admin/counsellors/people?q=%25%25')).json(),
    );
    expect(wild.people).toEqual([]);
  });

  it('asks for at least 2 characters (400)', async () => {
    for (const q of ['', 'a', '%20a%20']) {
      const res = await get(`/api/admin/counsellors/people?q=${q}`);
      expect(res.status, q).toBe(400);
    }
    expect((await get('/api/admin/counsellors/people')).status).toBe(400);
  });
});

describe('the calendar after a staff booking', () => {
  it('shows the meeting at once, with the person’s details', async () => {
    const { office, first } = await twoCounsellors();
    const date = day(10);
    const email = `calendar-${short()}@example.com`;
    const res = await bookFor(
      booking(at(date, '11:30'), { office, email, name: 'Calendar Person', counsellor: first }),
    );
    expect(res.status).toBe(201);
    const calendar = calendarSchema.parse(
      await (await get(`/api/admin/counsellors/calendar?from=${date}&to=${date}&counsellor=${first}`)).json(),
    );
    expect(calendar.meetings).toEqual([
      expect.objectContaining({ start: at(date, '11:30'), name: 'Calendar Person', email, status: 'booked' }),
    ]);
  });
});
