import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { jobApplicants } from '#db/schema/index.ts';
import { hashPassword } from '#functions/services/security/passwords.ts';

const DEMO = {
  email: 'applicant@example.com',
  password: 'applicant123',
  fullName: 'Demo Applicant',
  phone: '020 7946 0300',
};

/** Development-only demo job applicant (spec/0-decisions.md): created once, printed on every start. */
export async function seedDemoApplicant(
  db: Db,
): Promise<{ label: string; email: string; password: string } | undefined> {
  const [existing] = await db
    .select({ id: jobApplicants.id })
    .from(jobApplicants)
    .where(eq(jobApplicants.email, DEMO.email));
  if (!existing) {
    await db.insert(jobApplicants).values({
      id: crypto.randomUUID(),
      fullName: DEMO.fullName,
      email: DEMO.email,
      phone: DEMO.phone,
      passwordHash: await hashPassword(DEMO.password),
      isVerified: true,
      // The demo's address is not a real mailbox: confirmed already, so its applications go on.
      emailConfirmedAt: new Date(),
    });
  }
  return { label: 'Job applicant', email: DEMO.email, password: DEMO.password };
}
