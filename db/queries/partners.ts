import { and, count, desc, eq, getTableColumns, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { jobs, partnerRequests, partners } from '../schema/index.ts';
import type { z } from 'zod';
import { contains } from './text-search.ts';
import type { PartnerRequestDto, partnerProfileUpdateSchema } from '#schemas/partner.ts';
import { pageOf } from './page.ts';
import { pipelineRegistry } from './pipeline-registry.ts';
import { move } from './stage-history.ts';
import { batch } from '../batch.ts';
import { pipelines } from '#schemas/pipelines.ts';

export type PartnerRow = typeof partners.$inferSelect;
type NewPartnerRequest = typeof partnerRequests.$inferInsert;
type PartnerProfileUpdate = z.output<typeof partnerProfileUpdateSchema>;

/** One partner's row, or undefined. */
export async function findPartner(db: Db, id: string): Promise<PartnerRow | undefined> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1);
  return row;
}

/** Writes the partner's own profile fields (the schema drops the e-mail, password and verification or approval state). */
export async function updatePartnerProfile(db: Db, id: string, update: PartnerProfileUpdate) {
  await db
    .update(partners)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(partners.id, id));
}

/** A partner's own requests, newest first (at most 200), as the dashboard reads them. */
export async function listOwnPartnerRequests(db: Db, partnerId: string): Promise<PartnerRequestDto[]> {
  const rows = await db
    .select()
    .from(partnerRequests)
    .where(eq(partnerRequests.partnerId, partnerId))
    .orderBy(desc(partnerRequests.createdAt))
    .limit(200);
  return rows.map((r) => ({
    _id: r.id,
    id: r.id,
    type: r.type,
    title: r.title,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    data: r.data,
  }));
}

/** Stores a new partner request with its entry into the history. */
export async function insertPartnerRequest(db: Db, request: NewPartnerRequest) {
  const at = request.createdAt ?? new Date();
  await batch(db, [
    db.insert(partnerRequests).values({ ...request, createdAt: at, updatedAt: at }),
    move({
      entity: 'partner_request',
      entityId: request.id,
      ownerId: request.partnerId,
      from: null,
      to: pipelines.partner_request.initial,
      actor: 'person',
      at: at.getTime(),
    }),
  ]);
}

// The back office never reads the password hash or the token cut-off.
const { passwordHash: _p, tokensValidAfter: _t, ...visible } = getTableColumns(partners);
const listColumns = {
  id: partners.id,
  companyName: partners.companyName,
  companyHQ: partners.companyHQ,
  email: partners.email,
  contactName: partners.contactFirstName,
  contactLastName: partners.contactLastName,
  contactPhoneNumber: partners.contactPhoneNumber,
  isVerified: partners.isVerified,
  status: partners.approvalStatus,
  createdAt: partners.createdAt,
};

/** The back office's page of partners, newest first: by approval status, awaiting approval only, or a search needle. */
export async function listPartnersForStaff(
  db: Db,
  filter: {
    status?: PartnerRow['approvalStatus'] | undefined;
    awaiting: boolean;
    needle?: string | undefined;
  },
  page: { limit: number; offset: number },
) {
  const p = filter.needle;
  const where = and(
    filter.status ? eq(partners.approvalStatus, filter.status) : undefined,
    filter.awaiting ? and(eq(partners.isVerified, true), eq(partners.approvalStatus, 'pending')) : undefined,
    p
      ? or(
          contains(partners.companyName, p),
          contains(partners.email, p),
          contains(partners.contactFirstName, p),
          contains(partners.contactLastName, p),
        )
      : undefined,
  );
  return pageOf(
    db
      .select(listColumns)
      .from(partners)
      .where(where)
      .orderBy(desc(partners.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(partners).where(where),
  );
}

/** One partner as staff see it (no credentials) with their requests, newest first; undefined when unknown. */
export async function findPartnerForStaff(db: Db, id: string) {
  const [item] = await db.select(visible).from(partners).where(eq(partners.id, id));
  if (!item) return undefined;
  const requests = await db
    .select({
      id: partnerRequests.id,
      type: partnerRequests.type,
      title: partnerRequests.title,
      status: partnerRequests.status,
      createdAt: partnerRequests.createdAt,
    })
    .from(partnerRequests)
    .where(eq(partnerRequests.partnerId, id))
    .orderBy(desc(partnerRequests.createdAt));
  return { item, requests };
}

// The staff lists join a request's partner (its owner) as the registry says.
const partnerRequest = pipelineRegistry.partner_request;
const requestColumns = {
  id: partnerRequests.id,
  type: partnerRequests.type,
  title: partnerRequests.title,
  status: partnerRequests.status,
  jobId: partnerRequests.jobId,
  createdAt: partnerRequests.createdAt,
  partnerId: partners.id,
  companyName: partners.companyName,
  partnerEmail: partners.email,
};
type PartnerRequestRow = typeof partnerRequests.$inferSelect;

/** The back office's page of partner requests, newest first, with the partner: by status, type or a search needle. */
export async function listPartnerRequestsForStaff(
  db: Db,
  filter: {
    status?: PartnerRequestRow['status'] | undefined;
    type?: PartnerRequestRow['type'] | undefined;
    needle?: string | undefined;
  },
  page: { limit: number; offset: number },
) {
  const p = filter.needle;
  const where = and(
    filter.status ? eq(partnerRequests.status, filter.status) : undefined,
    filter.type ? eq(partnerRequests.type, filter.type) : undefined,
    p
      ? or(contains(partnerRequests.title, p), contains(partners.companyName, p), contains(partners.email, p))
      : undefined,
  );
  return pageOf(
    db
      .select(requestColumns)
      .from(partnerRequests)
      .innerJoin(...partnerRequest.owner.join)
      .where(where)
      .orderBy(desc(partnerRequests.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(partnerRequests)
      .innerJoin(...partnerRequest.owner.join)
      .where(where),
  );
}

/** One partner request as staff see it (with its form data and the partner), or undefined. */
export async function findPartnerRequestForStaff(db: Db, id: string) {
  const [item] = await db
    .select({ ...requestColumns, data: partnerRequests.data })
    .from(partnerRequests)
    .innerJoin(...partnerRequest.owner.join)
    .where(eq(partnerRequests.id, id));
  return item;
}

/** A partner request with its partner's company name and contact e-mail (what a job made from it needs), or undefined. */
export async function findPartnerRequestWithCompany(db: Db, id: string) {
  const [row] = await db
    .select({
      request: partnerRequests,
      companyName: partners.companyName,
      contactEmail: partners.contactEmail,
    })
    .from(partnerRequests)
    .innerJoin(...partnerRequest.owner.join)
    .where(eq(partnerRequests.id, id));
  return row;
}

/**
 * The statements, not yet run, that add a job made from a hiring request (last in the jobs' order)
 * and link the request to it; the caller batches them with the audit entry.
 */
export async function jobFromRequestStatements(
  db: Db,
  requestId: string,
  job: Omit<typeof jobs.$inferInsert, 'sortOrder'>,
) {
  const [{ n: order } = { n: 0 }] = await db.select({ n: count() }).from(jobs);
  return [
    db.insert(jobs).values({ ...job, sortOrder: order }),
    db
      .update(partnerRequests)
      .set({ jobId: job.id, updatedAt: new Date() })
      .where(eq(partnerRequests.id, requestId)),
  ] as const;
}
