import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { config } from '#functions/lib/config.ts';
import { requireAuth } from '#functions/middleware/auth.ts';
import { listApplicationsOf } from '#db/queries/jobs.ts';
import type { Db } from '#db/client.ts';
import {
  confirmApplicantStatement,
  findApplicant,
  findApplicantByEmail,
  heldResumeKeys,
  insertApplicant,
  replaceApplicantStatements,
  withdrawHeldStatements,
} from '#db/queries/applicants.ts';
import { batch } from '#db/batch.ts';
import { normalizeEmail } from '#schemas/email.ts';
import { forgotPasswordSchema, resetPasswordSchema } from '#schemas/users.ts';
import { passwordResetRoutes } from '#functions/lib/password-reset-routes.ts';
import { REQUEST_RULES } from '#functions/middleware/rate-limit.ts';
import { doorSignIn, startDoorSession } from '#functions/lib/sign-in.ts';
import {
  applicantConfirmSchema,
  applicantLoginSchema,
  applicantRegisterSchema,
  type ApplicantConfirmResponse,
  type ApplicantProfile,
  type ApplicantSignedInResponse,
  type MyJobApplicationsResponse,
} from '#schemas/recruitment.ts';
import type { FailureResponse, MessageResponse } from '#schemas/responses.ts';
import { afterResponse } from '#functions/lib/after-response.ts';
import {
  RESEND_LIMITS,
  confirmApplicant,
  confirmationSettings,
  readConfirmationToken,
  sameEmail,
  sendConfirmation,
} from '#functions/services/recruitment/applicant-confirmation.ts';
import { assertNotCommon } from '#functions/services/security/common-passwords.ts';
import { hashPassword } from '#functions/services/security/passwords.ts';
import { findPerson } from '#functions/services/accounts/people.ts';
import { isUniqueViolation } from '#functions/services/db-errors.ts';
import { sessionRoutes } from '#functions/lib/session-routes.ts';
import { privacyRoutes } from '#functions/lib/privacy-routes.ts';

const LINK_INVALID = 'This confirmation link is not valid. Log in to My applications to get a new one.';
const LINK_EXPIRED = 'This confirmation link has expired. Log in to My applications to get a new one.';
const TAKEN = 'An applicant account with this email already exists. Please log in.';
const RESET_DONE = 'Your password has been reset. Please log in with your new password.';

const applicantAuth = requireAuth('applicant', { header: 'x-applicant-token' });
const applicantName = (db: Db) => async (id: string) => (await findApplicant(db, id))?.fullName ?? null;

/**
 * Job-applicant accounts. The spec gives applicants no code step (register answers with a token
 * and the modal goes straight to login), so applicant accounts are created able to sign in; a
 * confirmation e-mail follows, and until its link is clicked their applications are held (not
 * forwarded to employers) and marked so for staff. An unconfirmed account is nobody's to keep
 *: registering its address again starts a new registration in its place.
 */
export const jobApplicantsRouter = new Hono<AppEnv>()
  .post('/register', validate('json', applicantRegisterSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.var.db;
    await c.var.limiter.flood('applicant', input.email);
    await c.var.limiter.rule(
      'applicant',
      REQUEST_RULES.register,
      input.email,
      (wait) => `Too many registrations. Please try again in ${wait}.`,
    );
    await assertNotCommon(input.password);
    const email = normalizeEmail(input.email);
    // The address is a person's (a student or partner too, people.ts): they sign in, not register.
    if (await findPerson(db, email)) throw new HTTPException(409, { message: TAKEN });
    const earlier = await findApplicantByEmail(db, input.email);
    if (earlier?.emailConfirmedAt) throw new HTTPException(409, { message: TAKEN });
    const applicant = {
      id: crypto.randomUUID(),
      fullName: input.fullName,
      email,
      phone: input.phone,
      passwordHash: await hashPassword(input.password),
      isVerified: true,
    };
    const resumes = earlier ? await heldResumeKeys(db, earlier.id) : [];
    try {
      if (earlier) await batch(db, replaceApplicantStatements(db, earlier.id, applicant));
      else await insertApplicant(db, applicant);
    } catch (error) {
      // Two registrations racing for one e-mail, or the earlier one confirmed meanwhile: the unique index decides.
      if (isUniqueViolation(error)) throw new HTTPException(409, { message: TAKEN });
      throw error;
    }
    // The earlier registration's CVs (its rows are gone; the daily sweep would remove them too).
    if (resumes.length) await c.env.FILES.delete(resumes).catch(() => undefined);
    // The e-mail goes out after the answer: registration never waits on (or fails with) the mail provider.
    const mail = afterResponse(c, sendConfirmation(db, c.var.mailer, confirmationSettings(c.env), applicant));
    if (mail) await mail;
    return c.json(
      {
        success: true,
        message: 'Registration successful! Please login to continue.',
        token: await startDoorSession(c, 'applicant', applicant.id),
      } satisfies ApplicantSignedInResponse,
      201,
    );
  })
  .post('/login', validate('json', applicantLoginSchema), async (c) => {
    const signedIn = await doorSignIn(c, 'applicant', c.req.valid('json'), applicantName(c.var.db));
    if ('refusal' in signedIn)
      return c.json(signedIn.refusal.body satisfies FailureResponse, signedIn.refusal.status);
    return c.json({
      success: true,
      message: 'Login successful',
      token: signedIn.token,
    } satisfies ApplicantSignedInResponse);
  })
  // The students' reset (schemas/users.ts: same rules and messages), for job seekers. The code
  // proves the mailbox, so the address is confirmed too; applications held until now were made by
  // whoever knew the old password (perhaps not this person), so they are withdrawn, never passed on
  // under this address. Every session ends (resetPassword).
  .route(
    '/',
    passwordResetRoutes('applicant', {
      forgotSchema: forgotPasswordSchema,
      resetSchema: resetPasswordSchema,
      read: ({ email, otp, password }) => ({ email, code: otp, password }),
      name: applicantName,
      also: (db, id) => [...withdrawHeldStatements(db, id), confirmApplicantStatement(db, id)],
      done: ([, withdrawn]) => {
        const count = withdrawn?.meta.changes ?? 0;
        return count
          ? `${RESET_DONE} Your e-mail address is confirmed. ${count} application${count === 1 ? '' : 's'} made before it was confirmed ${count === 1 ? 'was' : 'were'} withdrawn: apply again to send ${count === 1 ? 'it' : 'them'}.`
          : RESET_DONE;
      },
    }),
  )
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
    return c.json(profile satisfies ApplicantProfile);
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
            'Thank you: your e-mail address is confirmed. Your applications are on their way to the employers. Sign in again to follow them in My applications.',
          email: applicant.email,
        }
      : {
          success: true,
          status: 'already-confirmed',
          message: 'Your e-mail address is already confirmed. There is nothing more to do.',
          email: applicant.email,
        };
    return c.json(body satisfies ApplicantConfirmResponse);
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
    await sendConfirmation(c.var.db, c.var.mailer, confirmationSettings(c.env), applicant);
    return c.json({
      success: true,
      message: `We sent a new confirmation link to ${applicant.email}.`,
    } satisfies MessageResponse);
  })
  .get('/applications', applicantAuth, async (c) => {
    return c.json((await listApplicationsOf(c.var.db, c.var.auth.sub)) satisfies MyJobApplicationsResponse);
  });
