import { z } from 'zod';

export const auditRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  staffName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** What happened, as a sentence (schemas/audit-text.ts). */
  summary: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
