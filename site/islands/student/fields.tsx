import type { ComponentProps, ReactNode } from 'react';
import { SelectField as CommonSelect, TextField, type FieldLook } from '../common/fields.tsx';

/** The student area's classes (site/styles/student.css). */
const look: FieldLook = {
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
  return <TextField look={look} fieldClassName={className} {...props} />;
}

type SelectProps = Omit<ComponentProps<typeof CommonSelect>, 'look' | 'label' | 'options' | 'placeholder'> & {
  label: string;
  options: readonly string[];
  placeholder: string;
};

export function SelectField(props: SelectProps) {
  return <CommonSelect look={look} {...props} />;
}

/** A polite status line (success) or an alert (failure). */
export function Notice({ kind, children }: { kind: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <p className={`st-notice st-notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/**
 * The buttons on a record in a panel's list: `action` (Edit, Download) and Delete, each naming the
 * record for screen readers ("Delete BSc at Leeds").
 */
export function RecordActions({
  name,
  action,
  onAction,
  onDelete,
}: {
  name: string;
  action: string;
  onAction: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="st-row">
      <button
        type="button"
        className="st-button st-button--small st-button--secondary"
        onClick={onAction}
        aria-label={`${action} ${name}`}
      >
        {action}
      </button>
      <button
        type="button"
        className="st-button st-button--small st-button--danger"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
      >
        Delete
      </button>
    </div>
  );
}
