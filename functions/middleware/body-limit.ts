import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';
import { declareFact } from '../lib/route-facts.ts';
import { MAX_UPLOAD_BYTES } from '../services/files/files.ts';
import { IMAGE_SIZE_MESSAGE, MAX_IMAGE_BYTES } from '#schemas/images.ts';
import type { FailureResponse } from '#schemas/responses.ts';

/** The largest request body any endpoint but an upload takes: JSON forms are a few KB. */
export const MAX_JSON_BYTES = 64 * 1024;
/** An upload's body: the file's 10 MB plus room for the multipart envelope and the other fields. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

export const TOO_LARGE_MESSAGE = 'The request is too large. Send at most 64 KB.';
export const FILE_TOO_LARGE_MESSAGE = 'File size must be less than 10MB';

/**
 * The endpoints that take a file. Everywhere else the 64 KB limit applies; these get the 10 MB
 * limit from `uploadBodyLimit` (staff images 15 MB from `imageUploadBodyLimit`), placed after their sign-in check so no one unauthenticated can make
 * the Worker read 10 MB. (functions/body-limit.test.ts streams 12 MB at each of them.)
 */
const uploadRoutes = [
  /^\/api\/admin\/uploads\/?$/,
  /^\/api\/jobs\/[^/]+\/apply\/?$/,
  /^\/api\/users\/document\/?$/,
];

/**
 * hono/body-limit counts the bytes as they arrive, so a chunked body without Content-Length is cut
 * off at the limit instead of being read whole; a declared Content-Length over it is refused before
 * reading. Over the limit: 413 JSON.
 */
const limit = (maxSize: number, message: string) =>
  bodyLimit({ maxSize, onError: (c) => c.json({ success: false, message } satisfies FailureResponse, 413) });

const jsonLimit = limit(MAX_JSON_BYTES, TOO_LARGE_MESSAGE);

/**
 * Stripe's events are written by Stripe, not by a form: a charge with its refunds, or a future API
 * version's extra fields, can pass 64 KB, and a refused event is retried for days. The route checks
 * the signature before it reads anything else, so a larger limit gives no one else a bigger door.
 */
export const MAX_WEBHOOK_BYTES = 512 * 1024;
const webhookRoute = /^\/api\/payment\/webhook\/?$/;
const webhookLimit = limit(MAX_WEBHOOK_BYTES, 'The request is too large. Send at most 512 KB.');

/** Every /api route but the uploads: 64 KB (Stripe's webhook: 512 KB). */
export const requestBodyLimit = createMiddleware<AppEnv>((c, next) => {
  if (uploadRoutes.some((r) => r.test(c.req.path))) return next();
  return webhookRoute.test(c.req.path) ? webhookLimit(c, next) : jsonLimit(c, next);
});

/**
 * An upload route's limit (10 MB and the envelope), after its sign-in check. It also marks the
 * route as one that takes a file (route-facts.ts): the fuzzer sends it hostile uploads.
 */
export const uploadBodyLimit = declareFact(limit(MAX_UPLOAD_BODY_BYTES, FILE_TOO_LARGE_MESSAGE), {
  kind: 'upload',
});

/** A content image's body: the 15 MB a phone's photo may take (schemas/images.ts) and the envelope. */
export const MAX_IMAGE_UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024;
/** The staff image upload's limit, after its sign-in check (and, like uploadBodyLimit, its route's mark). */
export const imageUploadBodyLimit = declareFact(limit(MAX_IMAGE_UPLOAD_BODY_BYTES, IMAGE_SIZE_MESSAGE), {
  kind: 'upload',
});
