import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  jobApplications,
  jobs,
  partnerRequests,
  subjects,
  programApplications,
  universities,
} from '../schema/index.ts';
import { historyOf, personalData } from './personal-data.ts';
import { pipelineRegistry } from './pipeline-registry.ts';
import { isFinal, personLabel, pipelines, stageOf, type Pipeline } from '#schemas/pipelines.ts';
import type { PersonType } from '#schemas/privacy.ts';
import type { TimelineEvent, TimelineItem } from '#schemas/timeline.ts';
import { jobPath, subjectPath } from '#schemas/paths.ts';

/** A job application waits, not passed to the employer, until the applicant confirms their e-mail. */
export const HELD_NOTICE = 'On hold until you confirm your e-mail address: use the link we e-mailed you.';

interface ItemRow {
  notice?: string | null;
  id: string;
  status: string;
  createdAt: Date;
  title: string;
  subtitle: string | null;
  href: string | null;
}

/** The person's items of their pipeline, with what names them. */
async function itemsOf(
  db: Db,
  type: PersonType,
  accountId: string,
): Promise<{ pipeline: Pipeline; rows: ItemRow[] }> {
  switch (type) {
    case 'student': {
      const { owner, title } = pipelineRegistry.subscription;
      const rows = await db
        .select({
          id: programApplications.id,
          status: programApplications.status,
          createdAt: programApplications.createdAt,
          subjectId: programApplications.subjectId,
          program: subjects.name,
          university: universities.name,
          intake: programApplications.intake,
        })
        .from(programApplications)
        .leftJoin(...title.join)
        .leftJoin(universities, eq(universities.id, subjects.universityId))
        .where(eq(owner.id, accountId))
        .orderBy(desc(programApplications.createdAt));
      return {
        pipeline: 'subscription',
        rows: rows.map((r) => ({
          id: r.id,
          status: r.status,
          createdAt: r.createdAt,
          title: r.program ?? 'A program',
          // The intake chosen when applying, beside the university.
          subtitle: [r.university, r.intake && `${r.intake} intake`].filter(Boolean).join(' · ') || null,
          href: subjectPath(r.subjectId),
        })),
      };
    }
    case 'partner': {
      const { owner } = pipelineRegistry.partner_request;
      const rows = await db
        .select()
        .from(partnerRequests)
        .where(eq(owner.id, accountId))
        .orderBy(desc(partnerRequests.createdAt));
      return {
        pipeline: 'partner_request',
        rows: rows.map((r) => ({
          id: r.id,
          status: r.status,
          createdAt: r.createdAt,
          title: r.title,
          subtitle: r.type === 'student' ? 'Student admission' : 'Employee hiring',
          href: null,
        })),
      };
    }
    case 'applicant': {
      const { owner, title } = pipelineRegistry.job_application;
      const rows = await db
        .select({
          id: jobApplications.id,
          status: jobApplications.status,
          createdAt: jobApplications.createdAt,
          forwardedAt: jobApplications.forwardedAt,
          jobId: jobApplications.jobId,
          title: jobs.title,
          company: jobs.company,
          location: jobs.location,
        })
        .from(jobApplications)
        .leftJoin(...title.join)
        .where(eq(owner.id, accountId))
        .orderBy(desc(jobApplications.createdAt));
      return {
        pipeline: 'job_application',
        rows: rows.map((r) => ({
          id: r.id,
          status: r.status,
          createdAt: r.createdAt,
          notice: r.forwardedAt === null ? HELD_NOTICE : null,
          title: r.title ?? 'A job',
          subtitle: r.company ? `${r.company} · ${r.location ?? ''}` : null,
          href: jobPath(r.jobId),
        })),
      };
    }
  }
}

/**
 * Every item of the person's pipeline with its timeline, the most recently changed first: the
 * first status at creation, then each recorded change (status_changes) with its date and note.
 */
export async function timelineOf(db: Db, type: PersonType, accountId: string): Promise<TimelineItem[]> {
  const { pipeline, rows } = await itemsOf(db, type, accountId);
  const history = await historyOf(
    db,
    pipeline,
    rows.map((r) => r.id),
  );
  const items = rows.map((row): TimelineItem => {
    // The history's rows of this item's statuses (a job application's forwarding is no status of it).
    const own = (history.get(row.id) ?? []).filter((c) => stageOf(pipeline, c.toStatus));
    const entry = own.find((c) => c.fromStatus === null);
    const changes = own.filter((c) => c.fromStatus !== null);
    // An item from before the history kept its entry reads its first status from its first move.
    const first = entry?.toStatus ?? changes[0]?.fromStatus ?? row.status;
    const events: TimelineEvent[] = [
      {
        status: first,
        label: personLabel(pipeline, first),
        at: (entry?.createdAt ?? row.createdAt).toISOString(),
        note: null,
      },
      ...changes.map((c) => ({
        status: c.toStatus,
        label: personLabel(pipeline, c.toStatus),
        at: c.createdAt.toISOString(),
        note: c.note,
      })),
    ];
    const stage = (pipelines[pipeline].stages as Record<string, { next: string }>)[row.status];
    return {
      id: row.id,
      pipeline,
      title: row.title,
      subtitle: row.subtitle,
      href: row.href,
      status: row.status,
      label: personLabel(pipeline, row.status),
      next: stage?.next ?? '',
      final: isFinal(pipeline, row.status),
      notice: row.notice ?? null,
      createdAt: row.createdAt.toISOString(),
      lastChangeAt: events.at(-1)!.at,
      events,
    };
  });
  return items.sort((a, b) => Date.parse(b.lastChangeAt) - Date.parse(a.lastChangeAt));
}

/** The person's previous visit to their timelines. */
export async function lastTimelineVisit(db: Db, type: PersonType, accountId: string) {
  const table = personalData[type].account;
  const [row] = await db.select({ at: table.timelineSeenAt }).from(table).where(eq(table.id, accountId));
  return row?.at ?? null;
}

/** Records a visit: changes up to now are no longer new. */
export async function markTimelineSeen(db: Db, type: PersonType, accountId: string, now = new Date()) {
  const table = personalData[type].account;
  await db.update(table).set({ timelineSeenAt: now }).where(eq(table.id, accountId));
  return now;
}
