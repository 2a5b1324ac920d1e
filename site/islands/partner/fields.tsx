import type { ComponentProps, ReactNode } from 'react';
import * as common from '../common/fields.tsx';

/** The partner area's classes (site/styles/partner.css): a required field's label ends in "*". */
export const partnerLook: common.FieldLook = {
  field: 'pt-field',
  wide: 'pt-field-wide',
  label: 'pt-label',
  control: 'pt-input',
  box: { withAddon: 'pt-input-row' },
  check: 'pt-check',
  hint: 'pt-hint',
  error: 'pt-error',
  marker: (
    <span className="pt-required" aria-hidden="true">
      {' '}
      *
    </span>
  ),
};

/**
 * Partner forms name each control by its id and hand `onChange` the value, not the event: the
 * forms keep their values in one record keyed by field name.
 */
interface Partner<V> {
  id: string;
  label: string;
  onChange: (value: V) => void;
  onBlur?: (() => void) | undefined;
}
type Native<P> = Omit<P, 'look' | 'id' | 'name' | 'label' | 'onChange' | 'onBlur'>;

interface InputProps extends Partner<string>, Omit<Native<ComponentProps<typeof common.TextField>>, 'addon'> {
  value: string;
  trailing?: ReactNode;
}

export function TextField({ id, onChange, onBlur, trailing, type = 'text', ...rest }: InputProps) {
  return (
    <common.TextField
      look={partnerLook}
      id={id}
      name={id}
      type={type}
      addon={trailing}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      {...rest}
    />
  );
}

/** The owner e-mail of the signed-out partner pages (sign in, reset): named and filled as `email`. */
export function EmailField(props: Omit<InputProps, 'id' | 'label' | 'type' | 'autoComplete' | 'required'>) {
  return <TextField id="email" label="Email" type="email" autoComplete="email" required {...props} />;
}

export function TextArea({
  id,
  onChange,
  onBlur,
  rows = 4,
  ...rest
}: Partner<string> & Native<ComponentProps<typeof common.TextArea>> & { value: string }) {
  return (
    <common.TextArea
      look={partnerLook}
      id={id}
      name={id}
      rows={rows}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      {...rest}
    />
  );
}

export function SelectField({
  id,
  onChange,
  onBlur,
  ...rest
}: Partner<string> &
  Native<ComponentProps<typeof common.SelectField>> & { value: string; placeholder: string }) {
  return (
    <common.SelectField
      look={partnerLook}
      id={id}
      name={id}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      {...rest}
    />
  );
}

interface CheckboxProps extends Partner<boolean>, Native<ComponentProps<typeof common.CheckboxField>> {
  checked: boolean;
  /** The label's content when it is more than text (a link to the terms). */
  children?: ReactNode;
}

export function CheckboxField({ id, label, onChange, onBlur, children, ...rest }: CheckboxProps) {
  return (
    <common.CheckboxField
      look={partnerLook}
      id={id}
      name={id}
      label={children ?? label}
      onChange={(e) => onChange(e.target.checked)}
      onBlur={onBlur}
      {...rest}
    />
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
