// No zod here: islands import this for the shape and the mapping without bundling a validator.

/**
 * What every request but GET /api/health is answered (503) while a required secret is missing or
 * weak in a deployed Worker: generic on purpose (health names the setting, never its value).
 */
export const SERVICE_UNAVAILABLE_MESSAGE = 'This service is not available right now. Please try again later.';

// The body of every failed API call is `failureResponse` (schemas/responses.ts); its `fields` are
// FieldMessages.

/** Field path → the message to show beside that field. */
export type FieldMessages = Record<string, string>;

/** The part of a zod issue the mapping needs (kept structural so this module needs no zod). */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Field messages from validation issues: the first message per field path. The server builds a
 * 400's `fields` with it and a form validating before it sends builds its own with it, so a
 * field's message is the same whichever side caught the problem.
 */
export function fieldMessages(issues: readonly IssueLike[]): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (path && !(path in out)) out[path] = issue.message;
  }
  return out;
}

/** The `fields` of an error body, if it has usable ones (anything else is ignored). */
export function fieldsOf(body: unknown): FieldMessages {
  if (!body || typeof body !== 'object' || !('fields' in body)) return {};
  const fields = body.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
