import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import {
  SITE_CONTACTS_ADMIN_ONLY,
  siteBrandInputSchema,
  siteContactFields,
  siteContactsSchema,
  type SiteContent,
} from '#schemas/content.ts';
import type { SiteContactsSaved, SiteSettingsResponse, SiteSettingsSaved } from '#schemas/admin/index.ts';
import type { Wire } from '#schemas/responses.ts';
import { getSite, saveSiteStatement, siteUpdatedAt } from '#db/queries/site-content.ts';
import { findStaff } from '#db/queries/staff-mfa.ts';
import { auditInsert } from '#db/queries/audit.ts';
import { changedContactFields, saveSiteContacts } from '#functions/services/privacy/site-contacts.ts';
import { adminOnly, staffOnly } from './shared.ts';

/**
 * The site settings (content/site.json as staff edit it). Editors and admins edit the brand and the
 * video links; the contact details, the staff notification address and the registered company
 * details are admins' alone, because they decide where enquirers' personal data goes and how the
 * public reaches the company (docs/staff-routes.md). Validated by the content
 * schema, every rejection named by field; every change audited. Pages change at the next publish.
 */
export const adminSiteSettings = new Hono<AppEnv>()
  .get('/', staffOnly, async (c) => {
    const [item, updatedAt] = await Promise.all([getSite(c.var.db), siteUpdatedAt(c.var.db)]);
    return c.json({ item, updatedAt } satisfies Wire<SiteSettingsResponse>);
  })
  .put('/', staffOnly, validate('json', siteBrandInputSchema), async (c) => {
    const body = c.req.valid('json');
    const before = await getSite(c.var.db);
    // The contact fields may come along unchanged; changing one is an admin's, on its own route.
    if (changedContactFields(before, body).length > 0)
      throw new HTTPException(403, { message: SITE_CONTACTS_ADMIN_ONLY });
    const site: SiteContent = {
      ...body,
      ...Object.fromEntries(siteContactFields.map((f) => [f, before[f]])),
    } as SiteContent;
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
    return c.json({ success: true, item: site } satisfies Wire<SiteSettingsSaved>);
  })
  .put('/contacts', adminOnly, validate('json', siteContactsSchema), async (c) => {
    const staff = await findStaff(c.var.db, c.var.auth.sub);
    if (!staff) throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
    const { site, notified } = await saveSiteContacts(c.var.db, c.var.mailer, c.req.valid('json'), {
      staffId: staff.id,
      name: staff.name,
      email: staff.email,
    });
    const body: Wire<SiteContactsSaved> = {
      success: true,
      item: site,
      message: notified.length
        ? `Saved. We e-mailed ${notified.join(' and ')} about the change.`
        : 'Nothing changed.',
      notified,
    };
    return c.json(body satisfies Wire<SiteContactsSaved>);
  });
