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

/**
 * One page of a list as a route builds it (`listResponse` in functions/routes/admin/shared.ts),
 * for any row type: `pageOf(row)`'s shape with the route's rows.
 */
export type PageOf<Row> = Omit<z.infer<ReturnType<typeof pageOf>>, 'items'> & { items: Row[] };

/**
 * A success with a sentence for the person (most writes answer this): the one definition, which
 * schemas/users.ts, partner.ts and recruitment.ts re-export for the islands that load those contracts.
 */
export const messageResponse = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** POST …/logout and …/logout-all (schemas/sessions.ts): `ended` is how many sessions ended (1 for logout). */
export const signOutResponse = messageResponse.extend({ ended: z.number().int() });
export type SignOutResponse = z.infer<typeof signOutResponse>;

/** A success that says nothing more. */
export const okResponse = z.object({ success: z.literal(true) });
export type OkOnly = z.infer<typeof okResponse>;

/** An answer that is not JSON (a file download): the client reads its body as null. */
export const noBody = z.null();

/**
 * The body of every failed API call: functions/middleware/errors.ts (and the body limit and config
 * check) answer `{ success: false, message }`, with `fields` when a request part failed validation;
 * the routes that add a field build their body `satisfies FailureResponse`.
 */
export const failureResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  /**
   * Each invalid field's path (`email`, `education.0.gpa`) and the first message for it, the same
   * wording the form shows (schemas/errors.ts `fieldMessages`; forms read it with `fieldsOf`).
   */
  fields: z.record(z.string(), z.string()).optional(),
  /** The assistance form's refusal: its spec's client reads `error` (the same text as `message`). */
  error: z.string().optional(),
  /** A student login refused only because the account is not verified yet (403)… */
  needsVerification: z.boolean().optional(),
  /** …with the account to send a new code to (null when it is not known). */
  userId: z.string().nullable().optional(),
  /** A right password past the account's failure limit: finish with the e-mailed code (schemas/sign-in.ts). */
  codeRequired: z.boolean().optional(),
  /** A refund refused as too large (400): what is left to refund, in minor units. */
  amountLeft: z.number().optional(),
  /** A receipt link past its lifetime (410). */
  expired: z.literal(true).optional(),
});
export type FailureResponse = z.infer<typeof failureResponse>;

/**
 * A failure body as an island reads it: `failureResponse` with every field optional, since a form
 * reads whichever field it needs from whatever body came back. Islands read it through
 * `ApiError.bodyAs(failureBody)` (site/lib/api.ts).
 */
export const failureBody = failureResponse.partial();
export type FailureBody = z.infer<typeof failureBody>;
