import { useState, type ReactNode } from 'react';
import { ApiError } from '#site/lib/api.ts';
import { errorText } from '../session.ts';
import { AdminForm } from '../AdminForm.tsx';
import { Field, type FieldProps } from './Field.tsx';
import { fieldId, isOptional, setIn, type Node, type Obj } from './schema.ts';
import { focusFirstOnPage } from '#site/lib/focus-first.ts';

/**
 * An editor's form: why the last save failed (`problem`), one `Field` per top-level property of the
 * schema (each editing its part of the draft), then the sticky bar: Save, any other `actions`, and
 * the saved note.
 */
export function SchemaForm({
  schema,
  draft,
  setDraft,
  save,
  problem,
  actions,
  saveLabel = 'Save',
  saved = 'Saved. Publish to update the static pages.',
  ...shared
}: Pick<FieldProps, 'errors' | 'warnings' | 'readOnlyId' | 'images' | 'kind' | 'labels' | 'choices'> & {
  schema: Node;
  draft: Obj;
  setDraft: (draft: Obj) => void;
  save: { mutate: () => void; isPending: boolean; isSuccess: boolean };
  problem: ReactNode;
  actions?: ReactNode;
  /** The submit button's name (a page with two forms names each). */
  saveLabel?: string;
  /** What shows once saved. */
  saved?: ReactNode;
}) {
  return (
    <AdminForm noValidate onSubmit={() => save.mutate()}>
      {problem}
      {Object.entries(schema.properties ?? {}).map(([k, s]) => (
        <Field
          key={k}
          schema={s}
          optional={isOptional(schema, k, s)}
          value={draft[k]}
          path={[k]}
          onChange={(path, value) => setDraft(setIn(draft, path, value) as Obj)}
          {...shared}
        />
      ))}
      <div className="admin-actions admin-actions--sticky">
        <button type="submit" className="admin-button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : saveLabel}
        </button>
        {actions}
        <span aria-live="polite">{save.isSuccess && <span className="admin-success">{saved}</span>}</span>
      </div>
    </AdminForm>
  );
}

/** Server messages per field from a failed save, and focus on the first (or on the form's alert). */
export function useFieldErrors(alertId: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onError = (e: unknown) => {
    const fields = e instanceof ApiError ? e.fields : {};
    setErrors(Object.keys(fields).length ? fields : { '': errorText(e) });
    const ids = Object.keys(fields).map((path) => fieldId(path.split('.')));
    requestAnimationFrame(() => focusFirstOnPage(ids) ?? document.getElementById(alertId)?.focus());
  };
  return { errors, clear: () => setErrors({}), onError };
}

/** "Not saved: …" above a form: the server's message, or how many fields need attention. */
export function NotSaved({ id, errors }: { id: string; errors: Record<string, string> }) {
  const problems = Object.keys(errors).filter(Boolean).length;
  if (!problems && !errors['']) return null;
  return (
    <p id={id} role="alert" tabIndex={-1} className="admin-error admin-error--box">
      Not saved:{' '}
      {errors[''] ??
        `${problems === 1 ? 'one field needs' : `${problems} fields need`} attention (marked below).`}
    </p>
  );
}
