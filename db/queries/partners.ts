import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { partnerRequests, partners } from '../schema/index.ts';
import type { z } from 'zod';
import type { PartnerRequestDto, partnerProfileUpdateSchema } from '../../schemas/partner.ts';

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
  await db.update(partners).set({ ...update, updatedAt: new Date() }).where(eq(partners.id, id));
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

/** Stores a new partner request. */
export async function insertPartnerRequest(db: Db, request: NewPartnerRequest) {
  await db.insert(partnerRequests).values(request);
}
