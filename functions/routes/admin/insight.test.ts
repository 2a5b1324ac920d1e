// Staff insight: the funnel counts a cohort and the period's activity apart, the CSV of a figure is
// the figure the screen shows (same query, same filters, days cut at local midnight across a
// daylight-saving change), editors see only the content figures, and the history is written with
// each change.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#db/schema/index.ts';
import type { FunnelResponse, SourcesResponse, TrendsResponse } from '#schemas/admin/insight.ts';
import type { HistoryEntity } from '#schemas/pipelines.ts';
import { move } from '#db/queries/stage-history.ts';
import {
  aProgram,
  auth,
  db,
  makeStaff,
  makeStudent,
  postJson,
  request,
  sessionToken,
  verifiedStudentIn,
} from '../../test/fixtures/index.ts';

const uid = () => crypto.randomUUID();
const at = (iso: string) => new Date(iso);

/** One row of the history, written as the app writes it (its cohort time read from the item it is about). */
async function moved(
  entity: HistoryEntity,
  entityId: string,
  ownerId: string,
  to: string,
  when: string,
  from: string | null = null,
) {
  await db.run(move({ entity, entityId, ownerId, from, to, actor: 'person', at: at(when).getTime() }));
}

/** A student who registered (and completed the wizard) at `when`. */
async function registered(when: string) {
  const student = await makeStudent();
  await db
    .update(t.users)
    .set({ createdAt: at(when) })
    .where(eq(t.users.id, student.id));
  await moved('student', student.id, student.id, 'registered', when);
  await moved('student', student.id, student.id, 'profile_complete', when, 'registered');
  return student.id;
}

/** A program application of a student, entered at `when`, to a program. */
async function applied(personId: string, when: string, program: { id: string }) {
  const id = uid();
  await db.insert(t.programApplications).values({
    id,
    userId: personId,
    subjectId: program.id,
    createdAt: at(when),
    updatedAt: at(when),
  });
  await moved('subscription', id, personId, 'submitted', when);
  return id;
}

async function admin() {
  return auth((await makeStaff('admin')).token);
}

async function getJson<T>(path: string, headers: Record<string, string>) {
  const res = await request(path, { headers });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<T>();
}

const step = (r: FunnelResponse, key: string) => r.steps.find((s) => s.key === key)!;

describe('GET /api/admin/insight/funnel', () => {
  it('counts the cohort (who entered in the period, and how far they got) apart from the activity (moves made in the period)', async () => {
    const program = await aProgram();
    // Registered last month, applied this month: this month's activity, last month's cohort.
    const early = await registered('2031-05-20T10:00:00Z');
    await applied(early, '2031-06-04T10:00:00Z', program);
    // Registered this month and applied a day later, then reviewed.
    const prompt = await registered('2031-06-02T10:00:00Z');
    const app = await applied(prompt, '2031-06-03T10:00:00Z', program);
    await moved('subscription', app, prompt, 'in_review', '2031-06-10T10:00:00Z', 'submitted');
    // Registered this month, nothing since: counted as not yet, never left out.
    await registered('2031-06-20T10:00:00Z');

    const headers = await admin();
    const june = await getJson<FunnelResponse>(
      '/api/admin/insight/funnel?from=2031-06-01&to=2031-06-30&kind=students',
      headers,
    );
    expect(step(june, 'registered')).toMatchObject({ cohort: 2, activity: 2, notYet: 0 });
    // Two applications were made in June, but of June's two registrations only one applied.
    expect(step(june, 'application')).toMatchObject({ cohort: 1, activity: 2, notYet: 1, conversion: 0.5 });
    // The median counts the one who has not applied as not yet: of two, the first reached it in a day.
    expect(step(june, 'application').medianDays).toBe(1);
    expect(step(june, 'application').p75Days).toBeNull();
    expect(step(june, 'in_review')).toMatchObject({ cohort: 1, activity: 1, medianDays: 8 });

    const may = await getJson<FunnelResponse>(
      '/api/admin/insight/funnel?from=2031-05-01&to=2031-05-31&kind=students',
      headers,
    );
    expect(step(may, 'registered')).toMatchObject({ cohort: 1, activity: 1 });
    // May's registrant applied in June: May's cohort reached the step, May's activity has no application.
    expect(step(may, 'application')).toMatchObject({ cohort: 1, activity: 0, medianDays: 15 });
  });

  it('narrows the program steps to a country, and refuses a period that ends before it starts', async () => {
    const here = await aProgram();
    const there = await aProgram();
    const a = await registered('2032-01-05T10:00:00Z');
    await applied(a, '2032-01-06T10:00:00Z', here);
    const b = await registered('2032-01-07T10:00:00Z');
    await applied(b, '2032-01-08T10:00:00Z', there);
    const headers = await admin();
    const path = `/api/admin/insight/funnel?from=2032-01-01&to=2032-01-31&kind=students&country=${here.countryId}`;
    const r = await getJson<FunnelResponse>(path, headers);
    expect(step(r, 'registered').cohort).toBe(2);
    expect(step(r, 'application')).toMatchObject({ cohort: 1, activity: 1 });

    const bad = await request('/api/admin/insight/funnel?from=2032-02-01&to=2032-01-01', { headers });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false });
  });
});

/** A CSV's rows as arrays of cells (no quoted commas in these figures). */
const csvRows = (text: string) =>
  text
    .split('\r\n')
    .filter((l, i, all) => i < all.length - 1 || l)
    .map((l) => l.split(',').map((c) => c.replace(/^"|"$/g, '')));

describe('insight CSV exports', () => {
  it('say the time zone and period first, and equal the screen for two filter sets either side of the clocks going forward', async () => {
    const program = await aProgram();
    // Europe/London's clocks go forward at 01:00 UTC on Sunday 30 March 2031. 23:30 UTC on 30 March
    // is 00:30 on 31 March in London: it belongs to the second period, not the first.
    const a = await registered('2031-03-29T23:30:00Z'); // 29 March, 23:30 GMT
    await applied(a, '2031-03-30T23:30:00Z', program); // 31 March, 00:30 BST
    const b = await registered('2031-03-30T23:30:00Z'); // 31 March, 00:30 BST
    await applied(b, '2031-04-02T09:00:00Z', program);
    const headers = await admin();
    const sets = [
      'from=2031-03-01&to=2031-03-30&kind=students',
      `from=2031-03-31&to=2031-04-30&kind=students&country=${program.countryId}`,
    ];
    const seen = [];
    for (const set of sets) {
      const screen = await getJson<FunnelResponse>(`/api/admin/insight/funnel?${set}`, headers);
      const res = await request(`/api/admin/insight/funnel.csv?${set}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toContain('text/csv');
      const rows = csvRows(await res.text());
      expect(rows[1]).toEqual(['Time zone', 'Europe/London']);
      expect(rows[2]![1]).toContain(`${screen.period.from} to ${screen.period.to}`);
      const header = rows.findIndex((r) => r[0] === 'Step');
      const body = rows.slice(header + 1);
      expect(body.map((r) => r[0])).toEqual(screen.steps.map((s) => s.label));
      for (const [i, s] of screen.steps.entries()) {
        const cells = body[i]!;
        expect(cells.slice(1).map((c) => (c === '' ? null : Number(c)))).toEqual([
          s.cohort,
          s.conversion,
          s.activity,
          s.medianDays,
          s.p75Days,
          s.notYet,
        ]);
      }
      seen.push(screen);
    }
    // The day is cut at London's midnight: March (to the 30th) holds one registration and one
    // application move; the 31st onwards holds the other registration and both remaining moves.
    expect(step(seen[0]!, 'registered')).toMatchObject({ cohort: 1, activity: 1 });
    expect(step(seen[0]!, 'application').activity).toBe(0);
    expect(step(seen[1]!, 'registered')).toMatchObject({ cohort: 1, activity: 1 });
    expect(step(seen[1]!, 'application')).toMatchObject({ cohort: 1, activity: 2 });
  });

  it('the trends and their CSV share the weeks, cut at local midnight', async () => {
    const headers = await admin();
    const r = await getJson<TrendsResponse>(
      '/api/admin/insight/trends?from=2031-03-01&to=2031-04-06',
      headers,
    );
    expect(r.weeks).toHaveLength(12);
    expect(r.weeks.at(-1)).toBe('2031-03-31');
    const csv = await (
      await request('/api/admin/insight/trends.csv?from=2031-03-01&to=2031-04-06', { headers })
    ).text();
    const rows = csvRows(csv);
    const header = rows.findIndex((row) => row[0] === 'Week starting');
    expect(rows.slice(header + 1).map((row) => row[0])).toEqual(r.weeks);
    const applications = r.series.find((s) => s.key === 'applications')!;
    const col = rows[header]!.indexOf('Applications');
    expect(rows.slice(header + 1).map((row) => Number(row[col]))).toEqual(applications.values);
  });
});

describe('insight roles', () => {
  it('editors see where visits came from, and nothing with people in it', async () => {
    const editor = auth((await makeStaff('editor')).token);
    for (const path of ['funnel', 'funnel.csv', 'trends', 'response-times', 'partners', 'jobs', 'jobs.csv']) {
      const res = await request(`/api/admin/insight/${path}?from=2031-01-01&to=2031-01-31`, {
        headers: editor,
      });
      expect(res.status, path).toBe(403);
    }
    const sources = await getJson<SourcesResponse>(
      '/api/admin/insight/sources?from=2031-01-01&to=2031-01-31',
      editor,
    );
    expect(Object.keys(sources)).toEqual(['period', 'rows']);
  });
});

describe('the history of stage changes', () => {
  it('is written with the change: an enquiry with where it came from, an application by the student', async () => {
    const arrival = JSON.stringify({
      page: '/study-in-uk',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
    });
    const res = await postJson(
      '/api/contact',
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: `ada-${uid().slice(0, 6)}@example.com`,
        message: 'About studying in the UK please.',
      },
      { 'X-Arrival': arrival },
    );
    expect(res.status).toBe(201);
    const [message] = await db
      .select()
      .from(t.contactMessages)
      .where(eq(t.contactMessages.message, 'About studying in the UK please.'));
    const rows = await db
      .select()
      .from(t.statusChanges)
      .where(and(eq(t.statusChanges.entity, 'contact_message'), eq(t.statusChanges.entityId, message!.id)));
    expect(rows).toMatchObject([
      { fromStatus: null, toStatus: 'unread', actor: 'person', approximate: false },
    ]);
    const [source] = await db
      .select()
      .from(t.arrivalSources)
      .where(eq(t.arrivalSources.entityId, message!.id));
    expect(source).toMatchObject({ page: '/study-in-uk', utmSource: 'newsletter', utmCampaign: 'spring' });

    const student = await makeStudent();
    const program = await aProgram();
    const token = await sessionToken({ sub: student.id, aud: 'student', role: 'student' });
    const applyRes = await postJson(
      '/api/subscriptions',
      { subjectId: program.id },
      { Authorization: `Bearer ${token}` },
    );
    expect([200, 201]).toContain(applyRes.status);
    const entry = await db
      .select()
      .from(t.statusChanges)
      .where(and(eq(t.statusChanges.entity, 'subscription'), eq(t.statusChanges.ownerId, student.id)));
    expect(entry).toMatchObject([{ fromStatus: null, toStatus: 'submitted', actor: 'person' }]);
  });

  it('is written when a registration is verified: the student enters as registered and profile complete', async () => {
    const { email } = await verifiedStudentIn();
    const [user] = await db.select().from(t.users).where(eq(t.users.email, email));
    const rows = await db
      .select()
      .from(t.statusChanges)
      .where(and(eq(t.statusChanges.entity, 'student'), eq(t.statusChanges.entityId, user!.id)))
      .orderBy(t.statusChanges.createdAt);
    expect(rows.map((r) => [r.fromStatus, r.toStatus, r.ownerId])).toEqual([
      [null, 'registered', user!.id],
      ['registered', 'profile_complete', user!.id],
    ]);
    expect(rows[0]!.createdAt).toEqual(user!.createdAt);
    expect(rows.map((r) => r.cohortAt)).toEqual([user!.createdAt, user!.createdAt]);
  });
});
