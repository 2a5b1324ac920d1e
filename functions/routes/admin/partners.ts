import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { and, count, desc, eq, getTableColumns, or } from 'drizzle-orm';
import type { AppEnv } from '../../lib/app-env.ts';
import { validate } from '../../lib/validate.ts';
import { partnerRequests, partners } from '../../../db/schema/index.ts';
import { idParam, listQuery, statusChangeSchema, type PartnerDetailResponse, type PartnerRow } from '../../../schemas/admin.ts';
import type { Wire } from '../../../schemas/responses.ts';
import { statusHistory, transitions } from '../../services/status.ts';
import { adminOnly, contains, searchNeedle, listResponse, window } from './shared.ts';
import { checkStatusFilter, moveStatus } from './pipeline.ts';

const { passwordHash: _p, tokensValidAfter: _t, ...visible } = getTableColumns(partners);
const listColumns = {
  id: partners.id, companyName: partners.companyName, companyHQ: partners.companyHQ, email: partners.email,
  contactName: partners.contactFirstName, contactLastName: partners.contactLastName, contactPhoneNumber: partners.contactPhoneNumber,
  isVerified: partners.isVerified, status: partners.approvalStatus, createdAt: partners.createdAt,
};

/** Partners: verified accounts awaiting approval; approve or suspend. (?type=awaiting: verified and pending.) */
export const adminPartners = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    const status = checkStatusFilter('partner', query.status);
    const p = query.q ? searchNeedle(query.q) : undefined;
    const where = and(
      status ? eq(partners.approvalStatus, status as never) : undefined,
      query.type === 'awaiting' ? and(eq(partners.isVerified, true), eq(partners.approvalStatus, 'pending')) : undefined,
      p ? or(contains(partners.companyName, p), contains(partners.email, p), contains(partners.contactFirstName, p), contains(partners.contactLastName, p)) : undefined,
    );
    const { limit, offset } = window(query);
    const [items, [total]] = await Promise.all([
      c.var.db.select(listColumns).from(partners).where(where).orderBy(desc(partners.createdAt)).limit(limit).offset(offset),
      c.var.db.select({ n: count() }).from(partners).where(where),
    ]);
    const rows = items.map(({ contactLastName, ...r }) => ({ ...r, contactName: `${r.contactName} ${contactLastName}` }));
    return listResponse(c, query, { items: rows satisfies Wire<PartnerRow>[], total: total?.n ?? 0 }, {
      filename: 'partners',
      columns: [
        { key: 'createdAt', header: 'Registered' }, { key: 'companyName', header: 'Company' }, { key: 'companyHQ', header: 'Headquarters' },
        { key: 'email', header: 'Email' }, { key: 'contactName', header: 'Contact' }, { key: 'contactPhoneNumber', header: 'Phone' },
        { key: 'isVerified', header: 'Verified' }, { key: 'status', header: 'Status' },
      ],
    });
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const [item] = await c.var.db.select(visible).from(partners).where(eq(partners.id, id));
    if (!item) throw new HTTPException(404, { message: 'Partner not found' });
    const requests = await c.var.db
      .select({ id: partnerRequests.id, type: partnerRequests.type, title: partnerRequests.title, status: partnerRequests.status, createdAt: partnerRequests.createdAt })
      .from(partnerRequests).where(eq(partnerRequests.partnerId, id)).orderBy(desc(partnerRequests.createdAt));
    c.header('Cache-Control', 'private, no-store');
    return c.json({ item: { ...item, status: item.approvalStatus }, requests, history: await statusHistory(c.var.db, 'partner', id), next: transitions.partner[item.approvalStatus] ?? [] } satisfies Wire<PartnerDetailResponse>);
  })
  .post('/:id/status', validate('param', idParam), validate('json', statusChangeSchema), async (c) =>
    moveStatus(c, 'partner', c.req.valid('param').id, c.req.valid('json')));
