import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { staff } from '#db/schema/index.ts';
import { staffCreateSchema, type StaffRole } from '#schemas/admin/index.ts';
import { normalizeEmail } from '#schemas/email.ts';
import { hashPassword } from '#functions/services/security/passwords.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '#functions/services/security/common-passwords.ts';
import { auditLog } from '#db/schema/index.ts';

/**
 * Creates a staff account from the command line (the same rules as the admin UI: schemas/admin/staff.ts).
 * Returns 'exists' when the e-mail already has one. Throws with the first validation message.
 */
export async function createStaffAccount(
  db: Db,
  input: { email: string; name: string; role: StaffRole; password: string },
) {
  const parsed = staffCreateSchema.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
  if (await isCommonPassword(parsed.data.password)) throw new Error(COMMON_PASSWORD_MESSAGE);
  const email = normalizeEmail(parsed.data.email);
  const [existing] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
  if (existing) return { status: 'exists' as const, id: existing.id, email };
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(staff).values({
      id,
      email,
      name: parsed.data.name,
      role: parsed.data.role,
      isActive: true,
      isVerified: true,
      passwordHash: await hashPassword(parsed.data.password),
    }),
    db.insert(auditLog).values({
      id: crypto.randomUUID(),
      staffId: null,
      action: 'staff.create',
      entity: 'staff',
      entityId: id,
      after: { email, name: parsed.data.name, role: parsed.data.role, via: 'command line' },
    }),
  ]);
  return { status: 'created' as const, id, email };
}
