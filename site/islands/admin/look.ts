import type { FieldLook } from '../common/fields.tsx';

/** The back office's field classes (site/styles/admin.css). */
export const adminLook: FieldLook = {
  field: 'field-stack admin-field',
  check: 'admin-check',
  hint: 'admin-muted',
  error: 'admin-error',
};
