import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../client.ts';
import * as t from '../schema/index.ts';
import { blockKeys } from '../seed.ts';
import { siteSchema, type SiteContent } from '#schemas/content.ts';
import type {
  missionVisionSchema,
  aboutSchema,
  faqSchema,
  recruitmentServicesSchema,
  partnerSchoolSchema,
} from '#schemas/content.ts';
import shippedSite from '#content/site.json' with { type: 'json' };

type Blocks = {
  site: z.output<typeof siteSchema>;
  missionVision: z.output<typeof missionVisionSchema>;
  about: z.output<typeof aboutSchema>;
  faq: z.output<typeof faqSchema>;
  recruitmentServices: z.output<typeof recruitmentServicesSchema>;
  partners: z.output<typeof partnerSchoolSchema>[];
};

/** One single-record content document (validated when written), or undefined before seeding. */
export async function getBlock<K extends keyof typeof blockKeys>(
  db: Db,
  key: K,
): Promise<Blocks[K] | undefined> {
  const [row] = await db.select().from(t.contentBlocks).where(eq(t.contentBlocks.key, blockKeys[key]));
  return row?.value as Blocks[K] | undefined;
}

let shipped: SiteContent | undefined;

/**
 * The brand (the site block, content/site.json as edited in the back office). Fields the stored
 * block lacks, because it was seeded before they existed, come from the shipped content file, so
 * every reader (pages at build, e-mails, receipts) always has each field.
 */
export async function getSite(db: Db): Promise<SiteContent> {
  shipped ??= siteSchema.parse(shippedSite);
  return { ...shipped, ...(await getBlock(db, 'site')) };
}

/** The statement saving the site block (validated by the caller), for the caller's batch. */
export function saveSiteStatement(db: Db, site: SiteContent) {
  return db
    .insert(t.contentBlocks)
    .values({ key: blockKeys.site, value: site })
    .onConflictDoUpdate({ target: t.contentBlocks.key, set: { value: site, updatedAt: new Date() } });
}

/** When the site block was last changed (null before seeding). */
export async function siteUpdatedAt(db: Db) {
  const [row] = await db
    .select({ updatedAt: t.contentBlocks.updatedAt })
    .from(t.contentBlocks)
    .where(eq(t.contentBlocks.key, blockKeys.site));
  return row?.updatedAt ?? null;
}

const strip = <
  T extends { isActive: boolean; sortOrder: number; createdAt: Date; updatedAt: Date; id: string },
>(
  row: T,
) => {
  const { sortOrder: _s, createdAt: _c, updatedAt: _u, ...rest } = row;
  return { _id: row.id, ...rest };
};

export async function listFeatures(db: Db) {
  const rows = await db
    .select()
    .from(t.features)
    .where(eq(t.features.isActive, true))
    .orderBy(asc(t.features.sortOrder));
  return rows.map((r) => ({ ...strip(r), imageAlt: r.imageAlt || r.title }));
}

export async function listServices(db: Db) {
  const rows = await db
    .select()
    .from(t.services)
    .where(eq(t.services.isActive, true))
    .orderBy(asc(t.services.sortOrder));
  return rows.map(strip);
}

export async function listOffices(db: Db) {
  const rows = await db
    .select()
    .from(t.offices)
    .where(eq(t.offices.isActive, true))
    .orderBy(asc(t.offices.sortOrder));
  return rows.map(strip);
}

export async function listTeam(db: Db) {
  const rows = await db
    .select()
    .from(t.teamMembers)
    .where(eq(t.teamMembers.isActive, true))
    .orderBy(asc(t.teamMembers.sortOrder));
  return rows.map((r) => ({ ...strip(r), imageAlt: r.imageAlt || r.name }));
}

/** Mission/vision with the `_id`s the spec's shape carries on goals and values. */
export async function getMissionVision(db: Db) {
  const mv = await getBlock(db, 'missionVision');
  if (!mv) return undefined;
  return {
    ...mv,
    vision: { ...mv.vision, goals: mv.vision.goals.map((g, i) => ({ ...g, _id: `goal-${i + 1}` })) },
    values: { ...mv.values, items: mv.values.items.map((v, i) => ({ ...v, _id: `value-${i + 1}` })) },
  };
}
