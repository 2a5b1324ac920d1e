import { z } from 'zod';
import { searchText } from '../common.ts';

/** What every back-office list and item route reads: the list query and the id parameters. */

/** ?page, ?pageSize, ?q, ?status and ?format=csv on every list. */
export const listQuery = z.object({
  page: z.coerce
    .number('page must be a number')
    .int()
    .min(1, 'page must be 1 or more')
    .max(100_000)
    .default(1),
  pageSize: z.coerce
    .number('pageSize must be a number')
    .int()
    .min(1, 'pageSize must be 1 to 100')
    .max(100, 'pageSize must be 1 to 100')
    .default(20),
  q: searchText(200, { tooLong: 'Search text is too long' }).optional(),
  status: z.string().trim().max(40).optional(),
  type: z.string().trim().max(40).optional(),
  format: z.enum(['json', 'csv'], 'format must be json or csv').optional(),
});
export type ListQuery = z.output<typeof listQuery>;

export const idParam = z.object({ id: z.string().min(1).max(200) });
/** An item's id and one of its documents' ids. */
export const documentParam = idParam.extend({ documentId: z.string().min(1).max(200) });
