import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';

/**
 * Development only: `Server-Timing: worker;dur=…` on API responses, the time inside the Worker
 * (workerd's clock advances across I/O, so this is mostly D1). `npm run perf -- --scale` reads it
 * to tell the Worker's own latency from what wrangler dev's proxy adds.
 */
export const serverTiming = createMiddleware<AppEnv>(async (c, next) => {
  if (!config(c.env).isDevelopment) return next();
  const start = performance.now();
  await next();
  c.res.headers.append('Server-Timing', `worker;dur=${(performance.now() - start).toFixed(1)}`);
});
