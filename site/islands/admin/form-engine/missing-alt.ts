import { scalarText } from '#site/lib/format.ts';
import type { Obj } from './schema.ts';

/**
 * The fields of a form whose image has no alt text yet: every `<field>Alt` beside a field holding
 * an image (a list of alt texts: one per image). Only images this save adds or changes must be
 * described: an item saved before alt text existed keeps its images' default (its name) until an
 * editor changes them, so fixing a typo never stops on three old pictures. The first is where the
 * save stops.
 */
export function missingAlt(draft: Obj, saved: Obj | undefined): string | undefined {
  for (const [key, value] of Object.entries(draft)) {
    if (!key.endsWith('Alt')) continue;
    const field = key.slice(0, -3);
    const image = draft[field];
    const before = saved?.[field];
    if (Array.isArray(image)) {
      const alts = Array.isArray(value) ? value : [];
      const old = Array.isArray(before) ? before.map(scalarText) : [];
      const undescribed = (src: unknown, i: number) =>
        scalarText(src).trim() && !old.includes(scalarText(src)) && !scalarText(alts[i]).trim();
      if (image.some(undescribed)) return key;
    } else if (typeof image === 'string' && image.trim() && image !== before && !scalarText(value).trim())
      return key;
  }
  return undefined;
}
