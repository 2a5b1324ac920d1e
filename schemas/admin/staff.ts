import { z } from 'zod';
import { pageOf } from '../responses.ts';

/**
 * Staff accounts: the roles, the password rule, creating and changing an account, and the rows of
 * the staff list.
 */

export const staffRoles = ['admin', 'editor'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const STAFF_PASSWORD_MIN = 12;

const staffPassword = z
  .string()
  .min(1, 'Password is required')
  .min(STAFF_PASSWORD_MIN, `Password must be at least ${STAFF_PASSWORD_MIN} characters`)
  .max(200, 'Password must be at most 200 characters');

export const staffCreateSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Email is invalid')),
  role: z.enum(staffRoles, 'Role must be admin or editor'),
  password: staffPassword,
});

export const staffUpdateSchema = z
  .object({
    role: z.enum(staffRoles, 'Role must be admin or editor').optional(),
    isActive: z.boolean('isActive must be true or false').optional(),
    name: z.string().trim().min(1, 'Name is required').max(120).optional(),
  })
  .refine(
    (v) => v.role !== undefined || v.isActive !== undefined || v.name !== undefined,
    'Nothing to change',
  );

export const staffPasswordSchema = z.object({ password: staffPassword });

export const staffRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  isActive: z.boolean(),
  mfaEnabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffRow = z.infer<typeof staffRowSchema>;
export const staffPageResponse = pageOf(staffRowSchema);
/** POST /api/admin/staff (201): the new account. */
export const staffCreatedResponse = z.object({
  success: z.literal(true),
  staff: staffRowSchema.pick({ id: true, name: true, email: true, role: true, isActive: true }),
});
export type StaffCreatedResponse = z.infer<typeof staffCreatedResponse>;
/** PATCH /api/admin/staff/{id}: the account after the change. */
export const staffUpdatedResponse = z.object({
  success: z.literal(true),
  staff: staffRowSchema.omit({ mfaEnabled: true }).extend({ updatedAt: z.string() }),
});
export type StaffUpdatedResponse = z.infer<typeof staffUpdatedResponse>;
