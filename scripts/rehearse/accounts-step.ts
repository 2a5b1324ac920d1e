// The launch rehearsal's step for one person, one account (functions/services/accounts/people.ts):
// accounts as they stood before people existed (migration 0021 adds `person_id` and leaves every
// existing row unlinked, which is what these rows are) are merged by the scheduled job, and each
// signs in afterwards, at every door it should, with its documents, applications and requests.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '#functions/services/security/passwords.ts';
import { CRONS } from '#schemas/schedule.ts';
import type { ApiClient } from './api.ts';
import { assert } from './checks.ts';

type Row = Record<string, string | number | null>;
const literal = (v: string | number | null) =>
  typeof v === 'number' ? String(v) : typeof v === 'string' ? `'${v.replaceAll("'", "''")}'` : 'null';
const insert = (table: string, row: Row) =>
  `insert into ${table} (${Object.keys(row).join(', ')}) values (${Object.values(row).map(literal).join(', ')});`;

export async function accountsMerged(ctx: {
  api: ApiClient;
  db: D1Database;
  stateDir: string;
  execute: (file: string) => Promise<unknown>;
}): Promise<[undefined, string]> {
  const tag = randomBytes(3).toString('hex');
  const at = Date.now() - 30 * 86_400_000;
  const times = { created_at: at, updated_at: at };
  const address = (who: string) => `${who}.${tag}@example.org`;
  const passwords = {
    student: 'Rehearse-student-1',
    seeker: 'Rehearse-seeker-1',
    owner: 'Rehearse-owner-1',
    stranger: 'Rehearse-stranger-1',
  };
  const student = await hashPassword(passwords.student);
  const seeker = await hashPassword(passwords.seeker);
  const owner = await hashPassword(passwords.owner);
  const stranger = await hashPassword(passwords.stranger);
  const job = await ctx.db
    .prepare("select id from jobs where status = 'open' limit 1")
    .first<{ id: string }>();
  assert(job, 'the seed loaded no open job');
  const studentRow = (id: string, email: string, hash: string): Row => ({
    id,
    full_name: 'Rehearsal Student',
    academic_status: 'Graduate',
    contact_number: `+44 7700 9${tag}${id.slice(1, 2)}`,
    current_address: '1 Rehearsal Road',
    email,
    password_hash: hash,
    is_verified: 1,
    ...times,
  });
  const seekerRow = (id: string, email: string, hash: string): Row => ({
    id,
    full_name: 'Rehearsal Seeker',
    phone: '020 7946 0123',
    email,
    password_hash: hash,
    is_verified: 1,
    email_confirmed_at: at,
    ...times,
  });
  const ownerRow = (id: string, email: string, hash: string, verified: number): Row => ({
    id,
    company_name: 'Rehearsal Partners Ltd',
    company_hq: 'Leeds',
    owner_first_name: 'Rehearsal',
    owner_last_name: 'Owner',
    owner_phone_number: '020 7946 0124',
    owner_designation: 'CEO',
    owner_nationality: 'British',
    contact_first_name: 'Sam',
    contact_last_name: 'Reed',
    contact_designation: 'HR',
    contact_phone_number: '020 7946 0125',
    contact_email: `contact.${tag}@example.org`,
    approval_status: 'approved',
    email,
    password_hash: hash,
    is_verified: verified,
    ...times,
  });
  const sql = [
    // A student alone, with a document.
    insert('users', studentRow(`s1-${tag}`, address('student'), student)),
    insert('documents', {
      id: `d1-${tag}`,
      user_id: `s1-${tag}`,
      document_type: 'passport',
      object_key: `documents/s1-${tag}/passport.pdf`,
      original_name: 'passport.pdf',
      content_type: 'application/pdf',
      size: 1024,
      ...times,
    }),
    // A job seeker alone, with an application.
    insert('job_applicants', seekerRow(`j1-${tag}`, address('seeker'), seeker)),
    insert('job_applications', {
      id: `a1-${tag}`,
      job_id: job.id,
      applicant_id: `j1-${tag}`,
      cover_letter: 'Rehearsal',
      resume_key: `resumes/a1-${tag}.pdf`,
      resume_name: 'cv.pdf',
      resume_type: 'application/pdf',
      resume_size: 2048,
      status: 'received',
      forwarded_at: at,
      ...times,
    }),
    // A partner's owner alone, with a request.
    insert('partners', ownerRow(`p1-${tag}`, address('owner'), owner, 1)),
    insert('partner_requests', {
      id: `r1-${tag}`,
      partner_id: `p1-${tag}`,
      type: 'employee',
      title: 'Rehearsal welders',
      data: '{}',
      status: 'submitted',
      ...times,
    }),
    // One address, two verified accounts with different passwords: a student and a job seeker.
    insert('users', studentRow(`s2-${tag}`, address('both'), student)),
    insert('job_applicants', seekerRow(`j2-${tag}`, address('both'), seeker)),
    // A verified student whose address also has an unverified partner registration (a stranger's, perhaps).
    insert('users', studentRow(`s3-${tag}`, address('claimed'), student)),
    insert('partners', ownerRow(`p3-${tag}`, address('claimed'), stranger, 0)),
  ].join('\n');
  const file = join(ctx.stateDir, `legacy-accounts-${tag}.sql`);
  writeFileSync(file, sql);
  await ctx.execute(file);

  const fire = await fetch(
    `${ctx.api.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(CRONS['merge-accounts'])}&format=json`,
  );
  assert(fire.ok, `the merge-accounts cron answered ${fire.status}`);

  // The report: one audit row per merged person, by case.
  const report = await ctx.db
    .prepare(
      `select json_extract(after, '$.case') as kind, count(*) as people, sum(json_extract(after, '$.unprovenDiscarded')) as discarded
       from audit_log where action = 'person.merge' and entity_id in (select id from people where email like ?) group by kind order by kind`,
    )
    .bind(`%.${tag}@example.org`)
    .all<{ kind: string; people: number; discarded: number }>();
  const cases = Object.fromEntries(report.results.map((r) => [r.kind, r.people]));
  const discarded = report.results.reduce((n, r) => n + r.discarded, 0);
  assert(
    cases.single === 4 && cases['different-passwords'] === 1 && discarded === 1,
    `merge report: ${JSON.stringify(report.results)}`,
  );

  const signIn = async (path: string, email: string, password: string, expect = [200]) =>
    (await ctx.api.call('POST', path, { body: { email, password }, expect })).json<{ token?: string }>();
  const s1 = await signIn('/api/users/login', address('student'), passwords.student);
  const profile = await ctx.api.call('GET', '/api/users/profile', {
    headers: { Authorization: `Bearer ${s1.token}` },
  });
  assert(
    profile.json<{ user: { documents: unknown[] } }>().user.documents.length === 1,
    'the student lost their document',
  );
  const j1 = await signIn('/api/job-applicants/login', address('seeker'), passwords.seeker);
  const applications = await ctx.api.call('GET', '/api/job-applicants/applications', {
    headers: { 'X-Applicant-Token': j1.token! },
  });
  assert(applications.json<unknown[]>().length === 1, 'the job seeker lost their application');
  const p1 = await signIn('/api/partner/login', address('owner'), passwords.owner);
  const requests = await ctx.api.call('GET', '/api/partner/requests', {
    headers: { Authorization: `Bearer ${p1.token}` },
  });
  assert(requests.json<{ requests: unknown[] }>().requests.length === 1, 'the partner lost their request');
  // Either old password once, at any door; the one used becomes the password.
  await signIn('/api/users/login', address('both'), passwords.seeker);
  await signIn('/api/job-applicants/login', address('both'), passwords.seeker);
  await signIn('/api/job-applicants/login', address('both'), passwords.student, [401]);
  // The unverified registration was discarded: its password opens nothing; the student's does.
  await signIn('/api/partner/login', address('claimed'), passwords.stranger, [401]);
  await signIn('/api/users/login', address('claimed'), passwords.student);
  return [
    undefined,
    `merge report: ${Object.entries(cases)
      .map(([k, n]) => `${k} ${n}`)
      .join(
        ', ',
      )}, unverified duplicates discarded ${discarded}; all signed in after it with their document, application and request; the two-password person signed in once with the job seeker's and it became the one (functions/people.test.ts)`,
  ];
}
