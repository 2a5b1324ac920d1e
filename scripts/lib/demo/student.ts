import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { users } from '#db/schema/index.ts';
import { hashPassword } from '#functions/services/security/passwords.ts';

export const DEMO_STUDENT = { email: 'student@example.com', password: 'Student-demo-2026' } as const;

/** Development-only demo student: verified, with a known password; created once, never overwritten. */
export async function seedDemoStudent(db: Db): Promise<{ label: string; email: string; password: string }> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_STUDENT.email))
    .limit(1);
  if (!existing) {
    await db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        fullName: 'Demo Student',
        academicStatus: 'Undergraduate Student',
        contactNumber: '+44 20 7946 0100',
        currentAddress: '1 Demo Street, London',
        email: DEMO_STUDENT.email,
        passwordHash: await hashPassword(DEMO_STUDENT.password),
        isVerified: true,
      })
      .onConflictDoNothing();
  }
  return { label: 'Student', ...DEMO_STUDENT };
}
