import { z } from 'zod';
import { okResponse } from '../responses.ts';

export const inboxSources = ['contact', 'assistance'] as const;
export type InboxSource = (typeof inboxSources)[number];
export const inboxStatuses = ['unread', 'read', 'handled'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];

export const inboxParam = z.object({
  source: z.enum(inboxSources, 'Unknown inbox source'),
  id: z.string().min(1).max(200),
});
export const inboxStatusSchema = z.object({
  status: z.enum(inboxStatuses, 'Status must be unread, read or handled'),
});
/** GET /api/admin/inbox: one row of the inbox (a contact message or an assistance request). */
export const inboxRowSchema = z.object({
  source: z.enum(inboxSources),
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type InboxRow = z.infer<typeof inboxRowSchema>;

/** GET /api/admin/inbox/:source/:id: the stored form (its fields differ by source) and the replies sent. */
export const inboxDetailResponse = z.object({
  source: z.enum(inboxSources),
  item: z.looseObject({ status: z.string(), email: z.string() }),
  replies: z.array(
    z.object({
      subject: z.string(),
      message: z.string(),
      createdAt: z.string(),
      staffName: z.string().nullable(),
    }),
  ),
});
export type InboxDetailResponse = z.infer<typeof inboxDetailResponse>;

/** PATCH /api/admin/inbox/:source/:id. */
export const inboxStatusResponse = okResponse.extend({ status: z.enum(inboxStatuses) });
export type InboxStatusResponse = z.infer<typeof inboxStatusResponse>;

export const replySchema = z.object({
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters'),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(10_000, 'Message must be at most 10000 characters'),
});

/**
 * What staff read for an inbox item's status. The pipelines' labels are in schemas/pipelines.ts
 * (staffLabel) and the payments' in schemas/payment-text.ts.
 */
export const inboxStatusLabels: Record<InboxStatus, string> = {
  unread: 'Unread',
  read: 'Read',
  handled: 'Handled',
};
