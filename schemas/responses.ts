import { z } from 'zod';

/**
 * Helpers for the response schemas (docs/decisions/015-typed-responses.md): each endpoint's success
 * body is a zod schema in schemas/<resource>.ts; the route builds its body `satisfies Wire<…>` of
 * it and the islands call with `{ schema }` (site/lib/api.ts), so a changed shape fails the
 * typecheck on both sides. Response schemas describe, never transform: the client returns the body
 * as received.
 */

/**
 * What a route may put in its body for a response typed T: the same, except that a Date may stand
 * where the client reads a string (JSON turns a Date into its ISO string).
 */
export type Wire<T> = T extends string
  ? T | (string extends T ? Date : never)
  : T extends readonly (infer E)[]
    ? readonly Wire<E>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** One page of a back-office list: GET /api/admin/<list>?page&pageSize (functions/routes/admin/shared.ts listResponse). */
export const pageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({
    items: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** A success with a sentence for the person (most writes answer this). */
export const messageResponse = z.object({ success: z.literal(true), message: z.string() });
export type MessageOnly = z.infer<typeof messageResponse>;

/** A success that says nothing more. */
export const okResponse = z.object({ success: z.literal(true) });
export type OkOnly = z.infer<typeof okResponse>;

/** An answer that is not JSON (a file download): the client reads its body as null. */
export const noBody = z.null();

/**
 * What a failed call may carry beside `message` and `fields` (functions/middleware/errors.ts and the
 * routes that add to it). Islands read it through `ApiError.bodyAs(failureBody)` (site/lib/api.ts);
 * the routes that add a field build their body `satisfies FailureBody`.
 */
export const failureBody = z.object({
  // Optional like the rest: a form reads whichever field it needs from whatever body came back.
  success: z.literal(false).optional(),
  message: z.string().optional(),
  /** The assistance form's refusal: its spec's client reads `error` (the same text as `message`). */
  error: z.string().optional(),
  /** A student login refused only because the account is not verified yet (403)… */
  needsVerification: z.boolean().optional(),
  /** …with the account to send a new code to (null when it is not known). */
  userId: z.string().nullable().optional(),
  /** A right password past the account's failure limit: finish with the e-mailed code (schemas/sign-in.ts). */
  codeRequired: z.boolean().optional(),
});
export type FailureBody = z.infer<typeof failureBody>;
