import { beforeAll, describe, expect, it } from 'vitest';
import counsellorFile from '#content/counsellors.json';
import offices from '#content/offices.json';
import { seedCounsellors } from '#db/seed-consultations.ts';
import { auth, db, makeStaff, postJson, request } from '#functions/test/fixtures/index.ts';
import {
  calendarSchema,
  closureSavedSchema,
  counsellorListSchema,
  counsellorSavedSchema,
} from '#schemas/admin/counsellors.ts';
import { slotsResponse } from '#schemas/consultations.ts';
import { addDays, localDate } from '#schemas/zoned-time.ts';
import { anOffice, booking } from '../consultations/consultations.test-helpers.ts';

let admin: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  admin = await makeStaff('admin');
});

const send = (method: string, path: string, body: unknown) =>
  request(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...auth(admin.token) },
    body: JSON.stringify(body),
  });

const aWeek = (officeId: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ officeId, weekday, startMinute: 600, endMinute: 660 }));

async function slotsOn(office: string, date: string) {
  const res = await request(
    `/api/consultations/slots?from=${date}&to=${date}&tz=UTC&office=${office}&mode=video`,
  );
  return slotsResponse.parse(await res.json()).slots.map((s) => s.start);
}

describe('/api/admin/counsellors', () => {
  it('adds a counsellor whose hours are offered at once; a change of hours changes the slots', async () => {
    const office = await anOffice('UTC');
    const res = await send('POST', '/api/admin/counsellors', {
      name: 'Grace Mensah',
      modes: ['video'],
      topics: ['study'],
      videoLink: 'https://video.example.com/grace',
      minNoticeMinutes: 0,
      hours: aWeek(office),
    });
    expect(res.status).toBe(201);
    const { counsellor } = counsellorSavedSchema.parse(await res.json());
    expect(counsellor).toMatchObject({ name: 'Grace Mensah', meetingMinutes: 30, bookingWindowDays: 56 });
    const date = addDays(localDate(Date.now(), 'UTC'), 2);
    expect(await slotsOn(office, date)).toEqual([`${date}T10:00:00.000Z`, `${date}T10:30:00.000Z`]);

    const moved = await send('PUT', `/api/admin/counsellors/${counsellor.id}`, {
      ...counsellor,
      hours: aWeek(office).map((h) => ({ ...h, startMinute: 900, endMinute: 930 })),
    });
    expect(moved.status).toBe(200);
    expect(await slotsOn(office, date)).toEqual([`${date}T15:00:00.000Z`]);
    const list = counsellorListSchema.parse(
      await (await request('/api/admin/counsellors', { headers: auth(admin.token) })).json(),
    );
    expect(list.counsellors.find((c) => c.id === counsellor.id)?.hours).toHaveLength(7);
    expect((await send('PUT', '/api/admin/counsellors/nobody', { ...counsellor })).status).toBe(404);
  });

  it('refuses hours that end before they start, or at an office that does not exist', async () => {
    const office = await anOffice('UTC');
    const base = { name: 'X', modes: ['phone'], topics: ['work'] };
    const backwards = await send('POST', '/api/admin/counsellors', {
      ...base,
      hours: [{ officeId: office, weekday: 1, startMinute: 600, endMinute: 540 }],
    });
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({ message: 'A period must end after it starts' });
    const nowhere = await send('POST', '/api/admin/counsellors', {
      ...base,
      hours: [{ officeId: 'atlantis', weekday: 1, startMinute: 540, endMinute: 600 }],
    });
    expect(nowhere.status).toBe(400);
  });

  it('a closure takes its time out; the calendar shows meetings, and staff record them as held', async () => {
    const office = await anOffice('UTC');
    const { counsellor } = counsellorSavedSchema.parse(
      await (
        await send('POST', '/api/admin/counsellors', {
          name: 'Ola Bello',
          modes: ['video'],
          topics: ['study'],
          minNoticeMinutes: 0,
          hours: aWeek(office),
        })
      ).json(),
    );
    const date = addDays(localDate(Date.now(), 'UTC'), 3);
    const closure = await send('POST', '/api/admin/counsellors/closures', {
      counsellorId: counsellor.id,
      date,
      startMinute: 600,
      endMinute: 630,
      reason: 'Training',
    });
    expect(closure.status).toBe(201);
    const saved = closureSavedSchema.parse(await closure.json()).closure;
    expect(await slotsOn(office, date)).toEqual([`${date}T10:30:00.000Z`]);
    expect((await send('DELETE', `/api/admin/counsellors/closures/${saved.id}`, {})).status).toBe(200);
    expect(await slotsOn(office, date)).toHaveLength(2);

    const booked = await postJson('/api/consultations', booking(`${date}T10:30:00.000Z`, { office }));
    expect(booked.status).toBe(201);
    const calendar = calendarSchema.parse(
      await (
        await request(`/api/admin/counsellors/calendar?from=${date}&to=${date}&counsellor=${counsellor.id}`, {
          headers: auth(admin.token),
        })
      ).json(),
    );
    expect(calendar.meetings).toHaveLength(1);
    const [meeting] = calendar.meetings;
    expect(meeting).toMatchObject({ start: `${date}T10:30:00.000Z`, status: 'booked', notes: null });
    expect(
      (
        await send('PATCH', `/api/admin/counsellors/meetings/${meeting!.id}`, {
          status: 'held',
          notes: 'Wants a UK MSc.',
        })
      ).status,
    ).toBe(200);
    const after = calendarSchema.parse(
      await (
        await request(`/api/admin/counsellors/calendar?from=${date}&to=${date}`, {
          headers: auth(admin.token),
        })
      ).json(),
    );
    expect(after.meetings.find((m) => m.id === meeting!.id)).toMatchObject({
      status: 'held',
      notes: 'Wants a UK MSc.',
    });
  });
});

describe('POST /api/admin/counsellors/meetings (staff book for a person)', () => {
  it('races public bookings of the same time: one meeting; and passes the address’s three-meeting limit', async () => {
    const office = await anOffice('UTC');
    await send('POST', '/api/admin/counsellors', {
      name: 'Desk Counsellor',
      modes: ['phone'],
      topics: ['work'],
      minNoticeMinutes: 0,
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        officeId: office,
        weekday,
        startMinute: 540,
        endMinute: 720,
      })),
    });
    const date = addDays(localDate(Date.now(), 'UTC'), 4);
    const at = (hm: string) => `${date}T${hm}:00.000Z`;
    const body = (start: string, email = `desk-${crypto.randomUUID().slice(0, 6)}@example.com`) =>
      booking(start, { office, mode: 'phone', topic: 'work', email });
    const answers = await Promise.all([
      send('POST', '/api/admin/counsellors/meetings', body(at('09:00'))),
      ...Array.from({ length: 10 }, () => postJson('/api/consultations', body(at('09:00')))),
    ]);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const calendar = calendarSchema.parse(
      await (
        await request(`/api/admin/counsellors/calendar?from=${date}&to=${date}`, {
          headers: auth(admin.token),
        })
      ).json(),
    );
    expect(calendar.meetings.filter((m) => m.start === at('09:00'))).toHaveLength(1);

    const email = 'fourth-by-staff@example.com';
    for (const hm of ['09:30', '10:00', '10:30'])
      expect((await postJson('/api/consultations', body(at(hm), email))).status).toBe(201);
    expect((await postJson('/api/consultations', body(at('11:00'), email))).status).toBe(409);
    const byStaff = await send('POST', '/api/admin/counsellors/meetings', body(at('11:00'), email));
    expect(byStaff.status).toBe(201);
  });
});

describe('the sample counsellors (content/counsellors.json)', () => {
  it('load once, at offices of the content, and a second run adds nothing', async () => {
    const ids = new Set(offices.map((o) => o.id));
    expect(await seedCounsellors(db, counsellorFile, ids)).toBe(3);
    expect(await seedCounsellors(db, counsellorFile, ids)).toBe(0);
    const list = counsellorListSchema.parse(
      await (await request('/api/admin/counsellors', { headers: auth(admin.token) })).json(),
    );
    const seeded = list.counsellors.filter((c) => counsellorFile.some((s) => s.id === c.id));
    expect(seeded).toHaveLength(3);
    // London and an office outside Europe are both staffed.
    const zones = new Set(
      seeded.flatMap((c) => c.hours.map((h) => offices.find((o) => o.id === h.officeId)!.timeZone)),
    );
    expect(zones).toContain('Europe/London');
    expect([...zones].some((z) => !z.startsWith('Europe/'))).toBe(true);
  });
});
