// The history's columns kept by its triggers, whoever writes a row: each application's program or
// job (target_id), and the first arrival of each funnel unit at each stage (first_arrival: a
// student across their applications, any other item on its own), right when stages are reached
// again, when rows arrive out of order or at once, when a row moves or goes, and the same as the
// migration's back-fill decides it; and the campaign a student arrived from, on all their rows.
import { env } from 'cloudflare:test';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#db/schema/index.ts';
import type { HistoryEntity } from '#schemas/pipelines.ts';
import { move, movesOf } from '#db/queries/stage-history.ts';
import {
  aProgram,
  db,
  makeApplication,
  makeJobApplication,
  makeStudent,
} from '#functions/test/fixtures/index.ts';

const uid = () => crypto.randomUUID();
const at = (iso: string) => new Date(iso).getTime();

async function moved(
  entity: HistoryEntity,
  entityId: string,
  ownerId: string | null,
  to: string,
  when: string,
) {
  await db.run(move({ entity, entityId, ownerId, from: null, to, actor: 'staff', at: at(when) }));
}

/** The rows of a condition, oldest first, as [entity id, stage, first arrival]. */
async function flags(where: ReturnType<typeof eq>) {
  const rows = await db
    .select()
    .from(t.statusChanges)
    .where(where)
    .orderBy(asc(t.statusChanges.createdAt), asc(t.statusChanges.id));
  return rows.map((r) => [r.entityId, r.toStatus, r.firstArrival] as const);
}

/** A second program application of a student (the fixture makes one student per application). */
async function anotherApplication(userId: string) {
  const program = await aProgram();
  const id = uid();
  await db.insert(t.programApplications).values({ id, userId, subjectId: program.id });
  return { id, subjectId: program.id };
}

describe('the first arrival at a stage', () => {
  it('is one per student across their applications, taken by a row written late with an earlier time, and handed on when it goes', async () => {
    const first = await makeApplication();
    const student = first.student.id;
    const second = await anotherApplication(student);
    const mine = eq(t.statusChanges.ownerId, student);

    await moved('subscription', first.id, student, 'in_review', '2031-02-10T10:00:00Z');
    await moved('subscription', second.id, student, 'in_review', '2031-02-12T10:00:00Z');
    expect(await flags(mine)).toEqual([
      [first.id, 'in_review', true],
      [second.id, 'in_review', false],
    ]);

    // Written after, but it happened before (two staff members' moves committed out of order).
    await moved('subscription', second.id, student, 'offer', '2031-03-05T10:00:00Z');
    await moved('subscription', first.id, student, 'offer', '2031-03-01T10:00:00Z');
    expect((await flags(mine)).filter(([, stage]) => stage === 'offer')).toEqual([
      [first.id, 'offer', true],
      [second.id, 'offer', false],
    ]);

    // The first arrival deleted (an application erased with its history): the next one is first.
    await db
      .delete(t.statusChanges)
      .where(and(mine, eq(t.statusChanges.entityId, first.id), eq(t.statusChanges.toStatus, 'in_review')));
    expect((await flags(mine)).filter(([, stage]) => stage === 'in_review')).toEqual([
      [second.id, 'in_review', true],
    ]);

    // A row moved to an earlier time takes the flag; the one it passed gives it up.
    await db
      .update(t.statusChanges)
      .set({ createdAt: new Date('2031-02-01T10:00:00Z') })
      .where(and(mine, eq(t.statusChanges.entityId, second.id), eq(t.statusChanges.toStatus, 'offer')));
    expect((await flags(mine)).filter(([, stage]) => stage === 'offer')).toEqual([
      [second.id, 'offer', true],
      [first.id, 'offer', false],
    ]);
  });

  it('is kept per item when an item comes back to a stage: an enquiry read, marked unread, handled twice', async () => {
    const id = uid();
    const when = new Date('2031-04-01T09:00:00Z');
    await db.insert(t.contactMessages).values({
      id,
      kind: 'home',
      fullName: 'Back and forth',
      email: `back-${id.slice(0, 6)}@example.com`,
      message: 'A question about programs.',
      createdAt: when,
      updatedAt: when,
    });
    const path: [string | null, string, string][] = [
      [null, 'unread', '2031-04-01T09:00:00Z'],
      ['unread', 'read', '2031-04-01T10:00:00Z'],
      ['read', 'handled', '2031-04-01T12:00:00Z'],
      ['handled', 'unread', '2031-04-02T09:00:00Z'],
      ['unread', 'handled', '2031-04-02T11:00:00Z'],
    ];
    for (const [from, to, time] of path)
      await db.run(move({ entity: 'contact_message', entityId: id, from, to, actor: 'staff', at: at(time) }));
    expect(await flags(eq(t.statusChanges.entityId, id))).toEqual([
      [id, 'unread', true],
      [id, 'read', true],
      [id, 'handled', true],
      [id, 'unread', false],
      [id, 'handled', false],
    ]);
  });

  it('stays one per student and stage when many moves are written at once', async () => {
    const student = await makeStudent();
    const applications = await Promise.all(Array.from({ length: 8 }, () => anotherApplication(student.id)));
    // Eight applications submitted and reviewed in parallel requests, at times that do not follow
    // the order the writes commit in.
    const times = [5, 2, 7, 1, 8, 3, 6, 4].map((d) => `2031-05-0${d}T10:00:00Z`);
    await Promise.all(
      applications.flatMap((a, i) => [
        moved('subscription', a.id, student.id, 'submitted', times[i]!),
        moved('subscription', a.id, student.id, 'in_review', times[(i + 3) % 8]!),
      ]),
    );
    const rows = await db.select().from(t.statusChanges).where(eq(t.statusChanges.ownerId, student.id));
    for (const stage of ['submitted', 'in_review']) {
      const atStage = rows.filter((r) => r.toStatus === stage);
      expect(atStage).toHaveLength(8);
      const firsts = atStage.filter((r) => r.firstArrival);
      expect(firsts).toHaveLength(1);
      expect(firsts[0]!.createdAt).toEqual(new Date('2031-05-01T10:00:00Z'));
    }
  });

  it('is what the migration back-fill decides from the rows alone', async () => {
    const first = await makeApplication();
    const student = first.student.id;
    const second = await anotherApplication(student);
    const job = await makeJobApplication();
    await moved('subscription', second.id, student, 'submitted', '2031-06-02T10:00:00Z');
    await moved('subscription', first.id, student, 'submitted', '2031-06-01T10:00:00Z');
    await moved('subscription', first.id, student, 'in_review', '2031-06-03T10:00:00Z');
    await moved('job_application', job.id, job.applicantId, 'received', '2031-06-01T10:00:00Z');
    await moved('job_application', job.id, job.applicantId, 'forwarded', '2031-06-01T10:00:01Z');
    await moved('job_application', job.id, job.applicantId, 'forwarded', '2031-06-09T10:00:00Z');
    const kept = await db.select().from(t.statusChanges).orderBy(asc(t.statusChanges.id));

    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith('_insight_at_scale.sql'));
    const backfill = migration?.queries.find((q) => q.includes('SET `first_arrival` = 1'));
    if (!backfill) throw new Error('no first-arrival back-fill in the migration');
    await db.run(sql`update status_changes set first_arrival = 0`);
    await env.DB.prepare(backfill).run();
    const decided = await db.select().from(t.statusChanges).orderBy(asc(t.statusChanges.id));
    expect(decided.map((r) => [r.id, r.firstArrival])).toEqual(kept.map((r) => [r.id, r.firstArrival]));
  });
});

describe('what an application is for', () => {
  it('is written with each row of a program or job application, by every writer, and left empty for other items', async () => {
    const application = await makeApplication();
    const job = await makeJobApplication();
    await moved('subscription', application.id, application.student.id, 'submitted', '2031-07-01T10:00:00Z');
    await moved('job_application', job.id, job.applicantId, 'received', '2031-07-01T10:00:00Z');
    // A bulk move written by an insert … select (the forwarding of held applications).
    await db.run(
      movesOf({
        entity: 'job_application',
        table: 'job_applications',
        where: sql`id = ${job.id}`,
        status: null,
        owner: 'applicant_id',
        to: 'forwarded',
        actor: 'system',
        at: at('2031-07-02T10:00:00Z'),
      }),
    );
    await moved(
      'student',
      application.student.id,
      application.student.id,
      'registered',
      '2031-06-30T10:00:00Z',
    );

    const targets = async (entityId: string) =>
      (await db.select().from(t.statusChanges).where(eq(t.statusChanges.entityId, entityId))).map(
        (r) => r.targetId,
      );
    expect(await targets(application.id)).toEqual([application.subjectId]);
    expect(await targets(job.id)).toEqual([job.jobId, job.jobId]);
    expect(await targets(application.student.id)).toEqual([null]);
  });
});

describe('the campaign a student arrived from', () => {
  it('is on every row of theirs, whether the arrival is stored before or after them, and goes with it', async () => {
    const application = await makeApplication();
    const student = application.student.id;
    await moved('student', student, student, 'registered', '2031-08-01T10:00:00Z');
    // Stored once the registration is verified: after the student's first row.
    await db.insert(t.arrivalSources).values({
      entity: 'student',
      entityId: student,
      page: '/study-in-uk',
      utmSource: 'newsletter',
      createdAt: new Date('2031-08-01T10:00:00Z'),
    });
    await moved('subscription', application.id, student, 'submitted', '2031-08-02T10:00:00Z');
    const sources = async () =>
      (await db.select().from(t.statusChanges).where(eq(t.statusChanges.ownerId, student))).map(
        (r) => r.utmSource,
      );
    expect(await sources()).toEqual(['newsletter', 'newsletter']);

    await db
      .update(t.arrivalSources)
      .set({ utmSource: 'google' })
      .where(and(eq(t.arrivalSources.entity, 'student'), eq(t.arrivalSources.entityId, student)));
    expect(await sources()).toEqual(['google', 'google']);

    await db
      .delete(t.arrivalSources)
      .where(and(eq(t.arrivalSources.entity, 'student'), eq(t.arrivalSources.entityId, student)));
    expect(await sources()).toEqual([null, null]);
  });
});
