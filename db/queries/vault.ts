import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { documents, jobApplications } from '../schema/index.ts';

/** Whose vault: a person's, or a student's not yet part of one (a registration's own uploads). */
export type VaultOwner = { personId: string } | { studentId: string };

const ownedBy = (owner: VaultOwner) =>
  'personId' in owner
    ? eq(documents.personId, owner.personId)
    : and(eq(documents.userId, owner.studentId), isNull(documents.personId));

/** The documents of a vault, newest first. */
export function vaultDocuments(db: Db, owner: VaultOwner) {
  return db
    .select({
      id: documents.id,
      name: documents.originalName,
      type: documents.documentType,
      size: documents.size,
      contentType: documents.contentType,
      objectKey: documents.objectKey,
      uploaded: documents.createdAt,
    })
    .from(documents)
    .where(ownedBy(owner))
    .orderBy(desc(documents.createdAt));
}

/** One document of a vault, or undefined when it is not in it. */
export async function vaultDocument(db: Db, owner: VaultOwner, id: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), ownedBy(owner)))
    .limit(1);
  return row;
}

/** Stores a document in a person's vault that no student row uploaded (a CV sent with a job application). */
export async function insertVaultDocument(
  db: Db,
  row: Omit<typeof documents.$inferInsert, 'id' | 'userId'> & { personId: string },
) {
  const id = crypto.randomUUID();
  await db.insert(documents).values({ id, ...row });
  return id;
}

/** Deletes one document of a vault; its storage key, or undefined when it is not in it. */
export async function deleteVaultDocument(db: Db, owner: VaultOwner, id: string) {
  const [row] = await db
    .delete(documents)
    .where(and(eq(documents.id, id), ownedBy(owner)))
    .returning({ objectKey: documents.objectKey });
  return row?.objectKey;
}

/** How many job applications sent a copy of a vault document. */
export async function applicationsUsing(db: Db, documentId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(jobApplications)
    .where(eq(jobApplications.documentId, documentId));
  return row?.n ?? 0;
}
