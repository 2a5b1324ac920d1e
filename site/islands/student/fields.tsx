import type { ComponentProps, ReactNode } from 'react';
import { SelectField as CommonSelect, TextField, type FieldLook } from '../common/fields.tsx';

/** The student area's classes (site/styles/student.css). */
export const studentLook: FieldLook = {
  field: 'st-field',
  box: { className: 'st-field__control' },
  hint: 'st-hint',
  error: 'st-error',
};

type FieldProps = Omit<ComponentProps<typeof TextField>, 'look' | 'fieldClassName' | 'label'> & {
  label: string;
};

/** A labelled input in the student area; `className` goes on the field (e.g. `st-span`). */
export function Field({ className, ...props }: FieldProps) {
  return <TextField look={studentLook} fieldClassName={className} {...props} />;
}

/** The e-mail field of the student forms (sign in, registration, password reset). */
export function EmailField(props: Omit<FieldProps, 'label' | 'name' | 'type' | 'autoComplete'>) {
  return <Field label="Email" name="email" type="email" autoComplete="email" {...props} />;
}

type SelectProps = Omit<ComponentProps<typeof CommonSelect>, 'look' | 'label' | 'options' | 'placeholder'> & {
  label: string;
  options: readonly string[];
  placeholder: string;
};

export function SelectField(props: SelectProps) {
  return <CommonSelect look={studentLook} {...props} />;
}

/** A polite status line (success) or an alert (failure). */
export function Notice({ kind, children }: { kind: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <p className={`st-notice st-notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
