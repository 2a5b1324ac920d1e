import { execFileSync } from 'node:child_process';

// Rows a browser test makes for itself in the browser tests' shared local database (.wrangler/e2e),
// straight through wrangler, instead of reading a seeded row through the API. The browser tests share
// that database: every row made here must go again afterwards (call the returned cleanup in an
// afterEach), so later specs see the content the site was built with.

const e2eEnv = { ...process.env, WRANGLER_PERSIST_TO: '.wrangler/e2e' };

/** Runs SQL on the browser tests' local D1 database. */
export const sql = (command: string) =>
  execFileSync(
    'npx',
    ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', '.wrangler/e2e', '--command', command],
    { stdio: 'pipe', env: e2eEnv },
  );

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

/** Creates a staff member the way an operator does: `npm run admin:create` on the browser tests' database. */
export function createStaff(
  who: { email: string; name: string; password: string },
  role: 'admin' | 'editor',
) {
  execFileSync(
    'npm',
    ['run', 'admin:create', '--', '--email', who.email, '--name', who.name, '--role', role],
    { env: { ...e2eEnv, STAFF_PASSWORD: who.password }, stdio: 'pipe' },
  );
}
