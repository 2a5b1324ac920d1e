import type { Db } from '../../../db/client.ts';
import { createStaffAccount } from '../staff-account.ts';

export const DEMO_STAFF = { email: 'admin@example.com', name: 'Demo Admin', password: 'demo-admin-password' } as const;

/** Development-only demo staff admin (created once; the printed credentials stay the same). */
export async function seedDemoStaff(db: Db): Promise<{ label: string; email: string; password: string } | undefined> {
  await createStaffAccount(db, { ...DEMO_STAFF, role: 'admin' });
  return { label: 'Staff admin', email: DEMO_STAFF.email, password: DEMO_STAFF.password };
}
