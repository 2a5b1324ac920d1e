import type { Db } from '#db/client.ts';
import { getSite, saveSiteStatement } from '#db/queries/site-content.ts';
import {
  siteContactFields,
  siteContactLabels,
  type SiteContactField,
  type SiteContacts,
  type SiteContent,
} from '#schemas/content.ts';
import { auditInsert } from '#db/queries/audit.ts';
import { notificationEmail } from '../mail/emails.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * Changes to the site settings that route personal data or are the public's contact details
 *: admins only (the route checks), audited with the before and after, and each
 * change e-mailed to the addresses that held the job before it, so the people who were receiving
 * enquiries learn at once where they go now. Knows no HTTP.
 */

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The contact fields whose value differs between two versions of the site block. */
export const changedContactFields = (before: SiteContent, after: Partial<SiteContent>) =>
  siteContactFields.filter((field) => field in after && !same(before[field], after[field]));

const shown = (value: unknown) =>
  typeof value === 'string' ? value : Object.values(value as Record<string, string>).join(', ');

/**
 * Who hears of a change: the previous staff notification address always (it received the
 * enquiries, and is the operators' inbox), and a previous public address that changed.
 */
function previousAddresses(before: SiteContent, changed: SiteContactField[]) {
  const addresses = [before.staffNotificationEmail];
  if (changed.includes('email')) addresses.push(before.email);
  if (changed.includes('admissionsEmail')) addresses.push(before.admissionsEmail);
  return [...new Set(addresses.map((a) => a.toLowerCase()))];
}

/**
 * Saves an admin's contact details: one batch with the audit entry (action `content.site_contacts`,
 * which moves the content version on like every content edit), then the notices. Returns the saved
 * block and the addresses told; nothing changed means nothing saved, audited or sent.
 */
export async function saveSiteContacts(
  db: Db,
  mailer: Mailer,
  contacts: SiteContacts,
  by: { staffId: string; name: string; email: string },
  now = new Date(),
) {
  const before = await getSite(db);
  const changed = changedContactFields(before, contacts);
  if (changed.length === 0) return { site: before, notified: [] as string[] };
  const site: SiteContent = { ...before, ...contacts };
  const pick = (block: SiteContent) => Object.fromEntries(changed.map((f) => [f, block[f]]));
  await db.batch([
    auditInsert(db, {
      staffId: by.staffId,
      action: 'content.site_contacts',
      entity: 'site',
      entityId: 'site',
      before: pick(before),
      after: pick(site),
    }),
    saveSiteStatement(db, site),
  ]);
  const notified = previousAddresses(before, changed);
  const subject = `The contact details of ${site.companyName} were changed`;
  const paragraphs = [
    `${by.name} (${by.email}) changed the contact details in the back office at ${now.toISOString().replace('T', ' ').slice(0, 16)} UTC:`,
    ...changed.map((f) => `${siteContactLabels[f]}: ${shown(before[f])} → ${shown(site[f])}`),
    'You receive this because this address held one of them until now. Enquiries and staff alerts now go to the addresses above.',
    'If nobody asked for this, tell another administrator at once: the change is in the audit log, and an admin can set the previous values back.',
  ];
  for (const to of notified) {
    try {
      await mailer.send(notificationEmail(site, to, subject, paragraphs));
    } catch (error) {
      // The change stands and is audited; the notice waits as failed mail for the retry job.
      console.error('site contacts: notice not sent', error instanceof Error ? error.name : error);
    }
  }
  return { site, notified };
}
