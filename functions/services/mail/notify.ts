import type { Db } from '#db/client.ts';
import { getSite } from '#db/queries/site-content.ts';
import { notificationEmail } from './emails.ts';
import type { Mailer } from './mailer.ts';

/**
 * E-mails the staff notification address (site content `staffNotificationEmail`). `about` says
 * whom the notice names (db/queries/outbox.ts noticeAbout), so erasing that person removes it;
 * a notice about the site itself (a failed publish) names nobody.
 */
export async function notifyStaff(
  db: Db,
  mailer: Mailer,
  subject: string,
  paragraphs: string[],
  about?: string,
) {
  const site = await getSite(db);
  await mailer.send({ ...notificationEmail(site, site.staffNotificationEmail, subject, paragraphs), about });
}
