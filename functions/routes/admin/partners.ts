import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { findPartnerForStaff, listPartnersForStaff } from '#db/queries/partners.ts';
import {
  idParam,
  listQuery,
  statusChangeSchema,
  type PartnerDetailResponse,
  type PartnerRow,
} from '#schemas/admin/index.ts';
import type { Wire } from '#schemas/responses.ts';
import { statusHistory } from '#db/queries/statuses.ts';
import { transitions } from '#functions/services/recruitment/status.ts';
import { adminOnly, searchNeedle, listResponse, window } from './shared.ts';
import { checkStatusFilter, moveStatus } from './pipeline.ts';

/** Partners: verified accounts awaiting approval; approve or suspend. (?type=awaiting: verified and pending.) */
export const adminPartners = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    const status = checkStatusFilter('partner', query.status);
    const needle = query.q ? searchNeedle(query.q) : undefined;
    const { items, total } = await listPartnersForStaff(
      c.var.db,
      { status, awaiting: query.type === 'awaiting', needle },
      window(query),
    );
    const rows = items.map(({ contactLastName, ...r }) => ({
      ...r,
      contactName: `${r.contactName} ${contactLastName}`,
    }));
    return listResponse(
      c,
      query,
      { items: rows satisfies Wire<PartnerRow>[], total },
      {
        filename: 'partners',
        columns: [
          { key: 'createdAt', header: 'Registered' },
          { key: 'companyName', header: 'Company' },
          { key: 'companyHQ', header: 'Headquarters' },
          { key: 'email', header: 'Email' },
          { key: 'contactName', header: 'Contact' },
          { key: 'contactPhoneNumber', header: 'Phone' },
          { key: 'isVerified', header: 'Verified' },
          { key: 'status', header: 'Status' },
        ],
      },
    );
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const found = await findPartnerForStaff(c.var.db, id);
    if (!found) throw new HTTPException(404, { message: 'Partner not found' });
    const { item, requests } = found;
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      item: { ...item, status: item.approvalStatus },
      requests,
      history: await statusHistory(c.var.db, 'partner', id),
      next: transitions.partner[item.approvalStatus] ?? [],
    } satisfies Wire<PartnerDetailResponse>);
  })
  .post('/:id/status', validate('param', idParam), validate('json', statusChangeSchema), async (c) =>
    moveStatus(c, 'partner', c.req.valid('param').id, c.req.valid('json')),
  );
