import { studentSession } from '#site/lib/session.ts';
import { schemaFrom } from '#site/lib/api.ts';
import { usersContract } from './contract.ts';
import { failureMessage } from './messages.ts';

/** The `{ message }` answer of the profile's writes (checked in development only: contract.ts). */
export const messageResponse = schemaFrom(usersContract, 'messageResponse');

type ActionResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Runs a profile action: 'Please login again' without a token, else the server's message or the default. */
export async function runAction<T>(action: () => Promise<T>, fallback: string): Promise<ActionResult<T>> {
  if (!studentSession.getToken()) return { ok: false, message: 'Please login again' };
  try {
    return { ok: true, value: await action() };
  } catch (error) {
    return { ok: false, message: failureMessage(error, fallback) };
  }
}

/** What a panel says above its list. */
export type PanelNotice = { kind: 'success' | 'error'; text: string };

/** The notice after an action: the server's message, or why it failed. */
export const noticeOf = (result: ActionResult<{ message: string }>): PanelNotice =>
  result.ok ? { kind: 'success', text: result.value.message } : { kind: 'error', text: result.message };

/**
 * Deletes one of the person's records (an education record, a language, a document) once they
 * confirm `question`: the notice to show, or null when they said no.
 */
export async function deleteRecord(
  path: string,
  question: string,
  failure: string,
): Promise<PanelNotice | null> {
  if (!window.confirm(question)) return null;
  return noticeOf(
    await runAction(() => studentSession.call(path, { method: 'DELETE', schema: messageResponse }), failure),
  );
}
