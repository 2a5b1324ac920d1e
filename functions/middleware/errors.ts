import type { ErrorHandler, NotFoundHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../lib/app-env.ts';
import { describeError, logLine } from '../lib/log.ts';
import { cfRay, routePattern } from './request-log.ts';
import { HTTPException } from 'hono/http-exception';
import type { FailureResponse } from '#schemas/responses.ts';
import { ValidationError } from '../lib/validate.ts';
import { MailNotSentError } from '../services/mail/mailer.ts';
import {
  Conflict,
  DomainError,
  Forbidden,
  Invalid,
  NotFound,
  TooLarge,
  TooMany,
  Unauthenticated,
  Unavailable,
  Unsupported,
} from '../services/errors.ts';

/** The one map from a service's domain error to its HTTP status (functions/services/errors.ts). */
export function statusOf(error: DomainError): ContentfulStatusCode {
  if (error instanceof Invalid) return 400;
  if (error instanceof Unauthenticated) return 401;
  if (error instanceof Forbidden) return 403;
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  if (error instanceof TooLarge) return 413;
  if (error instanceof Unsupported) return 415;
  if (error instanceof TooMany) return 429;
  if (error instanceof Unavailable) return 503;
  return 400;
}

/** Every failure is JSON `{ success: false, message }` (`failureResponse`, schemas/responses.ts); stacks never leave the Worker. */
export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof HTTPException) {
    const res = error.getResponse();
    // A 429 thrown as HTTPException with Retry-After on its response keeps the header.
    const retryAfter = res.headers.get('Retry-After');
    if (retryAfter) c.header('Retry-After', retryAfter);
    const body: FailureResponse = {
      success: false,
      message: error.message || res.statusText || 'Request failed',
    };
    if (error instanceof ValidationError && Object.keys(error.fields).length) body.fields = error.fields;
    return c.json(body satisfies FailureResponse, error.status);
  }
  if (error instanceof DomainError) {
    // A 429 says when to come back.
    if (error instanceof TooMany) c.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfter))));
    const body: FailureResponse = { success: false, message: error.message };
    return c.json(body satisfies FailureResponse, statusOf(error));
  }
  if (error instanceof MailNotSentError) {
    return c.json(
      {
        success: false,
        message: 'We could not send the e-mail right now. Please try again in a moment.',
      } satisfies FailureResponse,
      503,
    );
  }
  // One line with the request id, the route and the error's class and masked message: no stack
  // (it can quote values), no body, no query string (functions/lib/log.ts).
  logLine('error', {
    type: 'error',
    requestId: c.var.requestId,
    cfRay: cfRay(c),
    method: c.req.method,
    route: routePattern(c),
    ...describeError(error),
  });
  // A storage outage (D1 or R2 unreachable) is temporary: say so, and when to retry.
  if (isStorageFault(error)) {
    c.header('Retry-After', '5');
    return c.json(
      {
        success: false,
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      } satisfies FailureResponse,
      503,
    );
  }
  return c.json(
    {
      success: false,
      message: 'Something went wrong on our side. Please try again.',
    } satisfies FailureResponse,
    500,
  );
};

export const notFound: NotFoundHandler<AppEnv> = (c) => {
  // No route answered (a catch-all may have matched and passed): the request log says so.
  c.set('unmatched', true);
  return c.json(
    {
      success: false,
      message: `No API endpoint at ${c.req.method} ${new URL(c.req.url).pathname}`,
    } satisfies FailureResponse,
    404,
  );
};

/** True when the error (or one it wraps, e.g. Drizzle's) is D1 or R2 failing, not our code. */
function isStorageFault(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  if (
    /^(D1_ERROR|D1_EXEC_ERROR|D1_TYPE_ERROR|R2 |R2_)|Network connection lost|storage (is )?unavailable/i.test(
      error.message,
    ) &&
    !/SQLITE_(CONSTRAINT|ERROR)/.test(error.message)
  )
    return true;
  return isStorageFault(error.cause, depth + 1);
}
