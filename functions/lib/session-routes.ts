import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AccountType } from '#db/schema/index.ts';
import { SIGNED_OUT_EVERYWHERE_MESSAGE, SIGNED_OUT_MESSAGE } from '#schemas/sessions.ts';
import type { MessageResponse, SignOutResponse } from '#schemas/responses.ts';
import {
  DEVICE_SIGNED_OUT,
  NO_SUCH_DEVICE,
  PASSWORD_CHANGED,
  WRONG_CURRENT_PASSWORD,
  EMAIL_CHANGED,
  EMAIL_CODE_SENT,
  NO_SUCH_ROLE,
  changeEmailSchema,
  confirmEmailChangeSchema,
  changePasswordSchema,
  sessionIdParam,
  switchRoleSchema,
  type DevicesResponse,
  type RolesResponse,
  type SwitchRoleResponse,
} from '#schemas/account-settings.ts';
import { personOfRole, rolesOf } from '#db/queries/people.ts';
import { startSession } from '../services/accounts/sessions.ts';
import { config } from './config.ts';
import { challengeFor, clearChallenge, readChallenge } from './code-challenges.ts';
import { confirmEmailChange, requestEmailChange } from '../services/accounts/email-change.ts';
import { deviceLabel } from './device-label.ts';
import { batch } from '#db/batch.ts';
import { passwordChangeStatement } from '#db/queries/accounts.ts';
import {
  endAllSessions,
  endOtherSessionsStatement,
  endSession,
  liveSessionsOf,
} from '#db/queries/sessions.ts';
import { sessionCredentials } from '../services/accounts/accounts.ts';
import { assertNotCommon } from '../services/security/common-passwords.ts';
import { hashPassword, verifyPassword } from '../services/security/passwords.ts';
import { REQUEST_RULES } from '../middleware/rate-limit.ts';
import type { AppEnv } from './app-env.ts';
import { validate } from './validate.ts';

const SESSION_GONE = 'Your session is not valid. Please log in again.';
const CONFIRM_FIRST = 'Please confirm your e-mail address first, with the link we sent you.';
const tooMany = (wait: string) => `Too many tries. Please try again in ${wait}.`;

/**
 * A signed-in person's sessions and password, for one account type, mounted inside that type's
 * router (schemas/sessions.ts and schemas/account-settings.ts have the full paths): sign out here
 * (`POST /logout`) or everywhere (`POST /logout-all`), the list of signed-in devices
 * (`GET /sessions`), signing one of them out (`DELETE /sessions/:id`), and changing the password
 * (`POST /change-password`), which signs every other device out. Each needs a live session, so an
 * already ended token gets the usual 401 (the browser clears its storage either way). For a person
 * (people.ts), the devices and sessions are theirs at every door, and `GET /roles` and
 * `POST /switch` move between their roles (student, partner, job seeker) without the password again:
 * the session they hold is the proof.
 */
export function sessionRoutes(type: AccountType, auth: MiddlewareHandler<AppEnv>) {
  /**
   * Whose sessions these routes act on: the person the session signs in, at every door (at a
   * partner organisation's door, the member who signed in, not the organisation's owner), else the
   * account itself (staff, a role row with no person yet).
   */
  const holder = (c: Context<AppEnv>) =>
    c.var.sessionPerson
      ? ({ type: 'person', id: c.var.sessionPerson } as const)
      : ({ type, id: c.var.auth.sub } as const);
  const account = (c: Context<AppEnv>) =>
    sessionCredentials(c.var.db, type, c.var.auth.sub, c.var.sessionPerson);
  return new Hono<AppEnv>()
    .post('/logout', auth, async (c) => {
      const { type: holderType, id } = holder(c);
      await endSession(c.var.db, holderType, id, c.var.auth.sid);
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true, message: SIGNED_OUT_MESSAGE, ended: 1 } satisfies SignOutResponse);
    })
    .post('/logout-all', auth, async (c) => {
      const { type: holderType, id } = holder(c);
      const ended = await endAllSessions(c.var.db, holderType, id);
      c.header('Cache-Control', 'no-store');
      return c.json({
        success: true,
        message: SIGNED_OUT_EVERYWHERE_MESSAGE,
        ended,
      } satisfies SignOutResponse);
    })
    .get('/sessions', auth, async (c) => {
      const { type: holderType, id } = holder(c);
      const rows = await liveSessionsOf(c.var.db, holderType, id);
      c.header('Cache-Control', 'no-store');
      return c.json({
        success: true,
        devices: rows.map((row) => ({
          id: row.id,
          device: row.device ?? 'Unknown browser',
          signedInAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          current: row.id === c.var.auth.sid,
        })),
      } satisfies DevicesResponse);
    })
    .delete('/sessions/:id', auth, validate('param', sessionIdParam), async (c) => {
      // Another account's session id is answered as one that has ended: nothing to tell apart.
      const { type: holderType, id } = holder(c);
      if (!(await endSession(c.var.db, holderType, id, c.req.valid('param').id)))
        throw new HTTPException(404, { message: NO_SUCH_DEVICE });
      return c.json({ success: true, message: DEVICE_SIGNED_OUT } satisfies MessageResponse);
    })
    .get('/roles', auth, async (c) => {
      const personId =
        c.var.sessionPerson ??
        (type === 'staff' ? undefined : await personOfRole(c.var.db, type, c.var.auth.sub));
      const held = personId ? await rolesOf(c.var.db, personId) : { [type]: c.var.auth.sub };
      c.header('Cache-Control', 'no-store');
      return c.json({
        success: true,
        roles: { student: !!held.student, partner: !!held.partner, applicant: !!held.applicant },
      } satisfies RolesResponse);
    })
    .post('/switch', auth, validate('json', switchRoleSchema), async (c) => {
      const { to } = c.req.valid('json');
      const personId =
        c.var.sessionPerson ??
        (type === 'staff' ? undefined : await personOfRole(c.var.db, type, c.var.auth.sub));
      const target = personId ? (await rolesOf(c.var.db, personId))[to] : undefined;
      if (!target) throw new HTTPException(404, { message: NO_SUCH_ROLE });
      const token = await startSession(c.var.db, config(c.env), {
        sub: target,
        aud: to,
        role: to,
        remember: c.var.auth.remember,
        device: deviceLabel(c.req.header('User-Agent')),
        personId,
      });
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true, token } satisfies SwitchRoleResponse);
    })
    .post('/change-email', auth, validate('json', changeEmailSchema), async (c) => {
      const { newEmail, password } = c.req.valid('json');
      const { sub } = c.var.auth;
      await c.var.limiter.rule(type, REQUEST_RULES.changePassword, sub, tooMany);
      const signedIn = await account(c);
      if (!signedIn) throw new HTTPException(401, { message: SESSION_GONE });
      if (!signedIn.personId) throw new HTTPException(403, { message: CONFIRM_FIRST });
      if (!(await verifyPassword(password, signedIn.passwordHash)))
        throw new HTTPException(400, { message: WRONG_CURRENT_PASSWORD });
      const address = await requestEmailChange(
        c.var.db,
        c.var.mailer,
        { id: signedIn.personId, email: signedIn.email },
        newEmail,
        challengeFor(c, 'email-change'),
      );
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true, message: EMAIL_CODE_SENT(address) } satisfies MessageResponse);
    })
    .post('/change-email/confirm', auth, validate('json', confirmEmailChangeSchema), async (c) => {
      const { sid } = c.var.auth;
      const signedIn = await account(c);
      if (!signedIn) throw new HTTPException(401, { message: SESSION_GONE });
      if (!signedIn.personId) throw new HTTPException(403, { message: CONFIRM_FIRST });
      const { tokenSecret, tokenIssuer, siteUrl } = config(c.env);
      const address = await confirmEmailChange(
        c.var.db,
        c.var.mailer,
        { tokenSecret, tokenIssuer, siteUrl },
        {
          type: 'person',
          id: signedIn.personId,
          sid,
          person: { id: signedIn.personId, email: signedIn.email },
        },
        c.req.valid('json').code,
        readChallenge(c, 'email-change'),
      );
      clearChallenge(c, 'email-change');
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true, message: EMAIL_CHANGED(address) } satisfies MessageResponse);
    })
    .post('/change-password', auth, validate('json', changePasswordSchema), async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json');
      const { sub, sid } = c.var.auth;
      await c.var.limiter.rule(
        type,
        REQUEST_RULES.changePassword,
        sub,
        (wait) => `Too many tries. Please try again in ${wait}.`,
      );
      const signedIn = await account(c);
      if (!signedIn) throw new HTTPException(401, { message: SESSION_GONE });
      if (!(await verifyPassword(currentPassword, signedIn.passwordHash)))
        throw new HTTPException(400, { message: WRONG_CURRENT_PASSWORD });
      await assertNotCommon(newPassword);
      const hash = await hashPassword(newPassword);
      // One batch: the new password, and every other device signed out (this one stays signed in).
      const [changed] = await batch(c.var.db, [
        passwordChangeStatement(
          c.var.db,
          { type, id: sub, personId: signedIn.personId },
          signedIn.passwordHash,
          hash,
        ),
        endOtherSessionsStatement(c.var.db, holder(c).type, holder(c).id, sid),
      ]);
      if (!changed?.meta.changes)
        throw new HTTPException(409, {
          message: 'Your password was changed somewhere else just now. Please sign in again.',
        });
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true, message: PASSWORD_CHANGED } satisfies MessageResponse);
    });
}
