import { readdirSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { hashPassword } from '#functions/services/security/passwords.ts';
import { ownStack } from '../../scripts/lib/e2e-stacks.ts';

// Rows a browser test makes for itself in its worker's local database (scripts/lib/e2e-stacks.ts),
// instead of reading a seeded row through the API. The specs a worker runs share that database: every
// row made here must go again afterwards (call the returned cleanup in an afterEach), so later specs
// see the content the site was built with.

/** Where wrangler dev keeps this worker's local D1: one SQLite file per database. */
const D1_DIR = `${ownStack.persistTo}/v3/d1/miniflare-D1DatabaseObject`;
let database: DatabaseSync | undefined;

/**
 * Runs SQL on the browser tests' local D1 database: straight on its SQLite file (WAL, so the Worker
 * reading it under wrangler dev sees each write at its next query), with the triggers and foreign
 * keys of the real migrations. `wrangler d1 execute` did the same through a platform proxy of its
 * own: about 5 s of start-up and CPU a call, some twenty calls a run.
 */
export function sql(command: string) {
  if (!database) {
    const file = readdirSync(D1_DIR).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
    if (!file) throw new Error(`No local D1 database in ${D1_DIR}: run node scripts/e2e-build.ts first`);
    database = new DatabaseSync(`${D1_DIR}/${file}`, { enableForeignKeyConstraints: true, timeout: 10_000 });
    // Checkpoints are left to the Worker's connection: workerd waits for no lock, and a checkpoint
    // run from here at the moment it commits answered its request with SQLITE_BUSY (a 503).
    database.exec('PRAGMA wal_autocheckpoint = 0');
  }
  database.exec(command);
}

/** Quotes a value for SQL text. */
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Publishes an open job (not on the pre-rendered board: the pages were built before it) and answers
 * the cleanup that removes it again with the applications sent to it.
 */
export function insertJob(job: { id: string; title: string }) {
  const now = Date.now();
  sql(`INSERT INTO jobs (id, title, description, category, company, location, address, start_date, end_date, recruitment_type, employment, schedule, payment, hiring, urgent, tags, type, requirements, company_info, status, sort_order, created_at, updated_at)
    VALUES (${text(job.id)}, ${text(job.title)}, 'A job made by a browser test.', 'Testing', 'Testco Ltd', 'Leeds, UK', '1 Test Road', '2027-01-01', '2027-12-31', 'Work Permit', '["Full-time"]', 'Days', '£12 per hour', 'Hiring 1', 0, '[]', 'Work permit', '[]', '{"name":"Testco Ltd","about":"x"}', 'open', 999, ${now}, ${now})`);
  return () =>
    sql(
      `DELETE FROM job_applications WHERE job_id = ${text(job.id)}; DELETE FROM jobs WHERE id = ${text(job.id)};`,
    );
}

/**
 * Creates a staff member as `npm run admin:create` does (scripts/lib/staff-account.ts): the password
 * hashed by the Worker's own scrypt, the row and its audit entry in one go. Written straight into
 * the database like the other rows here (the command starts a platform proxy: ~6 s a call, some
 * twenty calls a run). The e-mail as given: tests make theirs lower-case (uniqueEmail).
 */
export async function createStaff(
  who: { email: string; name: string; password: string },
  role: 'admin' | 'editor',
) {
  const id = crypto.randomUUID();
  const now = Date.now();
  const after = JSON.stringify({ email: who.email, name: who.name, role, via: 'command line' });
  sql(`INSERT INTO staff (id, name, role, is_active, email, password_hash, is_verified, created_at, updated_at)
    VALUES (${text(id)}, ${text(who.name)}, ${text(role)}, 1, ${text(who.email)}, ${text(await hashPassword(who.password))}, 1, ${now}, ${now});
    INSERT INTO audit_log (id, staff_id, action, entity, entity_id, after, created_at, updated_at)
    VALUES (${text(crypto.randomUUID())}, NULL, 'staff.create', 'staff', ${text(id)}, ${text(after)}, ${now}, ${now});`);
}
