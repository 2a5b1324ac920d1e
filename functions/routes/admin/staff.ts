import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import {
  idParam,
  listQuery,
  staffCreateSchema,
  staffPasswordSchema,
  staffUpdateSchema,
  type StaffCreatedResponse,
  type StaffRow,
  type StaffUpdatedResponse,
} from '#schemas/admin/index.ts';
import type { OkOnly, Wire } from '#schemas/responses.ts';
import { normalizeEmail } from '#schemas/email.ts';
import { hashPassword } from '#functions/services/security/passwords.ts';
import { assertNotCommon } from '#functions/services/security/common-passwords.ts';
import { endAllSessionsStatement } from '#db/queries/sessions.ts';
import { auditInsert } from '#db/queries/audit.ts';
import { resetStaffMfa, staffWithMfa } from '#db/queries/staff-mfa.ts';
import {
  findStaffForAdmin,
  insertStaffStatement,
  listStaff,
  staffEmailTaken,
  staffExists,
  updateStaffStatement,
} from '#db/queries/staff.ts';
import { adminOnly, searchNeedle, listResponse, window } from './shared.ts';

// Whole seconds: token `iat` has second precision (see resetPassword).
const revokeNow = () => new Date(Math.floor(Date.now() / 1000) * 1000);

/** Staff management, admins only. Nobody deletes accounts (the audit log points at them). */
export const adminStaff = new Hono<AppEnv>()
  .use(adminOnly)
  .get('/', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    const needle = query.q ? searchNeedle(query.q) : undefined;
    const { items: rows, total } = await listStaff(c.var.db, { needle }, window(query));
    const withMfa = await staffWithMfa(
      c.var.db,
      rows.map((r) => r.id),
    );
    const items = rows.map((r) => ({ ...r, mfaEnabled: withMfa.has(r.id) }));
    return listResponse(
      c,
      query,
      { items: items satisfies Wire<StaffRow>[], total },
      {
        filename: 'staff',
        columns: [
          { key: 'name', header: 'Name' },
          { key: 'email', header: 'Email' },
          { key: 'role', header: 'Role' },
          { key: 'isActive', header: 'Active' },
          { key: 'mfaEnabled', header: 'Two-step sign-in' },
          { key: 'createdAt', header: 'Created' },
        ],
      },
    );
  })
  .post('/', validate('json', staffCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const email = normalizeEmail(body.email);
    await assertNotCommon(body.password);
    if (await staffEmailTaken(c.var.db, email))
      throw new HTTPException(409, { message: 'A staff account with this email already exists.' });
    const row = {
      id: crypto.randomUUID(),
      name: body.name,
      email,
      role: body.role,
      isActive: true,
      isVerified: true,
      passwordHash: await hashPassword(body.password),
    };
    const { passwordHash: _p, isVerified: _v, ...visible } = row;
    await c.var.db.batch([
      insertStaffStatement(c.var.db, row),
      auditInsert(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'staff.create',
        entity: 'staff',
        entityId: row.id,
        after: visible,
      }),
    ]);
    return c.json({ success: true, staff: visible } satisfies StaffCreatedResponse, 201);
  })
  .patch('/:id', validate('param', idParam), validate('json', staffUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const before = await findStaffForAdmin(c.var.db, id);
    if (!before) throw new HTTPException(404, { message: 'Staff member not found' });
    if (id === c.var.auth.sub && ((body.role && body.role !== before.role) || body.isActive === false)) {
      throw new HTTPException(409, { message: 'You cannot change your own role or deactivate yourself.' });
    }
    const changes = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.role !== undefined && { role: body.role }),
      ...(body.isActive !== undefined && { isActive: body.isActive }),
    };
    // A role change or deactivation ends the person's sessions: their tokens carry the old role.
    const revoke = (body.role !== undefined && body.role !== before.role) || body.isActive === false;
    await c.var.db.batch([
      updateStaffStatement(c.var.db, id, {
        ...changes,
        ...(revoke && { tokensValidAfter: revokeNow(), signInChallengeId: null }),
      }),
      ...(revoke ? [endAllSessionsStatement(c.var.db, 'staff', id)] : []),
      auditInsert(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'staff.update',
        entity: 'staff',
        entityId: id,
        before,
        after: { ...before, ...changes },
      }),
    ]);
    const after = await findStaffForAdmin(c.var.db, id);
    if (!after) throw new HTTPException(404, { message: 'Staff member not found' });
    return c.json({ success: true, staff: after } satisfies Wire<StaffUpdatedResponse>);
  })
  .post('/:id/password', validate('param', idParam), validate('json', staffPasswordSchema), async (c) => {
    const { id } = c.req.valid('param');
    if (!(await staffExists(c.var.db, id)))
      throw new HTTPException(404, { message: 'Staff member not found' });
    const { password } = c.req.valid('json');
    await assertNotCommon(password);
    await c.var.db.batch([
      updateStaffStatement(c.var.db, id, {
        passwordHash: await hashPassword(password),
        tokensValidAfter: revokeNow(),
        signInChallengeId: null,
      }),
      // A new password ends the person's sessions on every device.
      endAllSessionsStatement(c.var.db, 'staff', id),
      auditInsert(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'staff.password',
        entity: 'staff',
        entityId: id,
      }),
    ]);
    return c.json({ success: true } satisfies OkOnly);
  })
  .post('/:id/mfa/reset', validate('param', idParam), async (c) => {
    // For a lost phone with no recovery codes left: the person sets up a new authenticator at
    // their next sign-in (admins must; editors may). Their sessions end now.
    const { id } = c.req.valid('param');
    if (id === c.var.auth.sub)
      throw new HTTPException(409, {
        message: 'Ask another administrator to reset your own two-step sign-in.',
      });
    if (!(await staffExists(c.var.db, id)))
      throw new HTTPException(404, { message: 'Staff member not found' });
    await c.var.db.batch([
      ...resetStaffMfa(c.var.db, id),
      updateStaffStatement(c.var.db, id, { tokensValidAfter: revokeNow(), signInChallengeId: null }),
      // Every session ends by its row, as a role change does: the revocation time has whole-second
      // precision, so a session started in the same second as the reset would otherwise survive it.
      endAllSessionsStatement(c.var.db, 'staff', id),
      auditInsert(c.var.db, {
        staffId: c.var.auth.sub,
        action: 'staff.mfa_reset',
        entity: 'staff',
        entityId: id,
      }),
    ]);
    return c.json({ success: true } satisfies OkOnly);
  });
