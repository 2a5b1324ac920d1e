import type { FieldLook } from '../common/fields.tsx';

/** The recruitment area's field classes (site/styles/recruitment.css). */
export const rcLook: FieldLook = { field: 'field-stack rc-field', hint: 'rc-hint', error: 'rc-error' };
