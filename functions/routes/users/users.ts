import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { validate } from '#functions/lib/validate.ts';
import { createFactory } from 'hono/factory';
import { requireAuth } from '#functions/middleware/auth.ts';
import type { FailureResponse, MessageResponse } from '#schemas/responses.ts';
import {
  DOCUMENT_TYPE_MESSAGE,
  checkEmailSchema,
  documentUploadSchema,
  educationSchema,
  forgotPasswordSchema,
  languageSchema,
  loginSchema,
  profileQuery,
  profileDetailsSchema,
  CONTACT_NUMBER_TAKEN,
  PROFILE_SAVED,
  recordIdParam,
  registerSchema,
  resendOtpSchema,
  resetPasswordSchema,
  verifyOtpSchema,
  type CheckEmailResponse,
  type DocumentUploadedResponse,
  type EducationSavedResponse,
  type LanguageSavedResponse,
  type LoginResponse,
  type ProfileResponse,
  type RegisterResponse,
} from '#schemas/users.ts';
import { findCredentials, isExpiredUnverified } from '#functions/services/accounts/accounts.ts';
import {
  sendRegistrationCode,
  sendVerificationCode,
  verifyAccount,
} from '#functions/services/accounts/account-codes.ts';
import { passwordResetRoutes } from '#functions/lib/password-reset-routes.ts';
import { assertNotCommon } from '#functions/services/security/common-passwords.ts';
import { checkUpload, downloadResponse, storeFile } from '#functions/services/files/files.ts';
import { uploadBodyLimit } from '#functions/middleware/body-limit.ts';
import { doorSignIn } from '#functions/lib/sign-in.ts';
import { sessionRoutes } from '#functions/lib/session-routes.ts';
import { privacyRoutes } from '#functions/lib/privacy-routes.ts';
import { isUniqueViolation } from '#functions/services/db-errors.ts';
import { register } from '#functions/services/accounts/registration.ts';
import { storeArrival } from '#db/queries/arrivals.ts';
import { ARRIVAL_HEADER, parseArrival } from '#schemas/arrival.ts';
import { REQUEST_RULES } from '#functions/middleware/rate-limit.ts';
import {
  deleteDocument,
  deleteEducation,
  deleteLanguage,
  findDocument,
  findStudent,
  insertDocument,
  insertEducation,
  insertLanguage,
  loadProfile,
  toDocument,
  toEducation,
  toLanguage,
  updateEducation,
  updateLanguage,
  updateStudentDetails,
} from '#db/queries/students.ts';

export const DUPLICATE_MESSAGE =
  'This email or phone number is already registered. Please use a different one.';
export const ACCOUNT_NOT_FOUND = 'Account not found. Please register again.';

const tooMany = (wait: string) => `Too many requests. Please try again in ${wait}.`;

/** A registration waiting for verification; one past its 24 hours counts as gone (registration.ts). */
async function findPending(c: Context<AppEnv>, id: string) {
  const user = await findStudent(c.var.db, id);
  if (!user || isExpiredUnverified(user)) throw new HTTPException(404, { message: ACCOUNT_NOT_FOUND });
  return user;
}

const auth = requireAuth('student');
const factory = createFactory<AppEnv>();

// Each registration is its own: registering an address whose account is unverified adds a
// registration with its own id, code and password, and cancels nobody's (registration.ts).
const registerHandlers = factory.createHandlers(validate('json', registerSchema), async (c) => {
  const { email, password, ...details } = c.req.valid('json');
  await c.var.limiter.flood('student', email);
  await c.var.limiter.rule('student', REQUEST_RULES.register, email, tooMany);
  await assertNotCommon(password);
  const result = await register(c.var.db, 'student', { email, password, details });
  if (result.kind === 'taken') throw new HTTPException(409, { message: DUPLICATE_MESSAGE });
  let message = 'Registration successful. We have e-mailed you a 6-digit code.';
  try {
    await sendRegistrationCode(c.var.db, c.var.mailer, { ...result, name: details.fullName });
  } catch (error) {
    // The registration exists: the person continues on the code step and resends.
    console.error('verification e-mail failed', error);
    message = 'Registration successful, but we could not send the code. Please use Resend OTP.';
  }
  return c.json({ success: true, userId: result.id, message } satisfies RegisterResponse, 201);
});

/**
 * Student accounts (spec 2, student area): registration with e-mailed codes, login, password
 * reset, and the profile with its education, documents and language qualifications. Every record
 * route is scoped to the token's account: another student's id answers 404.
 */
export const usersRouter = new Hono<AppEnv>()
  .post('/login', validate('json', loginSchema), async (c) => {
    const signedIn = await doorSignIn(c, 'student', c.req.valid('json'), async (id) => {
      return (await findStudent(c.var.db, id))?.fullName ?? null;
    });
    if ('refusal' in signedIn)
      return c.json(signedIn.refusal.body satisfies FailureResponse, signedIn.refusal.status);
    const user = (await findStudent(c.var.db, signedIn.accountId))!;
    return c.json({
      success: true,
      message: 'Login successful',
      token: signedIn.token,
      user: { id: user.id, fullName: user.fullName, email: user.email, role: user.role },
    } satisfies LoginResponse);
  })
  .post('/check-email', validate('json', checkEmailSchema), async (c) => {
    await c.var.limiter.rule('student', REQUEST_RULES.checkEmail, undefined, tooMany);
    // The verified account, else the newest live registration (accounts.ts findCredentials).
    const account = await findCredentials(c.var.db, 'student', { email: c.req.valid('json').email });
    // A registration is complete once its e-mail is verified (every field is required up front).
    // No id, ever: a registration's id is its registrant's alone; an unverified
    // address is simply registered again, as a registration of its own (decision record 004).
    const body: CheckEmailResponse = account
      ? { exists: true, userId: null, isComplete: account.isVerified, isVerified: account.isVerified }
      : { exists: false, userId: null, isComplete: false, isVerified: false };
    return c.json(body satisfies CheckEmailResponse);
  })
  // The spec's path has a trailing slash; accept both spellings.
  .post('/register/', ...registerHandlers)
  .post('/register', ...registerHandlers)
  .post('/verify-otp', validate('json', verifyOtpSchema), async (c) => {
    const { userId, otp } = c.req.valid('json');
    await c.var.limiter.flood('student', userId);
    const user = await findStudent(c.var.db, userId);
    if (!user || isExpiredUnverified(user)) {
      // An unknown id costs the address a try too, as a known one does below: ids cannot be swept.
      const { name, perAddress } = REQUEST_RULES.verify;
      await c.var.limiter.perAddress({ name: `student-${name}-address`, ...perAddress }, tooMany);
      throw new HTTPException(404, { message: ACCOUNT_NOT_FOUND });
    }
    // Counted per e-mail address, across all its registrations and their resends (each registration
    // of an address would otherwise bring its own tries); past the limit, only a registration's
    // first try is judged, so a guesser's new registrations or addresses buy little.
    const { first } = await c.var.limiter.gate('student', REQUEST_RULES.verify, user.email, tooMany, userId);
    if (user.isVerified)
      return c.json({
        success: true,
        message: 'Your account is already verified. Please log in.',
      } satisfies MessageResponse);
    await verifyAccount(c.var.db, 'student', user, otp, { firstTry: first });
    // Where the visit came from, kept once the registration is an account (one never completed counts nowhere).
    await storeArrival(c.var.db, 'student', user.id, parseArrival(c.req.header(ARRIVAL_HEADER)));
    return c.json({
      success: true,
      message: 'Account verified successfully! Redirecting to login...',
    } satisfies MessageResponse);
  })
  .post('/resend-otp', validate('json', resendOtpSchema), async (c) => {
    const { userId } = c.req.valid('json');
    await c.var.limiter.rule('student', REQUEST_RULES.resend, userId, tooMany);
    const user = await findPending(c, userId);
    if (user.isVerified)
      throw new HTTPException(400, { message: 'This account is already verified. Please log in.' });
    // A new code for this registration alone, bound to its own details (its earlier codes go).
    await sendVerificationCode(c.var.db, c.var.mailer, 'student', {
      id: user.id,
      email: user.email,
      name: user.fullName,
    });
    return c.json({ success: true, message: 'OTP has been resent to your email' } satisfies MessageResponse);
  })
  .route(
    '/',
    passwordResetRoutes('student', {
      forgotSchema: forgotPasswordSchema,
      resetSchema: resetPasswordSchema,
      read: ({ email, otp, password }) => ({ email, code: otp, password }),
      name: (db) => async (id) => (await findStudent(db, id))?.fullName ?? null,
      done: () => 'Your password has been reset. Please log in with your new password.',
    }),
  )
  .route('/', sessionRoutes('student', auth))
  .route('/', privacyRoutes('student', auth))
  .get('/profile', auth, validate('query', profileQuery), async (c) => {
    const user = await loadProfile(c.var.db, c.var.auth.sub);
    if (!user) throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, user, debug: config(c.env).isDevelopment } satisfies ProfileResponse);
  })
  .put('/profile', auth, validate('json', profileDetailsSchema), async (c) => {
    try {
      if (!(await updateStudentDetails(c.var.db, c.var.auth.sub, c.req.valid('json'))))
        throw new HTTPException(401, { message: 'Your session is not valid. Please log in again.' });
    } catch (error) {
      // The partial unique index: a verified student already holds that number.
      if (isUniqueViolation(error)) throw new HTTPException(409, { message: CONTACT_NUMBER_TAKEN });
      throw error;
    }
    return c.json({ success: true, message: PROFILE_SAVED } satisfies MessageResponse);
  })
  .post('/education', auth, validate('json', educationSchema), async (c) => {
    const { _id, ...fields } = c.req.valid('json');
    const userId = c.var.auth.sub;
    if (_id) {
      const row = await updateEducation(c.var.db, userId, _id, fields);
      if (!row) throw new HTTPException(404, { message: 'Education record not found' });
      return c.json({
        success: true,
        message: 'Education information updated successfully',
        education: toEducation(row),
      } satisfies EducationSavedResponse);
    }
    const row = await insertEducation(c.var.db, userId, fields);
    return c.json(
      {
        success: true,
        message: 'Education information added successfully',
        education: toEducation(row),
      } satisfies EducationSavedResponse,
      201,
    );
  })
  .delete('/education/:id', auth, validate('param', recordIdParam), async (c) => {
    if (!(await deleteEducation(c.var.db, c.var.auth.sub, c.req.valid('param').id)))
      throw new HTTPException(404, { message: 'Education record not found' });
    return c.json({
      success: true,
      message: 'Education information deleted successfully',
    } satisfies MessageResponse);
  })
  .post('/language', auth, validate('json', languageSchema), async (c) => {
    const { _id, qualification } = c.req.valid('json');
    const userId = c.var.auth.sub;
    if (_id) {
      const row = await updateLanguage(c.var.db, userId, _id, qualification);
      if (!row) throw new HTTPException(404, { message: 'Language qualification not found' });
      return c.json({
        success: true,
        message: 'Language qualification updated successfully',
        language: toLanguage(row),
      } satisfies LanguageSavedResponse);
    }
    const row = await insertLanguage(c.var.db, userId, qualification);
    return c.json(
      {
        success: true,
        message: 'Language qualification added successfully',
        language: toLanguage(row),
      } satisfies LanguageSavedResponse,
      201,
    );
  })
  .delete('/language/:id', auth, validate('param', recordIdParam), async (c) => {
    if (!(await deleteLanguage(c.var.db, c.var.auth.sub, c.req.valid('param').id)))
      throw new HTTPException(404, { message: 'Language qualification not found' });
    return c.json({
      success: true,
      message: 'Language qualification deleted successfully',
    } satisfies MessageResponse);
  })
  .post('/document', auth, uploadBodyLimit, validate('form', documentUploadSchema), async (c) => {
    const { document, documentType } = c.req.valid('form');
    const userId = c.var.auth.sub;
    const file = await checkUpload(document, ['pdf', 'doc', 'docx', 'jpg', 'png'], DOCUMENT_TYPE_MESSAGE);
    const key = await storeFile(c.env.FILES, `documents/${userId}`, file);
    let row;
    try {
      row = await insertDocument(c.var.db, {
        userId,
        documentType,
        objectKey: key,
        originalName: file.name,
        contentType: file.contentType,
        size: file.size,
      });
    } catch (error) {
      // The row failed (D1 down): remove the stored object so no file is left without its row.
      await c.env.FILES.delete(key).catch(() => undefined);
      throw error;
    }
    return c.json(
      {
        success: true,
        message: 'Document uploaded successfully',
        document: toDocument(row),
      } satisfies DocumentUploadedResponse,
      201,
    );
  })
  .get('/document/:id', auth, validate('param', recordIdParam), async (c) => {
    const row = await findDocument(c.var.db, c.var.auth.sub, c.req.valid('param').id);
    if (!row) throw new HTTPException(404, { message: 'Document not found' });
    return downloadResponse(c.env.FILES, row.objectKey, row.originalName);
  })
  .delete('/document/:id', auth, validate('param', recordIdParam), async (c) => {
    const objectKey = await deleteDocument(c.var.db, c.var.auth.sub, c.req.valid('param').id);
    if (!objectKey) throw new HTTPException(404, { message: 'Document not found' });
    await c.env.FILES.delete(objectKey);
    return c.json({ success: true, message: 'Document deleted successfully' } satisfies MessageResponse);
  });
