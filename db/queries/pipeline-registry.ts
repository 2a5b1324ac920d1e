import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../client.ts';
import {
  jobApplicants,
  jobApplications,
  jobs,
  partnerRequests,
  partners,
  programApplications,
  subjects,
  users,
} from '../schema/index.ts';
import type { Pipeline } from '#schemas/pipelines.ts';

/**
 * Where each pipeline of schemas/pipelines.ts lives in the database, written once: its table, its
 * status column, how an item reaches the account that owns it, and what names it. Status changes,
 * timelines, the personal-data export and erasure, and the back office's lists and audit sentences
 * read these joins from here instead of each writing its own.
 */

/** A table joined to a pipeline's items and the condition that joins it, spread into Drizzle's join: `.innerJoin(...owner.join)`. */
type Join = readonly [table: SQLiteTable, on: SQL];

interface PipelineTables {
  /** The table whose rows are the pipeline's items. */
  table: SQLiteTable & { id: SQLiteColumn };
  /** The column holding the item's status: what a status change moves and the person's dashboard reads. */
  status: SQLiteColumn;
  /** The account the item belongs to: whose data it is, and whom a status change e-mails. */
  owner: {
    /** The item's column naming the owner's account (the item's own id when the item is the account). */
    id: SQLiteColumn;
    /**
     * The owner's table, inner-joined: the owner's id is required and its deletion cascades, so
     * every item has one. None when the item is the account itself (a partner's approval).
     */
    join?: Join;
    email: SQLiteColumn;
    /** The name a status e-mail greets the person by. */
    name: SQLiteColumn;
  };
  /** What names the item, for the person (e-mails, timelines) and for staff (lists, audit sentences). */
  title: {
    column: SQLiteColumn;
    /** What the status e-mail says beside the title: a request's kind, a job's company. */
    detail?: SQLiteColumn;
    /**
     * The table the title comes from when it is not the item's own, left-joined: an item never
     * drops out of a list or an e-mail for want of its title (the readers say 'a program', 'a job').
     */
    join?: Join;
  };
}

/** Each pipeline's tables and joins; a pipeline added to schemas/pipelines.ts fails the typecheck until it has its entry. */
export const pipelineRegistry = {
  subscription: {
    table: programApplications,
    status: programApplications.status,
    owner: {
      id: programApplications.userId,
      join: [users, eq(users.id, programApplications.userId)],
      email: users.email,
      name: users.fullName,
    },
    title: {
      column: subjects.name,
      join: [subjects, eq(subjects.id, programApplications.subjectId)],
    },
  },
  partner: {
    table: partners,
    status: partners.approvalStatus,
    owner: { id: partners.id, email: partners.email, name: partners.contactFirstName },
    title: { column: partners.companyName },
  },
  partner_request: {
    table: partnerRequests,
    status: partnerRequests.status,
    owner: {
      id: partnerRequests.partnerId,
      join: [partners, eq(partners.id, partnerRequests.partnerId)],
      email: partners.email,
      name: partners.contactFirstName,
    },
    title: { column: partnerRequests.title, detail: partnerRequests.type },
  },
  job_application: {
    table: jobApplications,
    status: jobApplications.status,
    owner: {
      id: jobApplications.applicantId,
      join: [jobApplicants, eq(jobApplicants.id, jobApplications.applicantId)],
      email: jobApplicants.email,
      name: jobApplicants.fullName,
    },
    title: {
      column: jobs.title,
      detail: jobs.company,
      join: [jobs, eq(jobs.id, jobApplications.jobId)],
    },
  },
} satisfies Record<Pipeline, PipelineTables>;

/**
 * Items of any pipeline by id, each with its status, its owner's address and name, and its title
 * and detail: what a status e-mail needs and what an audit sentence names. Ids the pipeline does
 * not hold are left out; callers split long id lists (D1 binds at most 100 parameters).
 */
export async function itemsWithOwner(db: Db, pipeline: Pipeline, ids: string[]) {
  const { table, status, owner, title }: PipelineTables = pipelineRegistry[pipeline];
  // The registry types its columns only as columns, so each read says the type it has in every pipeline.
  let query = db
    .select({
      id: sql<string>`${table.id}`,
      status: sql<string>`${status}`,
      email: sql<string>`${owner.email}`,
      name: sql<string>`${owner.name}`,
      title: sql<string | null>`${title.column}`,
      detail: title.detail ? sql<string | null>`${title.detail}` : sql<null>`null`,
    })
    .from(table)
    .$dynamic();
  if (owner.join) query = query.innerJoin(...owner.join);
  if (title.join) query = query.leftJoin(...title.join);
  return query.where(inArray(table.id, ids));
}
