import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';
import { configProblems } from '../lib/config.ts';
import type { ConfigProblem } from '#schemas/build.ts';

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

/**
 * Checks the configuration on the first request of each isolate. It never blocks a request: the
 * public pages keep working, and GET /api/health answers 503 with what is wrong.
 */
export const configCheck = createMiddleware<AppEnv>(async (c, next) => {
  checkedConfig(c.env);
  await next();
});
