// Deleting an account left the person's name in the staff notifications kept in
// the outbox ("New enquiry from …", "… applied to …"). The notices are made here the way people
// make them (the contact forms, a job application, a partner request), then the account is erased
// and no table, the outbox included, may still hold the person.
import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { getSite } from '#db/queries/site-content.ts';
import * as t from '#db/schema/index.ts';
import {
  PASSWORD,
  aJob,
  db,
  hiringData,
  makeApplicantWithData,
  makePartnerWithData,
  makeStudentWithData,
  pdfBytes,
  postJson,
  request,
  rowsMentioning,
} from '#functions/test/fixtures/index.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const erase = (path: string, headers: Record<string, string>) =>
  request(path, {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ password: PASSWORD }),
  });
/** Notifications to the staff address whose text holds `needle`. */
async function noticesNaming(needle: string) {
  const { staffNotificationEmail } = await getSite(db);
  return db
    .select()
    .from(t.outbox)
    .where(and(eq(t.outbox.to, staffNotificationEmail), like(t.outbox.text, `%${needle}%`)));
}

async function enquire(fullName: string, email: string) {
  const [first, ...rest] = fullName.split(' ');
  expect(
    (
      await postJson('/api/sendsmsus', {
        fullName,
        email,
        nnumber: '020 7946 0555',
        details: `A question from ${fullName}`,
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await postJson('/api/contact', {
        firstName: first,
        lastName: rest.join(' '),
        email,
        subject: 'Visa question',
        message: `Another question from ${fullName}`,
      })
    ).status,
  ).toBe(201);
}

describe('erasure removes the person from staff notifications in the outbox', () => {
  it('a student who wrote in through both contact forms: the enquiries to staff go with the account', async () => {
    const student = await makeStudentWithData('noticed');
    const bystander = await makeStudentWithData('bystander');
    await enquire(student.fullName, student.email);
    await enquire(bystander.fullName, bystander.email);
    const [enquiry] = await db
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.subject, `New enquiry from ${student.fullName}`));
    expect(enquiry, 'the staff notification names the person').toBeDefined();
    expect(await noticesNaming(student.email)).toHaveLength(2);

    const res = await erase('/api/users/me', bearer(student.token));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ removed: { staffNotifications: 2 } });
    expect(await rowsMentioning([student.email, student.id, student.fullName])).toEqual([]);
    // Someone else's enquiries stay for staff.
    expect(await noticesNaming(bystander.email)).toHaveLength(2);
  });

  it('a job applicant who applied: the application notice goes with the account', async () => {
    const applicant = await makeApplicantWithData('noticedapplicant');
    const job = await aJob();
    const form = new FormData();
    form.append('resume', new File([new Blob([pdfBytes()])], 'cv.pdf'));
    form.append('coverLetter', 'I would love to join your team.');
    const applied = await request(`/api/jobs/${job.id}/apply`, {
      method: 'POST',
      body: form,
      headers: { 'X-Applicant-Token': applicant.token },
    });
    expect(applied.status).toBe(201);
    expect(await noticesNaming(applicant.fullName)).toHaveLength(1);

    const res = await erase('/api/job-applicants/me', { 'X-Applicant-Token': applicant.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ removed: { staffNotifications: 1 } });
    expect(await rowsMentioning([applicant.email, applicant.id, applicant.fullName])).toEqual([]);
  });

  it("a partner who sent a hiring request: the request's notice goes with the account", async () => {
    const label = `noticedpartner${crypto.randomUUID().slice(0, 6)}`;
    const partner = await makePartnerWithData(label);
    const company = `${label} Ltd`;
    const submitted = await postJson(
      '/api/hiringrequest/submit',
      { type: 'employee', ...hiringData, companyName: company, contactEmail: partner.email },
      bearer(partner.token),
    );
    expect(submitted.status).toBe(201);
    const [notice] = await db
      .select()
      .from(t.outbox)
      .where(like(t.outbox.subject, `%request from ${company}`));
    expect(notice).toBeDefined();

    const res = await erase('/api/partner/me', bearer(partner.token));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ removed: { staffNotifications: 1 } });
    expect(await rowsMentioning([partner.email, partner.id, company])).toEqual([]);
  });
});
