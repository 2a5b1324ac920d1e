import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { adminAuth } from './auth.ts';
import { adminStaff } from './staff.ts';
import { adminInbox } from './inbox.ts';
import { adminApplications } from './applications.ts';
import { adminPartners } from './partners.ts';
import { adminPartnerRequests } from './partner-requests.ts';
import { adminJobApplications } from './job-applications.ts';
import { adminPayments } from './payments.ts';
import { adminContent } from './content.ts';
import { adminSiteSettings } from './site-settings.ts';
import { adminImages, adminUploads } from './uploads.ts';
import { adminPublish } from './publish.ts';
import { adminAudit } from './audit.ts';
import { adminDashboard } from './dashboard.ts';
import { adminMail } from './mail.ts';
import { adminPrivacy } from './privacy.ts';
import { adminCounsellors } from './counsellors.ts';
import { adminInsight } from './insight.ts';

/** The back office API, one router per resource under /api/admin. Staff tokens only. */
export const admin = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    // Staff data never sits in a shared cache.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store');
  })
  .route('/auth', adminAuth)
  .route('/dashboard', adminDashboard)
  .route('/staff', adminStaff)
  .route('/inbox', adminInbox)
  .route('/subscriptions', adminApplications)
  .route('/partners', adminPartners)
  .route('/partner-requests', adminPartnerRequests)
  .route('/job-applications', adminJobApplications)
  .route('/payments', adminPayments)
  .route('/content', adminContent)
  .route('/site-settings', adminSiteSettings)
  .route('/uploads', adminUploads)
  .route('/images', adminImages)
  .route('/publish', adminPublish)
  .route('/audit', adminAudit)
  .route('/mail', adminMail)
  .route('/privacy', adminPrivacy)
  .route('/counsellors', adminCounsellors)
  .route('/insight', adminInsight);

export { publicFiles } from './files.ts';
