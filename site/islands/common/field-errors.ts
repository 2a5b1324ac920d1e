import { useState } from 'react';
import type { FieldMessages } from '#schemas/errors.ts';

/**
 * Messages beside form fields, whichever side found the problem: the form's own check before
 * sending (schemas/) or the server's 400 (`ApiError.fields`, site/lib/api.ts). The field
 * components (./fields.tsx) show `errors[field]` and link it to the control; this moves focus to
 * the first invalid control so keyboard and screen-reader users land on the problem.
 */
export function useFieldErrors(idOf: (field: string) => string) {
  const [errors, setErrors] = useState<FieldMessages>({});
  return {
    errors,
    /** Shows these messages (replacing any shown) and focuses the first field that has one. */
    show(messages: FieldMessages) {
      setErrors(messages);
      const first = Object.keys(messages)[0];
      if (first) requestAnimationFrame(() => document.getElementById(idOf(first))?.focus());
    },
    /** Clears one field's message (as the person edits it) or all of them. */
    clear(field?: string) {
      setErrors((current) => {
        if (field === undefined) return {};
        if (!(field in current)) return current;
        const { [field]: _gone, ...rest } = current;
        return rest;
      });
    },
  };
}
