import type { Context } from 'hono';

/**
 * Runs work after the response is sent (`executionCtx.waitUntil`), so the answer's timing does not
 * depend on it. Without an execution context (a test calling `app.request` without one) the work
 * still runs, detached; its failure is the work's own business (it must catch what it cares about).
 */
export function afterResponse(c: Context, work: Promise<unknown>) {
  const settled = work.catch(() => undefined);
  try {
    c.executionCtx.waitUntil(settled);
  } catch {
    void settled;
  }
}
