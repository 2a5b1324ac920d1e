import { ApiError } from './api.ts';

/**
 * Whether a sign-in was answered "finish with the code we e-mailed you" (schemas/sign-in.ts: 401
 * with `codeRequired`): the form then shows a code field and sends the e-mail,
 * password and code again. Read without zod, which the sign-in pages load only on focus.
 */
export function asksForSignInCode(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  const body: unknown = error.body;
  return typeof body === 'object' && body !== null && 'codeRequired' in body && body.codeRequired === true;
}
