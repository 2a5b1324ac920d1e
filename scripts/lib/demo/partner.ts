import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { partners } from '#db/schema/index.ts';
import { hashPassword } from '#functions/services/security/passwords.ts';

const DEMO = { email: 'partner.demo@example.com', password: 'DemoPartner!2026' };

/** Development-only demo partner: verified and approved, created once (idempotent); returns its credentials. */
export async function seedDemoPartner(
  db: Db,
): Promise<{ label: string; email: string; password: string } | undefined> {
  const [existing] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.email, DEMO.email))
    .limit(1);
  if (!existing) {
    await db.insert(partners).values({
      id: crypto.randomUUID(),
      companyName: 'Northbridge College Group',
      companyHQ: 'Manchester, United Kingdom',
      ownerFirstName: 'Amelia',
      ownerLastName: 'Hart',
      email: DEMO.email,
      ownerPhoneNumber: '020 7946 0321',
      ownerDesignation: 'Managing Director',
      ownerNationality: 'British',
      contactFirstName: 'Daniel',
      contactLastName: 'Okafor',
      contactDesignation: 'Admissions Manager',
      contactPhoneNumber: '020 7946 0322',
      contactEmail: 'admissions.demo@example.com',
      passwordHash: await hashPassword(DEMO.password),
      isVerified: true,
      approvalStatus: 'approved',
    });
  }
  return { label: 'Partner', ...DEMO };
}
