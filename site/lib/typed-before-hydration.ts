import { useEffect, useRef } from 'react';

// What a person typed (or the browser autofilled) into a server-drawn form before its island
// hydrated. React keeps that text on the screen but not in its state: the form's next render (the
// submit's own check) clears the field and says it is empty. Once the island has hydrated, each
// such field is told again through React's own change path, as if typed then. The replay runs
// while React is still committing, which puts a controlled field back to its state once the event
// is handled: a change handler must read the value when called, not inside a state updater.

/** Input types whose value is text a person types or the browser autofills. */
const TEXT_TYPES = new Set(['text', 'email', 'password', 'tel', 'search', 'url', 'number', 'date']);

/**
 * Sets `typed` again so that React's onChange sees it: the value first through the element's own
 * property (which React watches, so React now holds the value the server drew), then through the
 * prototype's setter (which it does not), then the event React listens for.
 */
function replay(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, drawn: string) {
  const typed = field.value;
  field.value = drawn;
  // The prototype's setter, with the field as `this`: the screen shows what was typed again.
  Reflect.set(Object.getPrototypeOf(field) as object, 'value', typed, field);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Replays every text field, text area and select of `form` whose value is not the one drawn. */
function adoptTypedValues(form: HTMLFormElement | null) {
  if (!form) return;
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement) {
      if (TEXT_TYPES.has(field.type) && field.value !== field.defaultValue) replay(field, field.defaultValue);
    } else if (field instanceof HTMLTextAreaElement) {
      if (field.value !== field.defaultValue) replay(field, field.defaultValue);
    } else if (field instanceof HTMLSelectElement && !field.multiple) {
      const drawn = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
      if (drawn && field.value !== drawn.value) replay(field, drawn.value);
    }
  }
}

/** A ref for a server-drawn `<form>`: what was typed before hydration reaches the form's state. */
export function useTypedBeforeHydration() {
  const ref = useRef<HTMLFormElement>(null);
  // An effect runs once React has hydrated the form (and attached its change handlers).
  useEffect(() => adoptTypedValues(ref.current), []);
  return ref;
}
