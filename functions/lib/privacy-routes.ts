import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { findPerson } from '#db/queries/personal-data.ts';
import { lastTimelineVisit, markTimelineSeen, timelineOf } from '#db/queries/timelines.ts';
import {
  ERASED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  eraseSchema,
  type EraseResponse,
  type PersonType,
} from '#schemas/privacy.ts';
import type { TimelineResponse, TimelineSeenResponse } from '#schemas/timeline.ts';
import { REQUEST_RULES } from '../middleware/rate-limit.ts';
import { verifyPassword } from '../services/security/passwords.ts';
import { erasePerson, exportPersonalData } from '../services/privacy/personal-data.ts';
import { meetingsOnTimeline } from '../services/consultations/timeline.ts';
import { sessionCredentials } from '../services/accounts/accounts.ts';
import { leaveOrganisation, partnerRoleDeletion } from '../services/accounts/partner-members.ts';
import { findPartner } from '#db/queries/partners.ts';
import { LEFT_ORGANISATION } from '#schemas/partner-members.ts';
import type { AppEnv } from './app-env.ts';
import { validate } from './validate.ts';

/** A deletion asked with a session that has ended meanwhile (here and at DELETE /api/me). */
export const SESSION_GONE = 'Your session is not valid. Please log in again.';
export const tooMany = (wait: string) => `Too many requests. Please try again in ${wait}.`;

/** The export response: a streamed zip download that no cache keeps. */
export async function exportDownload(c: Context<AppEnv>, type: PersonType, id: string) {
  const person = await findPerson(c.var.db, type, id);
  if (!person) throw new HTTPException(404, { message: 'Account not found' });
  const { body, done, filename } = await exportPersonalData(c.var.db, c.env.FILES, person);
  // The archive is written while the client reads it; keep the Worker until it is.
  c.executionCtx.waitUntil(
    done.catch((error: unknown) =>
      console.error('export failed mid-stream', error instanceof Error ? error.message : error),
    ),
  );
  return new Response(body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * `GET /me/export`, `DELETE /me`, `GET /me/timeline` and `POST /me/timeline/seen` for one account
 * type, mounted inside that type's router (schemas/privacy.ts and schemas/timeline.ts have the full
 * paths). Every route acts on the token's own account only.
 */
export function privacyRoutes(type: PersonType, auth: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .get('/me/export', auth, async (c) => {
      await c.var.limiter.rule(
        type,
        REQUEST_RULES.export,
        c.var.auth.sub,
        (wait) =>
          `You have downloaded your data several times in a short while. Please try again in ${wait}.`,
      );
      return exportDownload(c, type, c.var.auth.sub);
    })
    .delete('/me', auth, validate('json', eraseSchema), async (c) => {
      const { sub } = c.var.auth;
      // Limited before the password is checked: deletion must not become a way to guess it.
      await c.var.limiter.rule(type, REQUEST_RULES.erase, sub, tooMany);
      const [credentials, person] = await Promise.all([
        sessionCredentials(c.var.db, type, sub, c.var.sessionPerson),
        findPerson(c.var.db, type, sub),
      ]);
      if (!credentials || !person) throw new HTTPException(401, { message: SESSION_GONE });
      // At a partner organisation's door: a member leaves it; its owner deletes it, only once no
      // one else is a member (409 until they hand it over or remove them).
      const partner = type === 'partner' ? await findPartner(c.var.db, sub) : undefined;
      const deletion = partner
        ? await partnerRoleDeletion(c.var.db, partner, c.var.sessionPerson)
        : ('erase' as const);
      // 400, not 401: the session is fine, only the confirmation failed (a 401 would sign the person out).
      if (!(await verifyPassword(c.req.valid('json').password, credentials.passwordHash)))
        throw new HTTPException(400, { message: WRONG_PASSWORD_MESSAGE });
      if (deletion === 'leave' && credentials.personId) {
        const removed = await leaveOrganisation(c.var.db, sub, credentials.personId);
        c.header('Cache-Control', 'no-store');
        return c.json({
          success: true,
          message: LEFT_ORGANISATION,
          removed,
          files: 0,
        } satisfies EraseResponse);
      }
      const result = await erasePerson(c.var.db, c.env.FILES, c.var.mailer, person, { staffId: null });
      c.header('Cache-Control', 'no-store');
      return c.json({
        success: true,
        message: ERASED_MESSAGE,
        removed: result.removed,
        files: result.files,
      } satisfies EraseResponse);
    })
    .get('/me/timeline', auth, async (c) => {
      const [items, lastVisit, meetings] = await Promise.all([
        timelineOf(c.var.db, type, c.var.auth.sub),
        lastTimelineVisit(c.var.db, type, c.var.auth.sub),
        meetingsOnTimeline(c.var.db, c.env, type, c.var.auth.sub, new Date()),
      ]);
      c.header('Cache-Control', 'no-store');
      return c.json({
        success: true,
        lastVisit: lastVisit?.toISOString() ?? null,
        items,
        meetings,
      } satisfies TimelineResponse);
    })
    .post('/me/timeline/seen', auth, async (c) => {
      const seenAt = await markTimelineSeen(c.var.db, type, c.var.auth.sub);
      return c.json({ success: true, seenAt: seenAt.toISOString() } satisfies TimelineSeenResponse);
    });
}
