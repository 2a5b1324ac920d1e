// Real accounts for the fuzzer, so authenticated endpoints are fuzzed past `requireAuth` (their
// validation, ownership checks and uploads) and not only as 401s. Student and partner accounts go
// through the real registration → e-mailed code (dev outbox) → verification → login; the
// applicant through its register; the staff account is created in the local D1 the way
// `npm run admin:create` does it, with an authenticator, then signs in with password and code. Tokens given as FUZZ_TOKEN_* take precedence.
import { openLocalPlatform } from '../lib/platform.ts';
import { createStaffAccount } from '../lib/staff-account.ts';
import { staffMfa, users } from '#db/schema/index.ts';
import { STAFF_CHALLENGE_COOKIE, STAFF_SESSION_COOKIE } from '#functions/lib/staff-cookies.ts';
import { currentTotp, newTotpSecret } from '#functions/services/accounts/staff-mfa.ts';
import { hashPassword } from '#functions/services/security/passwords.ts';

type Role = 'student' | 'partner' | 'applicant' | 'staff';
const PASSWORD = 'Fuzz!Passw0rd#2026';

// Each run from its own documentation-range address, so earlier fuzz runs' rate limits don't refuse it.
const address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

// The cookies the answers set (the code challenges and known-device cookies), sent back as one
// browser would: a partner's sign-up code verifies only from the browser that registered.
const jar = new Map<string, string>();

async function post(url: string, path: string, body: unknown) {
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const res = await fetch(url + path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'CF-Connecting-IP': address,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
  }
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

async function latestCode(url: string, to: string) {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const messages = res.ok ? await res.json<{ text: string }[]>() : [];
    const code = messages[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code e-mailed to ${to}`);
}

async function student(url: string, stamp: string) {
  const email = `fuzz-student-${stamp}@example.com`;
  const res = await post(url, '/api/users/register/', {
    fullName: 'Fuzz Student',
    academicStatus: 'Undergraduate',
    contactNumber: `0207${stamp.replace(/\D/g, '').slice(-7)}`,
    email,
    currentAddress: '1 Example Street, London',
    password: PASSWORD,
  });
  if (res.status === 201) {
    const userId = res.body.userId as string;
    await post(url, '/api/users/verify-otp', { userId, otp: await latestCode(url, email) });
  } else {
    // Earlier fuzz runs used up this address's registrations (wrangler dev sets CF-Connecting-IP
    // itself): create the verified account in the local D1 instead, as the seed does.
    const platform = await openLocalPlatform();
    try {
      await platform.db.insert(users).values({
        id: crypto.randomUUID(),
        fullName: 'Fuzz Student',
        academicStatus: 'Undergraduate',
        contactNumber: `+4477${stamp.replace(/\D/g, '').slice(-8)}`,
        currentAddress: 'x',
        email,
        passwordHash: await hashPassword(PASSWORD),
        isVerified: true,
      });
    } finally {
      await platform.dispose();
    }
  }
  return (await post(url, '/api/users/login', { email, password: PASSWORD })).body.token as
    string | undefined;
}

async function partner(url: string, stamp: string) {
  const email = `fuzz-partner-${stamp}@example.com`;
  await post(url, '/api/partner/register', {
    companyName: 'Fuzz Ltd',
    companyHQ: 'London',
    ownerFirstName: 'Fuzz',
    ownerLastName: 'Owner',
    ownerEmail: email,
    ownerPhoneNumber: '02079460123',
    ownerDesignation: 'Director',
    ownerNationality: 'British',
    contactFirstName: 'Fuzz',
    contactLastName: 'Contact',
    contactDesignation: 'HR',
    contactPhoneNumber: '02079460124',
    contactEmail: `contact-${email}`,
    password: PASSWORD,
  });
  await post(url, '/api/partner/verify-otp', { email, otp: await latestCode(url, email) });
  return (await post(url, '/api/partner/login', { email, password: PASSWORD })).body.token as
    string | undefined;
}

async function applicant(url: string, stamp: string) {
  return (
    await post(url, '/api/job-applicants/register', {
      fullName: 'Fuzz Applicant',
      email: `fuzz-applicant-${stamp}@example.com`,
      phone: '02079460123',
      password: PASSWORD,
    })
  ).body.token as string | undefined;
}

/** The value of a cookie a response sets. */
const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((l) => l.split(';')[0]!)
    .find((p) => p.startsWith(`${name}=`))
    ?.slice(name.length + 1);

async function staff(url: string, stamp: string) {
  const email = `fuzz-staff-${stamp}@example.com`;
  const secret = newTotpSecret();
  const platform = await openLocalPlatform();
  try {
    const { id } = await createStaffAccount(platform.db, {
      email,
      name: 'Fuzz Admin',
      role: 'admin',
      password: PASSWORD,
    });
    // Admins sign in with a second factor: give this one an authenticator, as enrolment would.
    await platform.db
      .insert(staffMfa)
      .values({ staffId: id, secret, confirmedAt: new Date() })
      .onConflictDoNothing();
  } finally {
    await platform.dispose();
  }
  const headers = {
    'Content-Type': 'application/json',
    'CF-Connecting-IP': address,
    Origin: new URL(url).origin,
  };
  const login = await fetch(`${url}/api/admin/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const challenge = cookieOf(login, STAFF_CHALLENGE_COOKIE);
  if (!challenge) return undefined;
  const second = await fetch(`${url}/api/admin/auth/mfa`, {
    method: 'POST',
    headers: { ...headers, Cookie: `${STAFF_CHALLENGE_COOKIE}=${challenge}` },
    body: JSON.stringify({ code: currentTotp(secret) }),
  });
  const session = cookieOf(second, STAFF_SESSION_COOKIE);
  return session ? decodeURIComponent(session) : undefined;
}

/** One token per account type; a type whose account could not be made is left out (fuzzed unauthenticated). */
export async function fuzzTokens(
  url: string,
  given: Record<Role, string | undefined>,
): Promise<Record<Role, string | undefined>> {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const makers: Record<Role, (u: string, s: string) => Promise<string | undefined>> = {
    student,
    partner,
    applicant,
    staff,
  };
  const out = { ...given };
  for (const role of Object.keys(makers) as Role[]) {
    if (out[role]) continue;
    try {
      out[role] = await makers[role](url, stamp);
    } catch (error) {
      console.log(
        `(no ${role} account for the fuzzer: ${(error as Error).message}; its endpoints are fuzzed unauthenticated)`,
      );
    }
  }
  return out;
}
