import type { Context } from 'hono';

/**
 * Runs work after the response is sent (`executionCtx.waitUntil`), so the answer's timing does not
 * depend on it. A failure of the work is swallowed here (the work must catch and log what it cares
 * about). Without an execution context (a test calling `app.request` without one) there is no
 * "after": the settled work is returned, for a caller that must finish it before answering.
 */
export function afterResponse(c: Context, work: Promise<unknown>): Promise<unknown> | undefined {
  const settled = work.catch(() => undefined);
  try {
    c.executionCtx.waitUntil(settled);
  } catch {
    return settled;
  }
  return undefined;
}
