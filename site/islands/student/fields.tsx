import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Extra control beside the input (e.g. a show/hide button). */
  addon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error is announced and linked with aria-describedby. */
export function Field({ label, error, hint, addon, className, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`st-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="st-field__control">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="st-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="st-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | undefined;
  options: readonly string[];
  placeholder: string;
}

export function SelectField({ label, error, options, placeholder, ...select }: SelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="st-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="st-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A polite status line (success) or an alert (failure). */
export function Notice({ kind, children }: { kind: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <p className={`st-notice st-notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
