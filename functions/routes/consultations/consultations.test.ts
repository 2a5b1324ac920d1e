import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '#db/schema/index.ts';
import { db, postJson, request } from '#functions/test/fixtures/index.ts';
import { listMailbox } from '#db/queries/outbox.ts';
import { CONSULTATION_MESSAGES, slotsResponse, type Slot } from '#schemas/consultations.ts';
import { addDays, localDate } from '#schemas/zoned-time.ts';
import { aCounsellor, anOffice, booking, mailsTo, parseIcs } from './consultations.test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A local date `days` from today in a zone. */
const dayAhead = (days: number, zone = 'Europe/London') => addDays(localDate(Date.now(), zone), days);

async function slots(query: Record<string, string>) {
  const res = await request(`/api/consultations/slots?${new URLSearchParams(query).toString()}`);
  return {
    res,
    body: res.ok ? slotsResponse.parse(await res.json()) : await res.json<{ message: string }>(),
  };
}

async function slotsAt(
  office: string,
  date: string,
  tz = 'Europe/London',
  extra: Record<string, string> = {},
) {
  const { res, body } = await slots({ from: date, to: date, tz, office, ...extra });
  expect(res.status).toBe(200);
  return (body as { slots: Slot[] }).slots;
}

/** The first day ahead with slots at an office, and those slots. */
async function firstSlots(office: string, extra: Record<string, string> = {}) {
  for (let d = 1; d < 10; d++) {
    const list = await slotsAt(office, dayAhead(d), 'Europe/London', extra);
    if (list.length) return list;
  }
  throw new Error('no slots');
}

const book = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  postJson('/api/consultations', body, headers);

describe('GET /api/consultations/slots', () => {
  it('refuses more than 31 days, an end before the start and an unknown zone, each with a clear 400', async () => {
    const from = dayAhead(1);
    const tooLong = await slots({ from, to: addDays(from, 31), tz: 'Europe/London' });
    expect(tooLong.res.status).toBe(400);
    expect(tooLong.body).toMatchObject({ message: CONSULTATION_MESSAGES.range });
    expect((await slots({ from, to: addDays(from, 30), tz: 'Europe/London' })).res.status).toBe(200);
    const backwards = await slots({ from, to: addDays(from, -1), tz: 'Europe/London' });
    expect(backwards.body).toMatchObject({ message: CONSULTATION_MESSAGES.order });
    for (const tz of ['Mars/Olympus', 'GMT+5', '', 'x'.repeat(80)]) {
      const bad = await slots({ from, to: from, tz });
      expect(bad.res.status, tz).toBe(400);
      expect(bad.body).toMatchObject({ message: CONSULTATION_MESSAGES.timeZone });
    }
    expect((await slots({ from: '2026-02-30', to: '2026-03-01', tz: 'UTC' })).res.status).toBe(400);
  });

  it('offers each counsellor hour in the office zone, as UTC instants ending in Z, never cached', async () => {
    const office = await anOffice('Asia/Kolkata');
    await aCounsellor(office, { minNoticeMinutes: 0 });
    const date = dayAhead(3, 'Asia/Kolkata');
    const res = await request(
      `/api/consultations/slots?from=${date}&to=${date}&tz=Asia/Kolkata&office=${office}&mode=video`,
    );
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = slotsResponse.parse(await res.json());
    expect(body.timeZone).toBe('Asia/Kolkata');
    // 09:00–17:00 IST in 30-minute meetings: 16 slots, the first at 03:30 UTC.
    expect(body.slots).toHaveLength(16);
    expect(body.slots[0]).toEqual({
      start: `${date}T03:30:00.000Z`,
      end: `${date}T04:00:00.000Z`,
      office,
      mode: 'video',
    });
    for (const s of body.slots) expect(s.start).toMatch(/Z$/);
    expect(body.offices).toEqual([expect.objectContaining({ id: office, timeZone: 'Asia/Kolkata' })]);
  });

  it('leaves out the minimum notice, the booking window, closures and meetings with their buffers', async () => {
    const office = await anOffice('UTC');
    const counsellor = await aCounsellor(office, { bufferMinutes: 15, bookingWindowDays: 5 });
    const date = dayAhead(2, 'UTC');
    // 45-minute grid (30 + 15): 09:00, 09:45, … 16:30 less any inside the 12 h notice.
    let list = await slotsAt(office, date, 'UTC', { mode: 'phone' });
    // The buffer keeps time around meetings only: the last slot ends at 17:00.
    expect(list.map((s) => s.start.slice(11, 16))).toEqual(
      [
        '09:00',
        '09:45',
        '10:30',
        '11:15',
        '12:00',
        '12:45',
        '13:30',
        '14:15',
        '15:00',
        '15:45',
        '16:30',
      ].filter((hm) => Date.parse(`${date}T${hm}:00Z`) >= Date.now() + 12 * 60 * 60 * 1000),
    );
    expect(await slotsAt(office, dayAhead(6, 'UTC'), 'UTC')).toEqual([]);
    await db.insert(t.counsellorClosures).values({
      id: crypto.randomUUID(),
      counsellorId: counsellor,
      date,
      startMinute: 600,
      endMinute: 720,
      reason: 'training',
    });
    list = await slotsAt(office, date, 'UTC', { mode: 'phone' });
    expect(list.map((s) => s.start.slice(11, 16))).not.toContain('10:30');
    expect(list.map((s) => s.start.slice(11, 16))).toContain('12:00');
    // 13:30–14:00 booked: with 15 minutes either side 12:45 (ends 13:15 + 15) and 14:15 stay, 13:30 goes.
    await db.insert(t.consultations).values({
      id: crypto.randomUUID(),
      counsellorId: counsellor,
      officeId: office,
      mode: 'phone',
      topic: 'study',
      startAt: new Date(`${date}T13:30:00Z`),
      endAt: new Date(`${date}T14:00:00Z`),
      name: 'Someone',
      email: 'someone@example.com',
      phone: '+44 20 7946 0000',
      timeZone: 'UTC',
    });
    list = await slotsAt(office, date, 'UTC', { mode: 'phone' });
    const times = list.map((s) => s.start.slice(11, 16));
    expect(times).not.toContain('13:30');
    expect(times).toContain('14:15');
    await db
      .insert(t.counsellorClosures)
      .values({ id: crypto.randomUUID(), officeId: office, date, reason: 'holiday' });
    expect(await slotsAt(office, date, 'UTC')).toEqual([]);
  });

  it('offers only the modes and topics a counsellor takes', async () => {
    const office = await anOffice('Europe/London');
    await aCounsellor(office, { modes: ['in_person'], topics: ['partner'] });
    expect(await firstSlots(office, { mode: 'in_person', topic: 'partner' })).not.toHaveLength(0);
    const date = (await firstSlots(office))[0]!.start.slice(0, 10);
    expect(await slotsAt(office, date, 'Europe/London', { mode: 'video' })).toEqual([]);
    expect(await slotsAt(office, date, 'Europe/London', { topic: 'study' })).toEqual([]);
  });
});

describe('POST /api/consultations', () => {
  it('books a slot: 201 with the meeting and its manage link; the e-mail carries a REQUEST invitation', async () => {
    const office = await anOffice('Europe/London');
    const counsellor = await aCounsellor(office, { name: 'Priya Shah' });
    const [slot] = await firstSlots(office, { mode: 'video' });
    const body = booking(slot!.start, { email: 'Ana.Booker@Example.com', name: 'Ana Booker', office });
    const res = await book(body);
    expect(res.status).toBe(201);
    const answer = await res.json<{
      consultation: { id: string; start: string; end: string; status: string; counsellor: { name: string } };
      manageUrl: string;
    }>();
    expect(answer).toMatchObject({
      success: true,
      consultation: {
        start: slot!.start,
        end: slot!.end,
        status: 'booked',
        counsellor: { name: 'Priya Shah' },
      },
    });
    expect(answer.manageUrl).toMatch(new RegExp(`^/consultation/${answer.consultation.id}\\?t=`));
    const [row] = await db
      .select()
      .from(t.consultations)
      .where(eq(t.consultations.id, answer.consultation.id));
    expect(row).toMatchObject({ counsellorId: counsellor, email: 'ana.booker@example.com', sequence: 0 });

    const [mail] = await mailsTo('ana.booker@example.com');
    expect(mail!.subject).toMatch(/^Your free consultation is booked/);
    expect(mail!.text).toContain(`http://127.0.0.1:8787${answer.manageUrl}`);
    expect(mail!.attachments).toHaveLength(1);
    const [ics] = mail!.attachments;
    expect(ics!.filename).toBe('invite.ics');
    expect(ics!.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    const event = parseIcs(ics!.content);
    expect(event).toMatchObject({
      method: 'REQUEST',
      sequence: 0,
      startIsUtc: true,
      organizer: `mailto:${counsellor}@example.com`,
      attendee: 'mailto:ana.booker@example.com',
      location: `https://video.example.com/${counsellor}`,
      status: 'CONFIRMED',
    });
    expect(event.uid).toBe(`consultation-${answer.consultation.id}@127.0.0.1`);
    expect(event.start.toISOString()).toBe(slot!.start);
    expect(event.end.toISOString()).toBe(slot!.end);
    expect(event.description).toContain(answer.manageUrl);

    // The mailbox lists it with its attachment: name, media type and text.
    const [listed] = await listMailbox(db, 'ana.booker@example.com');
    expect(listed!.attachments).toEqual([ics]);
    // The slot is gone for everyone.
    const after = await slotsAt(office, slot!.start.slice(0, 10), 'Europe/London', { mode: 'video' });
    expect(after.map((s) => s.start)).not.toContain(slot!.start);
  });

  it('refuses a time nobody offers (400), a taken one (409) and a fourth future meeting of one address (409)', async () => {
    const office = await anOffice('Europe/London');
    await aCounsellor(office);
    const list = await firstSlots(office, { mode: 'phone' });
    const offGrid = new Date(Date.parse(list[0]!.start) + 7 * 60 * 1000).toISOString();
    const refused = await book(booking(offGrid, { mode: 'phone', office }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: CONSULTATION_MESSAGES.notOffered });

    expect((await book(booking(list[0]!.start, { mode: 'phone', office }))).status).toBe(201);
    const taken = await book(booking(list[0]!.start, { mode: 'phone', office }));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({
      message: 'That time has just been taken. Please choose another.',
    });

    const email = 'three@example.com';
    for (const slot of list.slice(2, 5))
      expect((await book(booking(slot.start, { mode: 'phone', email, office }))).status).toBe(201);
    const fourth = await book(booking(list[6]!.start, { mode: 'phone', email: 'THREE@example.com', office }));
    expect(fourth.status).toBe(409);
    expect(await fourth.json()).toMatchObject({ message: CONSULTATION_MESSAGES.limit });
  });

  it('50 parallel bookings of one slot with one counsellor: exactly one 201, the rest 409', async () => {
    const office = await anOffice('Europe/London');
    const counsellor = await aCounsellor(office);
    const [slot] = await firstSlots(office, { mode: 'video' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => book(booking(slot!.start, { office }))),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const rows = await db.select().from(t.consultations).where(eq(t.consultations.counsellorId, counsellor));
    expect(rows).toHaveLength(1);
  });

  it('with two counsellors, two bookings of one slot both succeed, shared by the week’s load', async () => {
    const office = await anOffice('Europe/London');
    const a = await aCounsellor(office);
    const b = await aCounsellor(office);
    const [slot] = await firstSlots(office, { mode: 'video' });
    const answers = await Promise.all([0, 1, 2].map(() => book(booking(slot!.start, { office }))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 409]);
    const rows = await db.select().from(t.consultations).where(eq(t.consultations.officeId, office));
    expect(rows.map((r) => r.counsellorId).sort()).toEqual([a, b].sort());
  });

  it('limits bookings per address', async () => {
    const office = await anOffice('Europe/London');
    await aCounsellor(office);
    const [slot] = await firstSlots(office, { mode: 'video' });
    const from = { 'CF-Connecting-IP': '198.51.100.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await book(booking(slot!.start, { office }), from)).status);
    expect(statuses.slice(0, 20)).not.toContain(429);
    expect(statuses[20]).toBe(429);
  });
});

/** Books the first slot of a new office's counsellor; the manage link's path and token. */
async function booked(zone = 'Europe/London') {
  const office = await anOffice(zone);
  const counsellor = await aCounsellor(office);
  const list = await firstSlots(office, { mode: 'video' });
  const body = booking(list[0]!.start, { office });
  const res = await book(body);
  expect(res.status).toBe(201);
  const answer = await res.json<{ consultation: { id: string }; manageUrl: string }>();
  const token = new URL(answer.manageUrl, 'http://x').searchParams.get('t')!;
  return {
    office,
    counsellor,
    list,
    email: body.email,
    id: answer.consultation.id,
    token,
    manageUrl: answer.manageUrl,
  };
}

describe('the manage link', () => {
  it('shows the meeting; a forged or another meeting’s token is 404', async () => {
    const m = await booked();
    const res = await request(`/api/consultations/${m.id}?t=${encodeURIComponent(m.token)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      consultation: { id: m.id, status: 'booked', mode: 'video', changeable: true, office: { id: m.office } },
    });
    expect((await request(`/api/consultations/${m.id}?t=${m.token.slice(0, -2)}xx`)).status).toBe(404);
    const other = await booked();
    expect((await request(`/api/consultations/${m.id}?t=${encodeURIComponent(other.token)}`)).status).toBe(
      404,
    );
    expect((await request(`/api/consultations/${m.id}`)).status).toBe(400);
  });

  it('reschedule: the new time, a REQUEST with the same UID and a higher SEQUENCE; the old link shows it as it is now', async () => {
    const m = await booked();
    const target = m.list[4]!;
    const res = await postJson(`/api/consultations/${m.id}/reschedule`, { t: m.token, start: target.start });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ consultation: { start: target.start, end: target.end } });
    const [first, moved] = await mailsTo(m.email);
    const before = parseIcs(first!.attachments[0]!.content);
    const after = parseIcs(moved!.attachments[0]!.content);
    expect(moved!.subject).toMatch(/^Your consultation has moved/);
    expect(after).toMatchObject({ method: 'REQUEST', uid: before.uid, sequence: 1 });
    expect(after.start.toISOString()).toBe(target.start);
    // The first e-mail's link (the same token) shows the meeting at its new time.
    const view = await request(`/api/consultations/${m.id}?t=${encodeURIComponent(m.token)}`);
    expect(await view.json()).toMatchObject({ consultation: { start: target.start } });
    // The old time is offered again, the new one is not.
    const list = await slotsAt(m.office, target.start.slice(0, 10), 'Europe/London', { mode: 'video' });
    expect(list.map((s) => s.start)).not.toContain(target.start);
  });

  it('cancel: CANCEL with the same UID and a higher SEQUENCE; the slot is offered again at once; nothing more can change', async () => {
    const m = await booked();
    const slot = m.list[0]!;
    await postJson(`/api/consultations/${m.id}/reschedule`, { t: m.token, start: m.list[2]!.start });
    const res = await postJson(`/api/consultations/${m.id}/cancel`, {
      t: m.token,
      reason: 'Found my answer',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ consultation: { status: 'cancelled', changeable: false } });
    const mails = await mailsTo(m.email);
    expect(mails).toHaveLength(3);
    const events = mails.map((mail) => parseIcs(mail.attachments[0]!.content));
    expect(events.map((e) => e.method)).toEqual(['REQUEST', 'REQUEST', 'CANCEL']);
    expect(new Set(events.map((e) => e.uid)).size).toBe(1);
    expect(events.map((e) => e.sequence)).toEqual([0, 1, 2]);
    expect(mails[2]!.attachments[0]!.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(events[2]!.status).toBe('CANCELLED');
    const list = await slotsAt(m.office, m.list[2]!.start.slice(0, 10), 'Europe/London', { mode: 'video' });
    expect(list.map((s) => s.start)).toContain(m.list[2]!.start);
    expect(list.map((s) => s.start)).toContain(slot.start);
    const again = await postJson(`/api/consultations/${m.id}/cancel`, { t: m.token });
    expect(again.status).toBe(409);
    const move = await postJson(`/api/consultations/${m.id}/reschedule`, { t: m.token, start: slot.start });
    expect(move.status).toBe(409);
  });

  it('a week after the meeting the link has expired (410)', async () => {
    const m = await booked();
    await db
      .update(t.consultations)
      .set({
        startAt: new Date(Date.now() - 8 * DAY),
        endAt: new Date(Date.now() - 8 * DAY + 30 * 60 * 1000),
      })
      .where(eq(t.consultations.id, m.id));
    const res = await request(`/api/consultations/${m.id}?t=${encodeURIComponent(m.token)}`);
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ message: CONSULTATION_MESSAGES.expiredLink });
  });

  it('a reschedule racing a booking for the same time: never two overlapping meetings of one counsellor', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await booked();
      const target = m.list[3]!;
      const [moved, fresh] = await Promise.all([
        postJson(`/api/consultations/${m.id}/reschedule`, { t: m.token, start: target.start }),
        book(booking(target.start, { office: m.office })),
      ]);
      // Exactly one wins, whichever reaches the database first.
      expect([
        [200, 409],
        [409, 201],
      ]).toContainEqual([moved.status, fresh.status]);
      const rows = await db
        .select()
        .from(t.consultations)
        .where(eq(t.consultations.counsellorId, m.counsellor));
      const held = rows.filter((r) => r.status !== 'cancelled').sort((a, b) => +a.startAt - +b.startAt);
      for (let i = 1; i < held.length; i++)
        expect(+held[i]!.startAt).toBeGreaterThanOrEqual(+held[i - 1]!.endAt);
      expect(held.filter((r) => r.startAt.toISOString() === target.start)).toHaveLength(1);
    }
  });
});
