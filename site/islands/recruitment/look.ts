import type { FieldLook } from '../common/fields.tsx';

/** The recruitment area's field classes (site/styles/recruitment.css). */
export const rcLook: FieldLook = { field: 'rc-field', hint: 'rc-hint', error: 'rc-error' };
