// One person, one account (functions/services/accounts/people.ts): the specs' three doors open the
// same person, registration is once per address, one password and one set of sessions serve every
// door, a proven mailbox never merges a stranger's pre-registration, and accounts made before people
// existed merge into one person each.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import * as t from '#db/schema/index.ts';
import { mergeAccounts, NO_PARTNER_ROLE } from './services/accounts/people.ts';
import { hashPassword } from './services/security/passwords.ts';
import {
  aBrowser,
  confirmationToken,
  db,
  partnerRegistration,
  studentRegistration,
  request,
  waitForCode,
  waitForMail,
  type Browser,
  verifiedPartnerIn,
  verifiedStudentIn,
} from './test/fixtures/index.ts';

const json = async (res: Response) => await res.json<Record<string, any>>();
const STUDENT_TAKEN = 'This email or phone number is already registered. Please use a different one.';
const PARTNER_TAKEN =
  'A partner account with this email already exists. Please log in, or use a different email.';
const APPLICANT_TAKEN = 'An applicant account with this email already exists. Please log in.';

const verifiedStudent = verifiedStudentIn;
const verifiedPartner = verifiedPartnerIn;

async function confirmedJobSeeker(
  owner: Browser = aBrowser(),
  email = `seeker-${crypto.randomUUID()}@example.com`,
) {
  const password = 'Seeker-pass-2026';
  const res = await owner.post('/api/job-applicants/register', {
    fullName: 'Jo Seeker',
    email,
    phone: '+44 20 7946 5511',
    password,
  });
  expect(res.status).toBe(201);
  const confirm = await owner.post('/api/job-applicants/confirm-email', {
    token: await confirmationToken(email),
  });
  expect(confirm.status).toBe(200);
  return { email, password };
}

const doors = {
  student: '/api/users/login',
  partner: '/api/partner/login',
  applicant: '/api/job-applicants/login',
} as const;

async function signIn(browser: Browser, door: keyof typeof doors, who: { email: string; password: string }) {
  const res = await browser.post(doors[door], { email: who.email, password: who.password });
  const body = await json(res);
  return { status: res.status, body, token: body.token as string | undefined };
}

const studentGet = (browser: Browser, token: string, path: string) =>
  browser.request(path, { headers: { Authorization: `Bearer ${token}` } });
const applicantGet = (browser: Browser, token: string, path: string) =>
  browser.request(path, { headers: { 'X-Applicant-Token': token } });

async function peopleWithEmail(email: string) {
  const row = await env.DB.prepare('select count(*) as n from people where email = ?')
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('every door opens the same person', () => {
  it("a student's e-mail and password work in the job application window, at once and without registering", async () => {
    const browser = aBrowser();
    const student = await verifiedStudent(browser);
    const signedIn = await signIn(browser, 'applicant', student);
    expect(signedIn.status).toBe(200);
    const me = await json(await applicantGet(browser, signedIn.token!, '/api/job-applicants/me'));
    expect(me).toMatchObject({ email: student.email, fullName: student.form.fullName, emailConfirmed: true });
    expect(await peopleWithEmail(student.email)).toBe(1);
  });

  it('a job seeker who signs in at /login gets a student profile asking only for what it lacks', async () => {
    const browser = aBrowser();
    const seeker = await confirmedJobSeeker(browser);
    const signedIn = await signIn(browser, 'student', seeker);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email: seeker.email, fullName: 'Jo Seeker', role: 'student' });
    const { user } = await json(await studentGet(browser, signedIn.token!, '/api/users/profile'));
    expect(user).toMatchObject({
      fullName: 'Jo Seeker',
      contactNumber: '+44 20 7946 5511',
      academicStatus: '',
      currentAddress: '',
    });

    const save = (body: Record<string, unknown>) =>
      browser.request('/api/users/profile', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${signedIn.token}` },
        body: JSON.stringify(body),
      });
    const refused = await save({
      fullName: 'Jo Seeker',
      contactNumber: '+44 20 7946 5511',
      academicStatus: '',
      currentAddress: '',
    });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ success: false, message: 'Academic status is required' });
    const saved = await save({
      fullName: 'Jo Seeker',
      contactNumber: '+44 20 7946 5511',
      academicStatus: 'Graduate',
      currentAddress: '2 Example Road, Leeds',
    });
    expect(saved.status).toBe(200);
    const after = await json(await studentGet(browser, signedIn.token!, '/api/users/profile'));
    expect(after.user).toMatchObject({ academicStatus: 'Graduate', currentAddress: '2 Example Road, Leeds' });
  });

  it("a partner's owner signs in as a student and as a job seeker; a student has no partner organisation to open", async () => {
    const browser = aBrowser();
    const owner = await verifiedPartner(browser);
    expect((await signIn(browser, 'partner', owner)).status).toBe(200);
    const asStudent = await signIn(browser, 'student', owner);
    expect(asStudent.status).toBe(200);
    expect(asStudent.body.user.fullName).toBe('Olivia Stone');
    expect((await signIn(browser, 'applicant', owner)).status).toBe(200);

    const student = await verifiedStudent(browser);
    const atPartnerDoor = await signIn(browser, 'partner', student);
    expect(atPartnerDoor.status).toBe(403);
    expect(atPartnerDoor.body).toMatchObject({ success: false, message: NO_PARTNER_ROLE });
    // A wrong password there is the usual 401: the message above needs the right one.
    expect((await signIn(browser, 'partner', { ...student, password: 'Wrong-pass-2026' })).status).toBe(401);
  });
});

describe('switching between roles', () => {
  it("a partner's owner who is also a student switches between the two with the session they hold", async () => {
    const browser = aBrowser();
    const owner = await verifiedPartner(browser);
    const atPartner = await signIn(browser, 'partner', owner);
    const bearer = { Authorization: `Bearer ${atPartner.token}` };
    const roles = async () =>
      (await json(await browser.request('/api/partner/roles', { headers: bearer }))).roles;
    expect(await roles()).toEqual({ student: false, partner: true, applicant: false });
    const before = await browser.post('/api/partner/switch', { to: 'student' }, bearer);
    expect(before.status).toBe(404);
    expect((await json(before)).success).toBe(false);

    await signIn(browser, 'student', owner);
    expect(await roles()).toEqual({ student: true, partner: true, applicant: false });
    const switched = await browser.post('/api/partner/switch', { to: 'student' }, bearer);
    expect(switched.status).toBe(200);
    const { token } = await json(switched);
    const profile = await json(await studentGet(browser, token, '/api/users/profile'));
    expect(profile.user.email).toBe(owner.email);
    const back = await browser.post(
      '/api/users/switch',
      { to: 'partner' },
      { Authorization: `Bearer ${token}` },
    );
    expect(back.status).toBe(200);
    expect(
      (await browser.post('/api/users/switch', { to: 'admin' }, { Authorization: `Bearer ${token}` })).status,
    ).toBe(400);
  });
});

describe('one registration per address, whichever door', () => {
  it("answers each door's 409 for an address that is already a person's", async () => {
    const browser = aBrowser();
    const student = await verifiedStudent(browser);
    const asSeeker = await browser.post('/api/job-applicants/register', {
      fullName: 'Jo Seeker',
      email: student.email.toUpperCase(),
      phone: '020 7946 0111',
      password: 'Another-pass-2026',
    });
    expect(asSeeker.status).toBe(409);
    expect(await json(asSeeker)).toMatchObject({ success: false, message: APPLICANT_TAKEN });
    const asPartner = await browser.post(
      '/api/partner/register',
      partnerRegistration({ ownerEmail: student.email }),
    );
    expect(asPartner.status).toBe(409);
    expect(await json(asPartner)).toMatchObject({ success: false, message: PARTNER_TAKEN });

    const seeker = await confirmedJobSeeker(browser);
    const asStudent = await browser.post(
      '/api/users/register/',
      studentRegistration({ email: seeker.email }),
    );
    expect(asStudent.status).toBe(409);
    expect(await json(asStudent)).toMatchObject({ success: false, message: STUDENT_TAKEN });
  });
});

describe('one password and one set of sessions at every door', () => {
  it('a changed password ends the other doors’ sessions and works at every door; the old one nowhere', async () => {
    const laptop = aBrowser();
    const phone = aBrowser();
    const student = await verifiedStudent(laptop);
    const atStudent = await signIn(laptop, 'student', student);
    const atJobs = await signIn(phone, 'applicant', student);
    expect(atJobs.status).toBe(200);

    const devices = await json(await studentGet(laptop, atStudent.token!, '/api/users/sessions'));
    expect(devices.devices).toHaveLength(2);

    const change = await laptop.post(
      '/api/users/change-password',
      { currentPassword: student.password, newPassword: 'Brand-new-pass-2026' },
      { Authorization: `Bearer ${atStudent.token}` },
    );
    expect(change.status).toBe(200);
    expect((await applicantGet(phone, atJobs.token!, '/api/job-applicants/me')).status).toBe(401);
    expect((await signIn(phone, 'applicant', student)).status).toBe(401);
    expect((await signIn(phone, 'applicant', { ...student, password: 'Brand-new-pass-2026' })).status).toBe(
      200,
    );
  });

  it('a reset at the job seekers’ door sets the student’s password and signs every door out', async () => {
    const browser = aBrowser();
    const student = await verifiedStudent(browser);
    const atStudent = await signIn(browser, 'student', student);
    expect((await browser.post('/api/job-applicants/forgot-password', { email: student.email })).status).toBe(
      200,
    );
    const otp = await waitForCode(student.email, /reset/i);
    const reset = await browser.post('/api/job-applicants/reset-password', {
      email: student.email,
      otp,
      password: 'Reset-pass-2026',
    });
    expect(reset.status).toBe(200);
    expect((await studentGet(browser, atStudent.token!, '/api/users/profile')).status).toBe(401);
    expect((await signIn(browser, 'student', student)).status).toBe(401);
    expect((await signIn(browser, 'student', { ...student, password: 'Reset-pass-2026' })).status).toBe(200);
  });

  it('signing out everywhere from the job window ends the student session too', async () => {
    const browser = aBrowser();
    const student = await verifiedStudent(browser);
    const atStudent = await signIn(browser, 'student', student);
    const atJobs = await signIn(browser, 'applicant', student);
    const out = await browser.post(
      '/api/job-applicants/logout-all',
      {},
      { 'X-Applicant-Token': atJobs.token! },
    );
    expect(out.status).toBe(200);
    expect((await json(out)).ended).toBe(2);
    expect((await studentGet(browser, atStudent.token!, '/api/users/profile')).status).toBe(401);
  });
});

describe('pre-account-hijacking (the classes that apply to e-mail and password accounts)', () => {
  it('classic merge: a stranger’s job-seeker pre-registration of the address never joins the owner, and its session dies', async () => {
    const attacker = aBrowser();
    const email = `victim-${crypto.randomUUID()}@example.com`;
    const preRegistered = await attacker.post('/api/job-applicants/register', {
      fullName: 'Not The Owner',
      email,
      phone: '020 7946 0999',
      password: 'Attacker-pass-2026',
    });
    expect(preRegistered.status).toBe(201);
    const attackerToken = (await json(preRegistered)).token as string;

    const owner = aBrowser();
    await verifiedStudent(owner, { email });
    // The unexpired-session class: the session made before the owner proved the address is gone.
    expect((await applicantGet(attacker, attackerToken, '/api/job-applicants/me')).status).toBe(401);
    expect((await signIn(attacker, 'applicant', { email, password: 'Attacker-pass-2026' })).status).toBe(401);
    // The owner's own password opens the job window, with nothing of the stranger's in it.
    const ownerAtJobs = await signIn(owner, 'applicant', { email, password: 'Owner-pass-2026' });
    expect(ownerAtJobs.status).toBe(200);
    const me = await json(await applicantGet(owner, ownerAtJobs.token!, '/api/job-applicants/me'));
    expect(me.fullName).toBe('Alice Owner');
    const applications = await json(
      await applicantGet(owner, ownerAtJobs.token!, '/api/job-applicants/applications'),
    );
    expect(applications.applications ?? applications).toHaveLength(0);
  });
});

describe('changing the e-mail address', () => {
  const undoToken = async (to: string) => {
    const mail = await waitForMail(to, /e-mail address was changed/);
    return decodeURIComponent(mail.text.match(/email-change\/undo\?t=(\S+)/)![1]!);
  };

  it('a code to the new address, from the browser that asked; other sessions end; the old address can undo it for 7 days', async () => {
    const laptop = aBrowser();
    const phone = aBrowser();
    const student = await verifiedStudent(laptop);
    const atLaptop = await signIn(laptop, 'student', student);
    const atPhone = await signIn(phone, 'applicant', student);
    const bearer = { Authorization: `Bearer ${atLaptop.token}` };
    const newEmail = `moved-${crypto.randomUUID()}@example.com`;

    const wrongPassword = await laptop.post(
      '/api/users/change-email',
      { newEmail, password: 'Not-it-2026' },
      bearer,
    );
    expect(wrongPassword.status).toBe(400);
    const asked = await laptop.post(
      '/api/users/change-email',
      { newEmail, password: student.password },
      bearer,
    );
    expect(asked.status).toBe(200);
    const code = await waitForCode(newEmail, /change your e-mail address/);
    // The right code from a browser that did not ask is refused.
    const elsewhere = await phone.post(
      '/api/job-applicants/change-email/confirm',
      { code },
      { 'X-Applicant-Token': atPhone.token! },
    );
    expect(elsewhere.status).toBe(400);
    const confirmed = await laptop.post('/api/users/change-email/confirm', { code }, bearer);
    expect(confirmed.status).toBe(200);
    expect((await json(confirmed)).message).toBe(
      `Your e-mail address is now ${newEmail}. Your other devices have been signed out.`,
    );
    expect((await applicantGet(phone, atPhone.token!, '/api/job-applicants/me')).status).toBe(401);
    expect((await studentGet(laptop, atLaptop.token!, '/api/users/profile')).status).toBe(200);
    expect((await signIn(phone, 'applicant', { ...student, email: newEmail })).status).toBe(200);
    expect((await signIn(phone, 'applicant', student)).status).toBe(401);

    const undo = await request('/api/me/email-change/undo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ t: await undoToken(student.email) }),
    });
    expect(undo.status).toBe(200);
    expect((await studentGet(laptop, atLaptop.token!, '/api/users/profile')).status).toBe(401);
    expect((await signIn(laptop, 'student', student)).status).toBe(200);
    expect((await signIn(laptop, 'student', { ...student, email: newEmail })).status).toBe(401);
  });

  it('unexpired e-mail change: a change started towards an address that is then registered never completes', async () => {
    const attacker = aBrowser();
    const attackerAccount = await verifiedStudent(attacker);
    const atAttacker = await signIn(attacker, 'student', attackerAccount);
    const bearer = { Authorization: `Bearer ${atAttacker.token}` };
    const victimEmail = `victim-${crypto.randomUUID()}@example.com`;
    expect(
      (
        await attacker.post(
          '/api/users/change-email',
          { newEmail: victimEmail, password: attackerAccount.password },
          bearer,
        )
      ).status,
    ).toBe(200);
    const code = await waitForCode(victimEmail, /change your e-mail address/);
    await verifiedStudent(aBrowser(), { email: victimEmail, password: 'Victim-pass-2026' });
    // Even with the code (which only the victim's mailbox had), the address is the victim's now.
    const late = await attacker.post('/api/users/change-email/confirm', { code }, bearer);
    expect(late.status).toBe(409);
    expect(await peopleWithEmail(victimEmail)).toBe(1);
    expect(
      (await signIn(aBrowser(), 'student', { email: victimEmail, password: attackerAccount.password }))
        .status,
    ).toBe(401);
    const toTaken = await attacker.post(
      '/api/users/change-email',
      { newEmail: victimEmail, password: attackerAccount.password },
      bearer,
    );
    expect(toTaken.status).toBe(409);
  });
});

describe('accounts made before people existed', () => {
  const at = new Date('2026-01-10T10:00:00Z');
  async function legacyRows(
    email: string,
    passwords: { student: string; applicant: string; partner: string },
  ) {
    await db.insert(t.users).values({
      id: crypto.randomUUID(),
      fullName: 'Legacy Student',
      academicStatus: 'Graduate',
      contactNumber: `+44 7700 ${crypto.randomUUID().slice(0, 6)}`,
      currentAddress: '3 Old Road',
      email,
      passwordHash: await hashPassword(passwords.student),
      isVerified: true,
      createdAt: at,
      updatedAt: at,
    });
    await db.insert(t.jobApplicants).values({
      id: crypto.randomUUID(),
      fullName: 'Legacy Seeker',
      phone: '020 7946 0000',
      email,
      passwordHash: await hashPassword(passwords.applicant),
      isVerified: true,
      emailConfirmedAt: at,
      createdAt: at,
      updatedAt: at,
    });
    // An unverified partner registration of the same address: maybe a stranger's; never merged.
    await db.insert(t.partners).values({
      ...partnerRegistration(),
      id: crypto.randomUUID(),
      email,
      passwordHash: await hashPassword(passwords.partner),
      isVerified: false,
      createdAt: new Date(),
      updatedAt: new Date(),
    } as typeof t.partners.$inferInsert);
  }

  it('merge into one person each, report per case, re-run to no effect; either old password signs in once and becomes the one', async () => {
    const email = `legacy-${crypto.randomUUID()}@example.com`;
    await legacyRows(email, {
      student: 'Student-old-2025',
      applicant: 'Seeker-old-2025',
      partner: 'Stranger-2025',
    });
    const report = await mergeAccounts(db, 10_000);
    expect(report.people['different-passwords']).toBeGreaterThanOrEqual(1);
    expect(report.unprovenDiscarded).toBeGreaterThanOrEqual(1);
    expect(await peopleWithEmail(email)).toBe(1);
    const again = await mergeAccounts(db, 10_000);
    expect(again.addresses).toBe(0);
    const audit = await env.DB.prepare(
      "select after from audit_log where action = 'person.merge' and entity_id = (select id from people where email = ?)",
    )
      .bind(email)
      .first<{ after: string }>();
    expect(JSON.parse(audit!.after)).toMatchObject({
      case: 'different-passwords',
      roles: ['student', 'applicant'],
      unprovenDiscarded: 1,
    });

    const browser = aBrowser();
    expect((await signIn(browser, 'partner', { email, password: 'Stranger-2025' })).status).toBe(401);
    // The job seeker's password, at the student door: it becomes the person's password.
    expect((await signIn(browser, 'student', { email, password: 'Seeker-old-2025' })).status).toBe(200);
    expect((await signIn(browser, 'applicant', { email, password: 'Seeker-old-2025' })).status).toBe(200);
    expect((await signIn(browser, 'applicant', { email, password: 'Student-old-2025' })).status).toBe(401);
  });

  it('an account not merged yet is merged the moment it signs in, at any door', async () => {
    const email = `legacy-${crypto.randomUUID()}@example.com`;
    await legacyRows(email, {
      student: 'Same-old-2025',
      applicant: 'Same-old-2025',
      partner: 'Stranger-2025',
    });
    const browser = aBrowser();
    const signedIn = await signIn(browser, 'applicant', { email, password: 'Same-old-2025' });
    expect(signedIn.status).toBe(200);
    expect(await peopleWithEmail(email)).toBe(1);
    const partners = await env.DB.prepare('select count(*) as n from partners where email = ?')
      .bind(email)
      .first<{ n: number }>();
    expect(partners?.n).toBe(0);
    expect((await signIn(browser, 'student', { email, password: 'Same-old-2025' })).status).toBe(200);
  });
});
