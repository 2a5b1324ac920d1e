import { scalarText } from '#site/lib/format.ts';

/** A value as staff read it in a list or a detail panel: a dash when there is none. */
export const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : scalarText(v));
