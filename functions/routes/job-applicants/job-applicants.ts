import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../../lib/app-env.ts';
import { validate } from '../../lib/validate.ts';
import { config } from '../../lib/config.ts';
import { requireAuth } from '../../middleware/auth.ts';
import { jobApplicants } from '../../../db/schema/index.ts';
import { listApplicationsOf } from '../../../db/queries/jobs.ts';
import { applicantLoginSchema, applicantRegisterSchema } from '../../../schemas/recruitment.ts';
import type { Db } from '../../../db/client.ts';
import { findCredentials } from '../../services/accounts.ts';
import { assertNotCommon } from '../../services/common-passwords.ts';
import { hashPassword } from '../../services/passwords.ts';
import { startSession } from '../../services/sessions.ts';
import { checkLogin } from '../../services/login.ts';
import { clientAddress } from '../../services/rate-limit.ts';
import { isUniqueViolation } from '../../services/db-errors.ts';
import { limitAddress } from '../../middleware/rate-limit.ts';
import { sessionRoutes } from '../../lib/session-routes.ts';

/** New applicant accounts per address per hour. */
const REGISTER_LIMIT = { name: 'applicant-register', max: 10, windowSeconds: 60 * 60 };

/** A new session for the applicant and its token (sent back in `X-Applicant-Token`). */
const applicantToken = (db: Db, env: Env, id: string) => startSession(db, config(env), { sub: id, aud: 'applicant', role: 'applicant' });

const applicantAuth = requireAuth('applicant', { header: 'x-applicant-token' });

/**
 * Job-applicant accounts. The spec gives applicants no code step (register answers with a token
 * and the modal goes straight to login), so applicant accounts are created verified.
 */
export const jobApplicantsRouter = new Hono<AppEnv>()
  .post('/register', validate('json', applicantRegisterSchema), async (c) => {
    const input = c.req.valid('json');
    await limitAddress(c, REGISTER_LIMIT, (wait) => `Too many registrations from this address. Please try again in ${wait}.`);
    await assertNotCommon(input.password);
    if (await findCredentials(c.var.db, 'applicant', { email: input.email })) {
      throw new HTTPException(409, { message: 'An applicant account with this email already exists. Please log in.' });
    }
    const id = crypto.randomUUID();
    try {
      await c.var.db.insert(jobApplicants).values({
        id,
        fullName: input.fullName,
        email: input.email,
        phone: input.phone,
        passwordHash: await hashPassword(input.password),
        isVerified: true,
      });
    } catch (error) {
      // Two registrations racing for one e-mail: the unique index decides.
      if (isUniqueViolation(error)) throw new HTTPException(409, { message: 'An applicant account with this email already exists. Please log in.' });
      throw error;
    }
    return c.json({ success: true, message: 'Registration successful! Please login to continue.', token: await applicantToken(c.var.db, c.env, id) }, 201);
  })
  .post('/login', validate('json', applicantLoginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const account = await checkLogin(c.var.db, 'applicant', email, password, clientAddress(c.req.raw.headers));
    return c.json({ success: true, message: 'Login successful', token: await applicantToken(c.var.db, c.env, account.id) });
  })
  .route('/', sessionRoutes('applicant', applicantAuth))
  .get('/me', applicantAuth, async (c) => {
    const [row] = await c.var.db
      .select({ id: jobApplicants.id, fullName: jobApplicants.fullName, email: jobApplicants.email, phone: jobApplicants.phone })
      .from(jobApplicants)
      .where(eq(jobApplicants.id, c.var.auth.sub));
    if (!row) throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
    const { id, ...rest } = row;
    return c.json({ _id: id, ...rest });
  })
  .get('/applications', applicantAuth, async (c) => {
    return c.json(await listApplicationsOf(c.var.db, c.var.auth.sub));
  });
