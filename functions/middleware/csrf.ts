import type { Context } from 'hono';
import { csrf } from 'hono/csrf';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../lib/app-env.ts';

export const CROSS_SITE_MESSAGE = 'This request came from another site and was refused.';

/**
 * Hono's CSRF check on the back office's writes: a form-like write (form, multipart, text) must
 * come from the site's own origin (Origin header, or Sec-Fetch-Site: same-origin). JSON writes
 * need a CORS preflight that only the site passes (middleware/cors.ts), and the staff cookie is
 * SameSite=Strict besides. A refusal is the API's usual 403 JSON, not hono's plain-text one.
 */
const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

const check = csrf({
  origin: (origin, c: Context<AppEnv>) =>
    origin === originOf(c.req.url) || origin === originOf(c.env.SITE_URL),
});

export const staffCsrf = createMiddleware<AppEnv>(async (c, next) => {
  try {
    await check(c, async () => {});
  } catch (error) {
    if (error instanceof HTTPException) throw new HTTPException(403, { message: CROSS_SITE_MESSAGE });
    throw error;
  }
  await next();
});
