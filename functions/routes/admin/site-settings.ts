import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { siteSchema } from '#schemas/content.ts';
import { getSite, saveSiteStatement, siteUpdatedAt } from '#db/queries/site-content.ts';
import { auditInsert } from '#functions/services/audit.ts';
import { staffOnly } from './shared.ts';

/**
 * The site settings (content/site.json as staff edit it): the brand, contacts, registered company
 * details and the video links. Validated by the content schema, every rejection named by field
 * (the editor shows each beside its field); every change audited. Pages change at the next publish.
 */
export const adminSiteSettings = new Hono<AppEnv>()
  .use(staffOnly)
  .get('/', async (c) => {
    const [item, updatedAt] = await Promise.all([getSite(c.var.db), siteUpdatedAt(c.var.db)]);
    return c.json({ item, updatedAt });
  })
  .put('/', validate('json', siteSchema), async (c) => {
    const site = c.req.valid('json');
    const before = await getSite(c.var.db);
    // One batch, one transaction: the audit entry and the change land together.
    await c.var.db.batch([
      auditInsert(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'content.update',
        entity: 'site',
        entityId: 'site',
        before,
        after: site,
      }),
      saveSiteStatement(c.var.db, site),
    ]);
    return c.json({ success: true, item: site });
  });
