import { useState } from 'react';
import type { FieldMessages } from '#schemas/errors.ts';
import { focusFirstOnPage } from '#site/lib/focus-first.ts';

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
      const ids = Object.keys(messages).map(idOf);
      if (ids.length) requestAnimationFrame(() => focusFirstOnPage(ids));
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
