import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { collectPersonalData, findPerson } from '#db/queries/personal-data.ts';
import {
  db,
  makeStudentWithData,
  postJson,
  request,
  rowsMentioning,
} from '#functions/test/fixtures/index.ts';
import { createMailer } from '#functions/services/mail/mailer.ts';
import { erasePerson } from '#functions/services/privacy/personal-data.ts';
import { slotsResponse } from '#schemas/consultations.ts';
import { addDays, localDate } from '#schemas/zoned-time.ts';
import { aCounsellor, anOffice, booking } from './consultations.test-helpers.ts';

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
