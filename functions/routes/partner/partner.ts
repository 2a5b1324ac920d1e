import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { requireAuth } from '#functions/middleware/auth.ts';
import {
  findPartner,
  listOwnPartnerRequests,
  updatePartnerProfile,
  type PartnerRow,
} from '#db/queries/partners.ts';
import type { Db } from '#db/client.ts';
import type { FailureResponse, MessageResponse } from '#schemas/responses.ts';
import type {
  PartnerLoginResponse,
  PartnerProfileResponse,
  PartnerProfileSavedResponse,
  PartnerRegisterResponse,
  PartnerRequestsResponse,
} from '#schemas/partner.ts';
import {
  partnerEmailSchema,
  partnerLoginSchema,
  partnerProfileUpdateSchema,
  partnerRegisterSchema,
  partnerResendSchema,
  partnerResetSchema,
  partnerVerifySchema,
  type PartnerDto,
} from '#schemas/partner.ts';
import { findCredentials } from '#functions/services/accounts/accounts.ts';
import {
  resendVerificationQuietly,
  sendRegistrationCode,
  verifyByEmail,
} from '#functions/services/accounts/account-codes.ts';
import { passwordResetRoutes } from '#functions/lib/password-reset-routes.ts';
import { challengeFor, clearChallenge, readChallenge } from '#functions/lib/code-challenges.ts';
import { assertNotCommon } from '#functions/services/security/common-passwords.ts';
import { doorSignIn } from '#functions/lib/sign-in.ts';
import { afterResponse } from '#functions/lib/after-response.ts';
import { sessionRoutes } from '#functions/lib/session-routes.ts';
import { privacyRoutes } from '#functions/lib/privacy-routes.ts';
import { register } from '#functions/services/accounts/registration.ts';
import { currentPartner } from '#functions/services/accounts/partners.ts';
import { REQUEST_RULES } from '#functions/middleware/rate-limit.ts';
import { partnerMembersRoutes } from './members.ts';

/** The partner as the dashboard reads it; `email` and `contactNumber` are the spec's alternatives. */
export function partnerDto(p: PartnerRow): PartnerDto {
  return {
    _id: p.id,
    id: p.id,
    companyName: p.companyName,
    companyHQ: p.companyHQ,
    ownerFirstName: p.ownerFirstName,
    ownerLastName: p.ownerLastName,
    ownerEmail: p.email,
    email: p.email,
    ownerPhoneNumber: p.ownerPhoneNumber,
    contactNumber: p.ownerPhoneNumber,
    ownerDesignation: p.ownerDesignation,
    ownerNationality: p.ownerNationality,
    contactFirstName: p.contactFirstName,
    contactLastName: p.contactLastName,
    contactDesignation: p.contactDesignation,
    contactPhoneNumber: p.contactPhoneNumber,
    contactEmail: p.contactEmail,
    isVerified: p.isVerified,
    approvalStatus: p.approvalStatus,
    createdAt: p.createdAt.toISOString(),
  };
}

const ALREADY_VERIFIED = 'Your account is already verified. Please log in.';
const TAKEN = 'A partner account with this email already exists. Please log in, or use a different email.';
const tooMany = (wait: string) => `Too many requests. Please try again in ${wait}.`;
const partnerName = (db: Db) => async (id: string) => (await findPartner(db, id))?.ownerFirstName ?? null;

/** The partner area (spec 2 section 7): account, verification, login, password reset, profile, own requests. */
export const partner = new Hono<AppEnv>()
  .post('/register', validate('json', partnerRegisterSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.var.db;
    const { ownerEmail, password, ...details } = input;
    await c.var.limiter.flood('partner', ownerEmail);
    await c.var.limiter.rule(
      'partner',
      REQUEST_RULES.register,
      ownerEmail,
      (wait) => `Too many registrations. Please try again in ${wait}.`,
    );
    await assertNotCommon(password);
    // A registration of its own, even for an address with unverified ones: it cancels nobody's (registration.ts).
    const result = await register(db, 'partner', {
      email: ownerEmail,
      password,
      details,
      challenge: challengeFor(c, 'verify'),
    });
    if (result.kind === 'taken') throw new HTTPException(409, { message: TAKEN });
    await sendRegistrationCode(db, c.var.mailer, { ...result, name: input.ownerFirstName });
    const id = result.id;
    return c.json(
      {
        success: true,
        message: 'Registration successful! We have e-mailed you a 6-digit verification code.',
        data: { _id: id, ownerEmail, ownerPhoneNumber: input.ownerPhoneNumber },
      } satisfies PartnerRegisterResponse,
      201,
    );
  })
  // Verify and resend name the account by e-mail, so an unknown e-mail is answered exactly as one
  // with an unverified account (same status, body and work before the answer): no enumeration.
  .post('/verify-otp', validate('json', partnerVerifySchema), async (c) => {
    const { email, otp } = c.req.valid('json');
    await c.var.limiter.flood('partner', email);
    const challenge = readChallenge(c, 'verify');
    const { first } = await c.var.limiter.gate(
      'partner',
      REQUEST_RULES.verify,
      email,
      tooMany,
      challenge ?? 'none',
    );
    const found = await findCredentials(c.var.db, 'partner', { email });
    if (found?.isVerified)
      return c.json({ success: true, message: ALREADY_VERIFIED } satisfies MessageResponse);
    // The registration this browser asked a code for (an unknown e-mail: the same answer).
    await verifyByEmail(c.var.db, 'partner', email, otp, { firstTry: first, challenge });
    clearChallenge(c, 'verify');
    return c.json({
      success: true,
      message: 'Account verified successfully! Redirecting to login...',
    } satisfies MessageResponse);
  })
  .post('/resend-otp', validate('json', partnerResendSchema), async (c) => {
    const { email, registrationId } = c.req.valid('json');
    const db = c.var.db;
    await c.var.limiter.rule('partner', REQUEST_RULES.resend, email, tooMany);
    const outcome = await resendVerificationQuietly(
      db,
      c.var.mailer,
      'partner',
      email,
      registrationId,
      challengeFor(c, 'verify'),
      partnerName(db),
      (work) => afterResponse(c, work),
    );
    if (outcome === 'verified') throw new HTTPException(400, { message: ALREADY_VERIFIED });
    return c.json({ success: true, message: 'OTP has been resent to your email' } satisfies MessageResponse);
  })
  .post('/login', validate('json', partnerLoginSchema), async (c) => {
    const db = c.var.db;
    const signedIn = await doorSignIn(c, 'partner', c.req.valid('json'), partnerName(db));
    if ('refusal' in signedIn)
      return c.json(signedIn.refusal.body satisfies FailureResponse, signedIn.refusal.status);
    const row = await currentPartner(db, signedIn.accountId);
    return c.json({
      success: true,
      message: 'Login successful',
      token: signedIn.token,
      partner: partnerDto(row),
    } satisfies PartnerLoginResponse);
  })
  .route(
    '/',
    passwordResetRoutes('partner', {
      forgotSchema: partnerEmailSchema,
      resetSchema: partnerResetSchema,
      read: (body) => body,
      name: partnerName,
      done: () => 'Your password has been reset. You can now log in.',
    }),
  )
  .route('/', sessionRoutes('partner', requireAuth('partner')))
  .route('/', privacyRoutes('partner', requireAuth('partner')))
  .route('/', partnerMembersRoutes)
  .get('/profile', requireAuth('partner'), async (c) => {
    const row = await currentPartner(c.var.db, c.var.auth.sub);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, partner: partnerDto(row) } satisfies PartnerProfileResponse);
  })
  .put('/profile', requireAuth('partner'), validate('json', partnerProfileUpdateSchema), async (c) => {
    const update = c.req.valid('json');
    const db = c.var.db;
    const id = c.var.auth.sub;
    // Only the listed profile fields: the schema drops the e-mail, password and verification or approval state.
    await updatePartnerProfile(db, id, update);
    const row = await currentPartner(db, id);
    return c.json({
      success: true,
      message: 'Profile updated successfully',
      partner: partnerDto(row),
    } satisfies PartnerProfileSavedResponse);
  })
  .get('/requests', requireAuth('partner'), async (c) => {
    const requests = await listOwnPartnerRequests(c.var.db, c.var.auth.sub);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, requests } satisfies PartnerRequestsResponse);
  });
