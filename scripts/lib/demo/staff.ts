import type { Db } from '#db/client.ts';
import { staffMfa } from '#db/schema/index.ts';
import { otpauthUrl } from '#functions/services/accounts/staff-mfa.ts';
import { getSite } from '#db/queries/site-content.ts';
import { createStaffAccount } from '../staff-account.ts';

/**
 * The development demo admin. Admins sign in with a second factor, so the demo one has a fixed
 * TOTP secret: add it to an authenticator app (the otpauth URL or the key), or run
 * `npm run demo:totp` for the current code. Development only, like every demo account.
 */
export const DEMO_STAFF = {
  email: 'admin@example.com',
  name: 'Demo Admin',
  password: 'demo-admin-password',
  totpSecret: 'BRIDGEWAYDEMOADMINTOTPSECRET2345',
} as const;

/** Development-only demo staff admin (created once; the printed credentials stay the same). */
export async function seedDemoStaff(
  db: Db,
): Promise<{ label: string; email: string; password: string; notes: string[] } | undefined> {
  const { id } = await createStaffAccount(db, {
    email: DEMO_STAFF.email,
    name: DEMO_STAFF.name,
    password: DEMO_STAFF.password,
    role: 'admin',
  });
  await db
    .insert(staffMfa)
    .values({ staffId: id, secret: DEMO_STAFF.totpSecret, confirmedAt: new Date() })
    .onConflictDoNothing();
  return {
    label: 'Staff admin',
    email: DEMO_STAFF.email,
    password: DEMO_STAFF.password,
    notes: [
      `two-step sign-in: the code from \`npm run demo:totp\`, or add this key to an authenticator app: ${DEMO_STAFF.totpSecret}`,
      otpauthUrl(DEMO_STAFF.totpSecret, DEMO_STAFF.email, (await getSite(db)).companyName),
    ],
  };
}
