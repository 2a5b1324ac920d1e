import { studentSession } from '#site/lib/session.ts';
import { failureMessage } from './messages.ts';

/** Runs a profile action: 'Please login again' without a token, else the server's message or the default. */
export async function runAction<T>(
  action: () => Promise<T>,
  fallback: string,
): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  if (!studentSession.getToken()) return { ok: false, message: 'Please login again' };
  try {
    return { ok: true, value: await action() };
  } catch (error) {
    return { ok: false, message: failureMessage(error, fallback) };
  }
}
