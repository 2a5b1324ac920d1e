import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';
import { configProblems } from '../lib/config.ts';
import type { ConfigProblem } from '#schemas/build.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '#schemas/errors.ts';
import type { FailureResponse } from '#schemas/responses.ts';

/** The one route a Worker refusing service still answers: it says what is wrong. */
const HEALTH_PATH = '/api/health';

// One check per isolate: a Worker's env is one object for the isolate's life (tests pass their own
// env objects, and each is checked on its own).
const checked = new WeakMap<Env, ConfigProblem[]>();
let logged = false;

/** The configuration check's findings for this env, computed on first use and logged once per isolate. */
export function checkedConfig(env: Env): ConfigProblem[] {
  let problems = checked.get(env);
  if (!problems) {
    problems = configProblems(env);
    checked.set(env, problems);
    // Names only: values are secrets. Workers Logs keeps this line.
    if (problems.length && !logged) {
      logged = true;
      console.error(
        JSON.stringify({
          level: 'error',
          type: 'config',
          message: 'The Worker is not configured for production',
          settings: problems.map((p) => p.setting),
        }),
      );
    }
  }
  return problems;
}

/** Whether a required secret is missing or weak: the Worker then serves nothing but its health check. */
export const refusesService = (env: Env) => checkedConfig(env).some((p) => p.blocking);

/**
 * Checks the configuration on the first request of each isolate. With a required secret missing or
 * weak in a deployed Worker (a `blocking` problem), every request but GET /api/health is answered
 * 503 with a generic message: nothing is served that could sign or trust a forged token or link.
 * Other problems (mail, example values) never block: health answers 503 naming them.
 */
export const configCheck = createMiddleware<AppEnv>(async (c, next) => {
  if (refusesService(c.env) && c.req.path.replace(/\/$/, '') !== HEALTH_PATH) {
    c.header('Cache-Control', 'no-store');
    c.header('Retry-After', '300');
    if (c.req.path.startsWith('/api/'))
      return c.json({ success: false, message: SERVICE_UNAVAILABLE_MESSAGE } satisfies FailureResponse, 503);
    return c.text(SERVICE_UNAVAILABLE_MESSAGE, 503);
  }
  await next();
});
