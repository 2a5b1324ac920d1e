import { zValidator } from '@hono/zod-validator';
import { HTTPException } from 'hono/http-exception';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';

/**
 * zod validation for a request part. A failure is a 400 whose message is the first issue's own
 * message (the specs' wording lives in schemas/), so a person can read it.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join('.');
      const message = issue?.message ?? 'Invalid request';
      // zod's own generic messages ("Invalid input") name no field: add it (not to the specs' own
      // wording, such as 'Invalid email format').
      throw new HTTPException(400, { message: field && /^(Invalid (input|option|string|element|key|union|value|type|email address|date|url)\b|Expected|Too (small|big)|Unrecognized)/.test(message) ? `${field}: ${message}` : message });
    }
  });
