import { zValidator } from '@hono/zod-validator';
import { HTTPException } from 'hono/http-exception';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { fieldMessages, type FieldMessages } from '#schemas/errors.ts';
import { declareFact } from './route-facts.ts';

/**
 * A request part that failed validation: a 400 whose body also carries each invalid field's
 * message (`fields`), so a form can show every rejection beside its field (site/islands/common/field-errors.ts).
 */
export class ValidationError extends HTTPException {
  constructor(
    message: string,
    readonly fields: FieldMessages,
  ) {
    super(400, { message });
  }
}

// zod's own generic messages ("Invalid input") name no field: the summary message adds it (not to
// the specs' own wording, such as 'Invalid email format').
const GENERIC =
  /^(Invalid (input|option|string|element|key|union|value|type|email address|date|url)\b|Expected|Too (small|big)|Unrecognized)/;

/** The ValidationError for a failed parse: the first issue's message as the summary, every field's first message. */
export function validationError(issues: readonly z.core.$ZodIssue[]) {
  const issue = issues[0];
  const field = issue?.path.join('.');
  const message = issue?.message ?? 'Invalid request';
  return new ValidationError(
    field && GENERIC.test(message) ? `${field}: ${message}` : message,
    fieldMessages(issues),
  );
}

/**
 * zod validation for a request part. A failure is a 400 whose message is the first issue's own
 * message (the specs' wording lives in schemas/), so a person can read it. The middleware carries
 * its target and schema (route-facts.ts): the fuzzer's endpoint list reads them off the routes.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) =>
  declareFact(
    zValidator(target, schema, (result) => {
      if (!result.success) throw validationError(result.error.issues);
    }),
    { kind: 'input', target, schema },
  );
