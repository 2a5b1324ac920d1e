import type { Db } from '../../db/client.ts';
import { seedDemoStudent } from './demo/student.ts';
import { seedDemoPartner } from './demo/partner.ts';
import { seedDemoApplicant } from './demo/applicant.ts';
import { seedDemoStaff } from './demo/staff.ts';

/** Development-only demo accounts (spec/0-decisions.md), created once and printed on every start. */
export async function seedDemoAccounts(db: Db): Promise<void> {
  const accounts: { label: string; email: string; password: string; notes?: string[] }[] = [await seedDemoStudent(db), await seedDemoPartner(db), await seedDemoApplicant(db), await seedDemoStaff(db)].filter((a) => a !== undefined);
  if (!accounts.length) return;
  console.log('\nDemo accounts (development only):');
  for (const a of accounts) {
    console.log(`  ${a.label.padEnd(14)} ${a.email}  /  ${a.password}`);
    for (const note of a.notes ?? []) console.log(`  ${''.padEnd(14)} ${note}`);
  }
  console.log('');
}
