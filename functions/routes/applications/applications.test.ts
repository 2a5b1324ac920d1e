import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { createDb } from '#db/client.ts';
import { programApplications, users } from '#db/schema/index.ts';
import { aProgram, aUniversity, request } from '#functions/test/fixtures/index.ts';
import { signToken } from '#functions/services/security/tokens.ts';
import { NO_SESSION, sessionToken } from '#functions/test/fixtures/index.ts';

const db = createDb(env.DB);
// Programs of this file's own (made before the tests, with ids no seed program has).
const SUBJECT = 'applications-msc-data-science';
const OTHER_SUBJECT = 'applications-mba-global';
const UNIVERSITY = 'University of Applications Testing';
beforeAll(async () => {
  const university = await aUniversity({ name: UNIVERSITY });
  await aProgram({
    id: SUBJECT,
    name: 'MSc Data Science',
    universityId: university.id,
    countryId: university.countryId,
  });
  await aProgram({ id: OTHER_SUBJECT, name: 'MBA Global' });
});

/** A verified student straight in the database, and a token for it. */
async function student() {
  const id = crypto.randomUUID();
  await db.insert(users).values({
    id,
    fullName: 'Sub Scriber',
    academicStatus: 'Graduate',
    contactNumber: id,
    currentAddress: 'London',
    email: `${id}@example.com`,
    passwordHash: 'x',
    isVerified: true,
  });
  return { id, token: await sessionToken({ sub: id, aud: 'student', role: 'student' }) };
}

const subscribe = (body: unknown, token?: string) =>
  request('/api/subscriptions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe('POST /api/subscriptions', () => {
  it('applies with 201, then 400 with the spec message the second time; the profile lists it as submitted', async () => {
    const { id, token } = await student();
    const first = await subscribe({ subjectId: SUBJECT }, token);
    expect(first.status).toBe(201);
    const body = await first.json<{
      success: boolean;
      message: string;
      subscription: { _id: string; status: string };
    }>();
    expect(body).toMatchObject({
      success: true,
      message: expect.stringContaining('MSc Data Science'),
      subscription: { status: 'submitted' },
    });

    const second = await subscribe({ subjectId: SUBJECT }, token);
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({
      success: false,
      message: 'You are already subscribed to this course.',
    });
    expect(
      await db.select().from(programApplications).where(eq(programApplications.userId, id)),
    ).toHaveLength(1);

    const profile = await (
      await request('/api/users/profile', { headers: { Authorization: `Bearer ${token}` } })
    ).json<{
      user: {
        applications: {
          subjectId: string;
          subjectName: string;
          university: string;
          status: string;
          createdAt: string;
        }[];
      };
    }>();
    expect(profile.user.applications).toEqual([
      expect.objectContaining({
        subjectId: SUBJECT,
        subjectName: expect.stringContaining('Data Science'),
        university: UNIVERSITY,
        status: 'submitted',
        createdAt: expect.any(String),
      }),
    ]);
    const mine = await (
      await request('/api/subscriptions/mine', { headers: { Authorization: `Bearer ${token}` } })
    ).json<{ applications: unknown[] }>();
    expect(mine.applications).toEqual(profile.user.applications);
  });

  it('two simultaneous applications: exactly one succeeds', async () => {
    const { token } = await student();
    const results = await Promise.all([
      subscribe({ subjectId: OTHER_SUBJECT }, token),
      subscribe({ subjectId: OTHER_SUBJECT }, token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
  });

  it('answers 401 without a valid token', async () => {
    expect((await subscribe({ subjectId: SUBJECT })).status).toBe(401);
    const forged = await signToken('not-the-secret-not-the-secret-000000', 'bridgeway-global', {
      sub: 'x',
      aud: 'student',
      role: 'student',
      sid: NO_SESSION,
    });
    expect((await subscribe({ subjectId: SUBJECT }, forged)).status).toBe(401);
    expect((await request('/api/subscriptions/mine')).status).toBe(401);
  });

  it('answers 404 for an unknown subject and 400 without one', async () => {
    const { token } = await student();
    const res = await subscribe({ subjectId: 'no-such-subject' }, token);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, message: 'Subject not found' });
    const missing = await subscribe({}, token);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ success: false, message: 'Subject ID not found.' });
  });
});

/** The e-mails an address was sent, newest first. */
async function mailTo(email: string) {
  const { results } = await env.DB.prepare(
    'select subject, text, html from outbox where "to" = ? order by created_at desc, rowid desc',
  )
    .bind(email)
    .all<{ subject: string; text: string; html: string }>();
  return results;
}

describe('the intake and the confirmation e-mail', () => {
  const INTAKES = 'applications-intakes-msc';
  beforeAll(async () => {
    await aProgram({
      id: INTAKES,
      name: 'MSc Intakes Testing',
      studyPlan: {
        degree: 'Master of Science',
        duration: '12 months',
        intake: 'September 2027',
        futureIntakes: ['January 2028', ' ', 'September 2028'],
      },
    });
  });
  const emailOf = async (id: string) =>
    (await db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

  it('records the next intake when none is chosen, and e-mails the student what, when, what next and where', async () => {
    const { id, token } = await student();
    const res = await subscribe({ subjectId: INTAKES }, token);
    expect(res.status).toBe(201);
    const body = await res.json<{ subscription: { _id: string; intake: string | null } }>();
    expect(body.subscription.intake).toBe('September 2027');
    const [row] = await db.select().from(programApplications).where(eq(programApplications.userId, id));
    expect(row!.intake).toBe('September 2027');

    const [mail, ...others] = await mailTo(await emailOf(id));
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('We received your application to MSc Intakes Testing');
    expect(mail!.text).toContain(
      'Hello Sub Scriber, thank you: we received your application to MSc Intakes Testing',
    );
    expect(mail!.text).toContain('Intake: September 2027');
    expect(mail!.text).toMatch(/Applied: \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC/);
    expect(mail!.text).toContain('What happens next: An adviser checks your application');
    expect(mail!.text).toContain(
      `http://127.0.0.1:8787/profile-bashboard-student#timeline-${body.subscription._id}`,
    );
    expect(mail!.html).toContain('MSc Intakes Testing');
  });

  it('records the intake the student chose, and refuses one the program does not list (nothing recorded, nothing sent)', async () => {
    const chooser = await student();
    const chosen = await subscribe({ subjectId: INTAKES, intake: ' January 2028 ' }, chooser.token);
    expect(chosen.status).toBe(201);
    expect((await chosen.json<{ subscription: { intake: string } }>()).subscription.intake).toBe(
      'January 2028',
    );
    expect((await mailTo(await emailOf(chooser.id)))[0]!.text).toContain('Intake: January 2028');
    // The student's timeline shows it beside the university.
    const timeline = await (
      await request('/api/users/me/timeline', { headers: { Authorization: `Bearer ${chooser.token}` } })
    ).json<{ items: { title: string; subtitle: string | null }[] }>();
    expect(timeline.items).toEqual([
      expect.objectContaining({
        title: 'MSc Intakes Testing',
        subtitle: expect.stringMatching(/ · January 2028 intake$/),
      }),
    ]);

    const wrong = await student();
    for (const intake of ['March 2030', ' ', 'september 2027']) {
      const res = await subscribe({ subjectId: INTAKES, intake }, wrong.token);
      if (intake.trim() === '') {
        // Blank means "not chosen": the next intake. Only the first such application is recorded.
        expect(res.status).toBe(201);
        continue;
      }
      expect(res.status, intake).toBe(400);
      expect(await res.json(), intake).toMatchObject({
        success: false,
        message: 'Choose one of the intakes this program lists.',
      });
    }
    const rows = await db.select().from(programApplications).where(eq(programApplications.userId, wrong.id));
    expect(rows.map((r) => r.intake)).toEqual(['September 2027']);
    expect(await mailTo(await emailOf(wrong.id))).toHaveLength(1);
  });

  it('sends one e-mail per application, none for a refused second one', async () => {
    const { id, token } = await student();
    expect((await subscribe({ subjectId: INTAKES }, token)).status).toBe(201);
    expect((await subscribe({ subjectId: INTAKES }, token)).status).toBe(400);
    expect((await subscribe({ subjectId: OTHER_SUBJECT }, token)).status).toBe(201);
    const subjects = (await mailTo(await emailOf(id))).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'We received your application to MBA Global',
      'We received your application to MSc Intakes Testing',
    ]);
  });
});
