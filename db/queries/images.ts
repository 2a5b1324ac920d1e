import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { images } from '../schema/index.ts';

export type ImageRow = typeof images.$inferSelect;
type NewImage = Omit<typeof images.$inferInsert, 'createdAt' | 'updatedAt'>;

/** One processed image by id (schemas/images.ts), or undefined. */
export async function findImage(db: Db, id: string): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(images).where(eq(images.id, id)).limit(1);
  return row;
}

/** The image already fetched from a link, so a link saved again is not fetched again. */
export async function findImageBySource(db: Db, sourceUrl: string): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(images).where(eq(images.sourceUrl, sourceUrl)).limit(1);
  return row;
}

/**
 * Records a processed image. Two requests with the same bytes may process them at once: the first
 * row stands (the variants they wrote are the same bytes under the same keys), and both get it.
 */
export async function insertImage(db: Db, image: NewImage): Promise<ImageRow> {
  await db.insert(images).values(image).onConflictDoNothing();
  return (await findImage(db, image.id))!;
}
