import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../../lib/app-env.ts';
import { config } from '../../lib/config.ts';
import { validate } from '../../lib/validate.ts';
import { staff } from '../../../db/schema/index.ts';
import { staffLoginSchema } from '../../../schemas/admin.ts';
import { checkLogin } from '../../services/login.ts';
import { clientAddress } from '../../services/rate-limit.ts';
import { startSession } from '../../services/sessions.ts';
import { writeAudit } from '../../services/audit.ts';
import { sessionRoutes } from '../../lib/session-routes.ts';
import { staffOnly } from './shared.ts';

const profile = (row: typeof staff.$inferSelect) => ({ id: row.id, name: row.name, email: row.email, role: row.role });

/** Staff sign-in: the same password check and limits as every account, a staff-only audience. */
export const adminAuth = new Hono<AppEnv>()
  .post('/login', validate('json', staffLoginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const account = await checkLogin(c.var.db, 'staff', email, password, clientAddress(c.req.raw.headers));
    const [row] = await c.var.db.select().from(staff).where(eq(staff.id, account.id));
    if (!row || !row.isActive) throw new HTTPException(403, { message: 'This staff account has been deactivated. Ask an administrator.' });
    const token = await startSession(c.var.db, config(c.env), { sub: row.id, aud: 'staff', role: row.role });
    await writeAudit(c.var.db, { staffId: row.id, action: 'staff.login', entity: 'staff', entityId: row.id });
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, token, staff: profile(row) });
  })
  // Sign out (this device, or every device): staff sessions end on the server like every account's.
  .route('/', sessionRoutes('staff', staffOnly))
  .get('/me', staffOnly, async (c) => {
    const [row] = await c.var.db.select().from(staff).where(eq(staff.id, c.var.auth.sub));
    if (!row || !row.isActive) throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
    c.header('Cache-Control', 'no-store');
    return c.json(profile(row));
  });
