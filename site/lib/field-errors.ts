import { fieldsOf, type FieldMessages } from '../../schemas/errors.ts';
import { ApiError } from './api.ts';

/**
 * The per-field messages of a rejected request (the API's 400 `fields`, functions/lib/validate.ts),
 * or an empty object when the failure was not about particular fields. Any form can show these
 * beside its controls: the keys are the request's field names.
 */
export function fieldErrorsFrom(error: unknown): FieldMessages {
  return error instanceof ApiError && error.status === 400 ? fieldsOf(error.body) : {};
}

export type { FieldMessages };
