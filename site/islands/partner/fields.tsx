import type { ChangeEvent, ReactNode } from 'react';

/** Labelled form controls for the partner area: every input has a label, errors are linked with aria-describedby. */
interface BaseProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  onBlur?: () => void;
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

/** The attributes every control shares: its name, required state and the links to its hint and error. */
function controlProps({ id, error, hint, required, onBlur }: BaseProps) {
  return {
    id,
    name: id,
    required,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
    onBlur,
  } as const;
}

function Messages({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p className="pt-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="pt-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
  return (
    <label className="pt-label" htmlFor={id}>
      {label}
      {required && (
        <span className="pt-required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

interface InputProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'password' | 'number' | 'date';
  placeholder?: string;
  autoComplete?: string;
  readOnly?: boolean;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'tel' | 'text';
  trailing?: ReactNode;
}

export function TextField({
  id,
  label,
  error,
  hint,
  required,
  onBlur,
  value,
  onChange,
  type = 'text',
  trailing,
  ...rest
}: InputProps) {
  return (
    <div className="pt-field">
      <Label id={id} label={label} required={required} />
      <div className={trailing ? 'pt-input-row' : undefined}>
        <input
          {...controlProps({ id, label, error, hint, required, onBlur })}
          className="pt-input"
          type={type}
          value={value}
          onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
          {...rest}
        />
        {trailing}
      </div>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

interface TextAreaProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  rows?: number;
}

export function TextArea({
  id,
  label,
  error,
  hint,
  required,
  onBlur,
  value,
  onChange,
  rows = 4,
  placeholder,
}: TextAreaProps) {
  return (
    <div className="pt-field pt-field-wide">
      <Label id={id} label={label} required={required} />
      <textarea
        {...controlProps({ id, label, error, hint, required, onBlur })}
        className="pt-input"
        rows={rows}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

interface SelectProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder: string;
}

export function SelectField({
  id,
  label,
  error,
  hint,
  required,
  onBlur,
  value,
  onChange,
  options,
  placeholder,
}: SelectProps) {
  return (
    <div className="pt-field">
      <Label id={id} label={label} required={required} />
      <select
        {...controlProps({ id, label, error, hint, required, onBlur })}
        className="pt-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

interface CheckboxProps extends BaseProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}

export function CheckboxField({
  id,
  label,
  error,
  hint,
  required,
  onBlur,
  checked,
  onChange,
  children,
}: CheckboxProps) {
  return (
    <div className="pt-field pt-field-wide">
      <div className="pt-check">
        <input
          {...controlProps({ id, label, error, hint, required, onBlur })}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{children ?? label}</label>
      </div>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** The message of a failed call: the server's own wording when it gave one, else the fallback. */
export function messageOf(error: unknown, fallback: string) {
  if (
    error &&
    typeof error === 'object' &&
    'status' in error &&
    'message' in error &&
    typeof error.message === 'string' &&
    error.message
  ) {
    return error.message;
  }
  return fallback;
}
