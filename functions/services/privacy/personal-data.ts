import { batch } from '#db/batch.ts';
import type { Db } from '#db/client.ts';
import {
  collectPersonalData,
  erasureStatements,
  filesOf,
  ownsAddressRows,
  type Person,
} from '#db/queries/personal-data.ts';
import { exportFileName, personTypeLabels } from '#schemas/privacy.ts';
import { personOfRole, personWithoutRolesDelete } from '#db/queries/people.ts';
import { auditInsert } from '#db/queries/audit.ts';
import { notificationEmail } from '../mail/emails.ts';
import { getSite } from '#db/queries/site-content.ts';
import type { Mailer } from '../mail/mailer.ts';
import { uniqueNames, zipStream, type ZipEntry } from './zip-stream.ts';

/**
 * UK GDPR access and portability (articles 15 and 20) and erasure (article 17), for the person
 * themselves and for staff acting on a request that arrived by e-mail. Knows no HTTP: the routes
 * check who asks and turn the results into responses.
 */

const README = (companyName: string, person: Person, at: Date) => `Your data held by ${companyName}
Account type: ${personTypeLabels[person.type]}
Exported: ${at.toISOString()}

data.json    everything we hold about you: your profile, the records you added, your applications or
             requests with each status change, your job alerts, your sign-in sessions, the e-mails we
             sent you, payments and messages linked to your address, and the consents we rely on.
files/       every file you uploaded, under the name you gave it (a number is added when two share a name).

Questions: reply to any e-mail from us, or use the contact form on our website.
`;

/**
 * The export as a streamed zip: README.txt, data.json, then each uploaded file read from storage
 * as the download proceeds. A file missing from storage is listed in missing-files.txt instead of
 * failing the whole export.
 */
export async function exportPersonalData(db: Db, bucket: R2Bucket, person: Person, now = new Date()) {
  const [data, files, site] = await Promise.all([
    collectPersonalData(db, person),
    filesOf(db, person),
    getSite(db),
  ]);
  const name = uniqueNames();
  const placed = files.map((f) => ({ ...f, path: `files/${name(f.name)}` }));
  const document = {
    exportedAt: now.toISOString(),
    accountType: person.type,
    ...data,
    files: placed.map((f) => ({ name: f.name, inThisZipAs: f.path })),
  };
  const encoder = new TextEncoder();
  const missing: string[] = [];
  async function* entries(): AsyncGenerator<ZipEntry> {
    yield { name: 'README.txt', data: encoder.encode(README(site.companyName, person, now)), compress: true };
    yield { name: 'data.json', data: encoder.encode(JSON.stringify(document, null, 2)), compress: true };
    for (const file of placed) {
      const object = await bucket.get(file.key);
      if (!object) {
        missing.push(file.path);
        continue;
      }
      yield { name: file.path, data: object.body };
    }
    if (missing.length > 0) {
      yield {
        name: 'missing-files.txt',
        data: encoder.encode(
          `These files were listed but could not be read from storage:\n${missing.join('\n')}\n`,
        ),
        compress: true,
      };
    }
  }
  const { body, done } = zipStream(entries());
  return { body, done, filename: exportFileName(now), files: placed.length };
}

export interface ErasureResult {
  removed: Record<string, number>;
  files: number;
  /** Stored files whose deletion failed: the daily orphaned-files job removes them (their rows are gone). */
  filesLeft: number;
  emailed: boolean;
}

/**
 * Erases a person: every personal row goes in one D1 batch with the account (a transaction, so
 * nothing is half-erased), payments are kept with the name and e-mail replaced, the audit log keeps
 * one entry without personal data; then the stored files are deleted (after the batch committed:
 * a failure there leaves objects without rows, which the daily orphaned-files job deletes), and a
 * confirmation is e-mailed to the address, whose outbox row forgets the address once delivered.
 * Sessions are in the batch, so every token of the account stops working at once.
 */
export async function erasePerson(
  db: Db,
  bucket: R2Bucket,
  mailer: Mailer,
  person: Person,
  by: { staffId: string | null },
): Promise<ErasureResult> {
  const [files, addressRows, personId] = await Promise.all([
    filesOf(db, person),
    ownsAddressRows(db, person),
    personOfRole(db, person.type, person.id),
  ]);
  const { statements, counted } = erasureStatements(db, person, { addressRows });
  // One role deleted; the person (their address and password) goes with their last role.
  if (personId) statements.push(personWithoutRolesDelete(personId));
  // The record of the erasure, in the same transaction: who (a staff member, or the person: null),
  // what kind of account, how many files; never whose.
  const audit = auditInsert(db, {
    staffId: by.staffId,
    action: by.staffId ? 'privacy.erase' : 'account.erase',
    entity: person.type,
    entityId: null,
    after: { files: files.length, addressRows },
  });
  const results = await batch(db, [...statements, audit]);
  const removed: Record<string, number> = {};
  results.forEach((result, i) => {
    const name = counted[i];
    if (name) removed[name] = (removed[name] ?? 0) + (result.meta.changes ?? 0);
  });

  let filesLeft = 0;
  const keys = files.map((f) => f.key);
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    try {
      await bucket.delete(chunk);
    } catch (error) {
      filesLeft += chunk.length;
      console.error(
        'erasure: R2 delete failed; the orphaned-files job will remove them',
        error instanceof Error ? error.message : error,
      );
    }
  }

  let emailed = true;
  const site = await getSite(db);
  try {
    await mailer.send({
      ...notificationEmail(site, person.email, `Your ${site.companyName} account has been deleted`, [
        // No name: the outbox keeps this message, and nothing of the erased person may stay behind.
        'Hello,',
        `Your ${personTypeLabels[person.type].toLowerCase()} account and the personal data it held have been deleted${by.staffId ? ', as you asked us' : ''}. Signed-in devices have been signed out.`,
        'Payment records the law requires us to keep remain, without your name or e-mail address. This message is the last we send to this address about the account.',
        'If you did not ask for this, reply to this e-mail at once.',
      ]),
      forgetRecipient: true,
    });
  } catch {
    emailed = false;
  }
  return { removed, files: files.length, filesLeft, emailed };
}
