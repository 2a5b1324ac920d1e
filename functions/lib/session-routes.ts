import { Hono, type MiddlewareHandler } from 'hono';
import type { AccountType } from '#db/schema/index.ts';
import { SIGNED_OUT_EVERYWHERE_MESSAGE, SIGNED_OUT_MESSAGE } from '#schemas/sessions.ts';
import type { SignOutResponse } from '#schemas/responses.ts';
import { endAllSessions, endSession } from '#db/queries/sessions.ts';
import type { AppEnv } from './app-env.ts';

/**
 * `POST /logout` and `POST /logout-all` for one account type, mounted inside that type's router
 * (schemas/sessions.ts has the full paths). Both need a live session, so an already ended token
 * gets the usual 401 (the browser clears its storage either way).
 */
export function sessionRoutes(type: AccountType, auth: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .post('/logout', auth, async (c) => {
      const { sub, sid } = c.var.auth;
      await endSession(c.var.db, type, sub, sid);
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true, message: SIGNED_OUT_MESSAGE, ended: 1 } satisfies SignOutResponse);
    })
    .post('/logout-all', auth, async (c) => {
      const ended = await endAllSessions(c.var.db, type, c.var.auth.sub);
      c.header('Cache-Control', 'no-store');
      return c.json({
        success: true,
        message: SIGNED_OUT_EVERYWHERE_MESSAGE,
        ended,
      } satisfies SignOutResponse);
    });
}
