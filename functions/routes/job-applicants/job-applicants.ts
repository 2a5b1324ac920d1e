import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { config } from '#functions/lib/config.ts';
import { requireAuth } from '#functions/middleware/auth.ts';
import { listApplicationsOf } from '#db/queries/jobs.ts';
import type { Db } from '#db/client.ts';
import { findApplicant, insertApplicant } from '#db/queries/applicants.ts';
import {
  applicantConfirmSchema,
  applicantLoginSchema,
  applicantRegisterSchema,
  type ApplicantConfirmResponse,
  type ApplicantProfile,
  type ApplicantSignedInResponse,
} from '#schemas/recruitment.ts';
import type { MessageOnly } from '#schemas/responses.ts';
import { afterResponse } from '#functions/lib/after-response.ts';
import {
  RESEND_LIMITS,
  confirmApplicant,
  readConfirmationToken,
  sameEmail,
  sendConfirmation,
} from '#functions/services/applicant-confirmation.ts';
import { findCredentials } from '#functions/services/accounts.ts';
import { assertNotCommon } from '#functions/services/common-passwords.ts';
import { hashPassword } from '#functions/services/passwords.ts';
import { startSession } from '#functions/services/sessions.ts';
import { checkLogin } from '#functions/services/login.ts';
import { isUniqueViolation } from '#functions/services/db-errors.ts';
import { sessionRoutes } from '#functions/lib/session-routes.ts';
import { privacyRoutes } from '#functions/lib/privacy-routes.ts';
import { getSite } from '#db/queries/site-content.ts';

/** New applicant accounts per address per hour. */
const REGISTER_LIMIT = { name: 'applicant-register', max: 10, windowSeconds: 60 * 60 };

const LINK_INVALID = 'This confirmation link is not valid. Log in to My applications to get a new one.';
const LINK_EXPIRED = 'This confirmation link has expired. Log in to My applications to get a new one.';

const confirmationSettings = (env: Env) => {
  const { tokenSecret, tokenIssuer, siteUrl } = config(env);
  return { secret: tokenSecret, issuer: tokenIssuer, siteUrl };
};

/** A new session for the applicant and its token (sent back in `X-Applicant-Token`). */
const applicantToken = (db: Db, env: Env, id: string) =>
  startSession(db, config(env), { sub: id, aud: 'applicant', role: 'applicant' });

const applicantAuth = requireAuth('applicant', { header: 'x-applicant-token' });

/**
 * Job-applicant accounts. The spec gives applicants no code step (register answers with a token
 * and the modal goes straight to login), so applicant accounts are created able to sign in; a
 * confirmation e-mail follows, and until its link is clicked their applications are held (not
 * forwarded to employers) and marked so for staff.
 */
export const jobApplicantsRouter = new Hono<AppEnv>()
  .post('/register', validate('json', applicantRegisterSchema), async (c) => {
    const input = c.req.valid('json');
    await c.var.limiter.perAddress(
      REGISTER_LIMIT,
      (wait) => `Too many registrations from this address. Please try again in ${wait}.`,
    );
    await assertNotCommon(input.password);
    if (await findCredentials(c.var.db, 'applicant', { email: input.email })) {
      throw new HTTPException(409, {
        message: 'An applicant account with this email already exists. Please log in.',
      });
    }
    const id = crypto.randomUUID();
    try {
      await insertApplicant(c.var.db, {
        id,
        fullName: input.fullName,
        email: input.email,
        phone: input.phone,
        passwordHash: await hashPassword(input.password),
        isVerified: true,
      });
    } catch (error) {
      // Two registrations racing for one e-mail: the unique index decides.
      if (isUniqueViolation(error))
        throw new HTTPException(409, {
          message: 'An applicant account with this email already exists. Please log in.',
        });
      throw error;
    }
    // The e-mail goes out after the answer: registration never waits on (or fails with) the mail provider.
    const mail = afterResponse(
      c,
      getSite(c.var.db).then((brand) =>
        sendConfirmation(
          c.var.mailer,
          confirmationSettings(c.env),
          { id, email: input.email.trim().toLowerCase(), fullName: input.fullName },
          brand,
        ),
      ),
    );
    if (mail) await mail;
    return c.json(
      {
        success: true,
        message: 'Registration successful! Please login to continue.',
        token: await applicantToken(c.var.db, c.env, id),
      } satisfies ApplicantSignedInResponse,
      201,
    );
  })
  .post('/login', validate('json', applicantLoginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const account = await checkLogin(c.var.db, 'applicant', email, password, c.var.limiter.address);
    return c.json({
      success: true,
      message: 'Login successful',
      token: await applicantToken(c.var.db, c.env, account.id),
    } satisfies ApplicantSignedInResponse);
  })
  .route('/', sessionRoutes('applicant', applicantAuth))
  .route('/', privacyRoutes('applicant', applicantAuth))
  .get('/me', applicantAuth, async (c) => {
    const row = await findApplicant(c.var.db, c.var.auth.sub);
    if (!row) throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
    const profile: ApplicantProfile = {
      _id: row.id,
      fullName: row.fullName,
      email: row.email,
      phone: row.phone,
      emailConfirmed: row.emailConfirmedAt !== null,
    };
    return c.json(profile);
  })
  .post('/confirm-email', validate('json', applicantConfirmSchema), async (c) => {
    // The link's token is the proof: no session needed (it opens in whatever browser the mail app uses).
    const { secret, issuer } = confirmationSettings(c.env);
    const check = await readConfirmationToken(secret, issuer, c.req.valid('json').token);
    if (!check.ok)
      throw new HTTPException(400, { message: check.reason === 'expired' ? LINK_EXPIRED : LINK_INVALID });
    const applicant = await findApplicant(c.var.db, check.applicantId);
    if (!applicant || !(await sameEmail(check.emailTag, applicant.email)))
      throw new HTTPException(400, { message: LINK_INVALID });
    const { first } = await confirmApplicant(c.var.db, c.var.mailer, config(c.env).siteUrl, applicant);
    const body: ApplicantConfirmResponse = first
      ? {
          success: true,
          status: 'confirmed',
          message:
            'Thank you: your e-mail address is confirmed. Your applications are on their way to the employers.',
        }
      : {
          success: true,
          status: 'already-confirmed',
          message: 'Your e-mail address is already confirmed. There is nothing more to do.',
        };
    return c.json(body);
  })
  .post('/resend-confirmation', applicantAuth, async (c) => {
    const applicant = await findApplicant(c.var.db, c.var.auth.sub);
    if (!applicant)
      throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
    if (applicant.emailConfirmedAt)
      throw new HTTPException(409, { message: 'Your e-mail address is already confirmed.' });
    // Each send is counted before it happens (one atomic upsert per limit), so parallel clicks cannot exceed them.
    await c.var.limiter.hits(
      [
        { limit: RESEND_LIMITS.perAccount, subject: applicant.id },
        { limit: RESEND_LIMITS.perAddress, subject: c.var.limiter.address },
      ],
      (wait) => `Too many confirmation e-mails. Please try again in ${wait}.`,
    );
    await sendConfirmation(c.var.mailer, confirmationSettings(c.env), applicant, await getSite(c.var.db));
    return c.json({
      success: true,
      message: `We sent a new confirmation link to ${applicant.email}.`,
    } satisfies MessageOnly);
  })
  .get('/applications', applicantAuth, async (c) => {
    return c.json(await listApplicationsOf(c.var.db, c.var.auth.sub));
  });
