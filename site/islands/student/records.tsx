import type { ComponentProps, ReactNode } from 'react';
import { prefetch } from '#site/lib/lazy.ts';
import { usersContract } from './contract.ts';

// The parts of a profile panel that keeps a list of records (education, languages, documents).

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

/**
 * The form under a panel's list that adds a record or edits the one chosen (`editing`): the fields
 * (`children`), then Save (`submitLabel`) and, while editing, Cancel. The rules load on first focus.
 * `grid` lays the fields out in two columns.
 */
export function RecordForm({
  label,
  grid = false,
  onSubmit,
  busy,
  submitLabel,
  onCancel,
  children,
}: {
  label: string;
  grid?: boolean;
  onSubmit: ComponentProps<'form'>['onSubmit'];
  busy: boolean;
  submitLabel: string;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <form
      className={grid ? 'st-card st-grid' : 'st-card'}
      onFocus={prefetch(usersContract)}
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
    >
      {children}
      <div className={grid ? 'st-row st-span' : 'st-row'}>
        <button type="submit" className="st-button" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="st-button st-button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
