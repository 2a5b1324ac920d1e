// One reset behind the three doors (functions/lib/password-reset-routes.ts and the reset of
// functions/services/accounts/account-codes.ts): whichever door a person uses, the code reaches
// only the browser that asked for it, strangers' guesses cannot use it up, the tries at it are
// counted exactly however many arrive at once, and setting the password ends every session of the
// person, at every door. The same table drives each check, so a door that drifts from the others fails.
import { describe, expect, it } from 'vitest';
import { CODE_RULES } from './services/security/codes.ts';
import {
  aBrowser,
  registerApplicant,
  verifiedPartnerIn,
  verifiedStudentIn,
  waitForCode,
  type Browser,
} from './test/fixtures/index.ts';

const json = async (res: Response) => await res.json<Record<string, any>>();
const other = (code: string) => (code === '000000' ? '111111' : '000000');

/** A job seeker who has not confirmed the address yet (the reset code confirms it). */
const jobSeekerIn = () => registerApplicant('reset-seeker');

/** A job seeker who confirmed the address: a person, who signs in at the students' door too. */
const confirmedSeeker = () => registerApplicant('reset-seeker', { confirmed: true });

/** How a door's session token is shown to it. */
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const applicantHeader = (token: string) => ({ 'X-Applicant-Token': token });

const doors = [
  {
    name: 'student (/forgot-password)',
    api: '/api/users',
    field: 'otp',
    account: verifiedStudentIn,
    person: verifiedStudentIn,
    profile: '/api/users/profile',
    show: bearer,
    done: 'Your password has been reset. Please log in with your new password.',
  },
  {
    name: 'partner (/partner-forgot-password)',
    api: '/api/partner',
    field: 'code',
    account: verifiedPartnerIn,
    person: verifiedPartnerIn,
    profile: '/api/partner/profile',
    show: bearer,
    done: 'Your password has been reset. You can now log in.',
  },
  {
    name: 'job seeker (the application window)',
    api: '/api/job-applicants',
    field: 'otp',
    account: jobSeekerIn,
    person: confirmedSeeker,
    profile: '/api/job-applicants/me',
    show: applicantHeader,
    done: 'Your password has been reset. Please log in with your new password.',
  },
] as const;

type Door = (typeof doors)[number];

/** An account of the door (`make`), and its reset code asked for from `owner`'s browser. */
async function codeAskedIn(
  door: Door,
  owner: Browser,
  make: () => Promise<{ email: string; password: string }> = door.account,
) {
  const { email, password } = await make();
  const asked = await owner.post(`${door.api}/forgot-password`, { email });
  expect(asked.status).toBe(200);
  expect(await json(asked)).toEqual({
    success: true,
    message: 'If an account exists for that e-mail, we have sent a code to reset the password.',
  });
  const code = await waitForCode(email, /password reset code/);
  return { email, password, code };
}

const resetFrom = (door: Door, browser: Browser, email: string, code: string, password: string) =>
  browser.post(`${door.api}/reset-password`, { email, [door.field]: code, password });

const signIn = async (door: Door, browser: Browser, email: string, password: string) =>
  browser.post(`${door.api}/login`, { email, password });

describe.each(doors)('one password reset at every door: $name', (door) => {
  it('the code works only in the browser that asked for it, and a stranger’s wrong codes do not use it up', async () => {
    const owner = aBrowser();
    const { email, password, code } = await codeAskedIn(door, owner);
    // The right code, typed in another browser (it never asked): refused, and the code still stands.
    const stranger = aBrowser();
    const taken = await resetFrom(door, stranger, email, code, 'Taken-over-77');
    expect(taken.status).toBe(400);
    expect((await json(taken)).message).toBe('Invalid or expired OTP. Please try again.');
    // More wrong codes from strangers than a code has tries: none of them reaches the owner's code.
    for (let i = 0; i <= CODE_RULES.maxAttempts; i++) {
      const res = await resetFrom(door, aBrowser(), email, other(code), 'Taken-over-77');
      expect([400, 429], `stranger ${i}`).toContain(res.status);
    }
    const done = await resetFrom(door, owner, email, code, 'Owners-new-pass-9');
    expect(done.status).toBe(200);
    expect(await json(done)).toEqual({ success: true, message: door.done });
    expect((await signIn(door, aBrowser(), email, 'Owners-new-pass-9')).status).toBe(200);
    expect((await signIn(door, aBrowser(), email, password)).status).toBe(401);
    expect((await signIn(door, aBrowser(), email, 'Taken-over-77')).status).toBe(401);
    // A used code opens nothing more.
    expect((await resetFrom(door, owner, email, code, 'Once-more-pass-1')).status).toBe(400);
  });

  it(`parallel wrong codes are counted exactly: ${CODE_RULES.maxAttempts - 1} at once leave the code working, ${CODE_RULES.maxAttempts} use it up`, async () => {
    const guesses = (owner: Browser, email: string, code: string, count: number) =>
      Promise.all(
        Array.from({ length: count }, () => resetFrom(door, owner, email, other(code), 'Guessed-pass-1')),
      );

    const first = aBrowser();
    const one = await codeAskedIn(door, first);
    const fewer = await guesses(first, one.email, one.code, CODE_RULES.maxAttempts - 1);
    expect(fewer.map((r) => r.status)).toEqual(Array(CODE_RULES.maxAttempts - 1).fill(400));
    expect((await resetFrom(door, first, one.email, one.code, 'Owners-new-pass-9')).status).toBe(200);

    // Read-then-write counting would lose some of these tries and leave the code open to a sixth.
    const second = aBrowser();
    const two = await codeAskedIn(door, second);
    const all = await guesses(second, two.email, two.code, CODE_RULES.maxAttempts);
    expect(all.map((r) => r.status)).toEqual(Array(CODE_RULES.maxAttempts).fill(400));
    const late = await resetFrom(door, second, two.email, two.code, 'Owners-new-pass-9');
    expect(late.status).toBe(400);
    expect((await signIn(door, aBrowser(), two.email, two.password)).status).toBe(200);
  });

  it('setting the password ends every session of the person, at this door and at the others', async () => {
    const owner = aBrowser();
    const { email, password, code } = await codeAskedIn(door, owner, door.person);
    // Signed in elsewhere at this door, and (one person, one password) at the job seekers' or students' door.
    const here = await json(await signIn(door, aBrowser(), email, password));
    expect(here.token).toEqual(expect.any(String));
    const elsewhere = door.api === '/api/job-applicants' ? doors[0] : doors[2];
    const there = await json(await signIn(elsewhere, aBrowser(), email, password));
    expect(there.token).toEqual(expect.any(String));
    const profile = (d: Door, token: string) => aBrowser().request(d.profile, { headers: d.show(token) });
    expect((await profile(door, here.token)).status).toBe(200);
    expect((await profile(elsewhere, there.token)).status).toBe(200);

    expect((await resetFrom(door, owner, email, code, 'Owners-new-pass-9')).status).toBe(200);
    expect((await profile(door, here.token)).status).toBe(401);
    expect((await profile(elsewhere, there.token)).status).toBe(401);
    // The list of signed-in devices starts again from the next sign-in.
    const fresh = await json(await signIn(door, aBrowser(), email, 'Owners-new-pass-9'));
    const list = await aBrowser().request(`${door.api}/sessions`, { headers: door.show(fresh.token) });
    expect(list.status).toBe(200);
    expect((await json(list)).devices).toHaveLength(1);
  });
});
