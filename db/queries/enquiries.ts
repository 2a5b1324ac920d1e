import type { Db } from '../client.ts';
import { assistanceRequests, contactMessages } from '../schema/index.ts';

/** Stores a message from one of the public contact forms. */
export async function insertContactMessage(db: Db, message: Omit<typeof contactMessages.$inferInsert, 'id'>) {
  await db.insert(contactMessages).values({ id: crypto.randomUUID(), ...message });
}

/** Stores an employer's request for staffing help. */
export async function insertAssistanceRequest(db: Db, request: typeof assistanceRequests.$inferInsert) {
  await db.insert(assistanceRequests).values(request);
}
