import type { ProgramCard, ProgramsResponse } from '#schemas/programs.ts';

/** What a result card of the finder shows of a program (ProgramFinder.tsx). */
const CARD_FIELDS = [
  '_id',
  'name',
  'university',
  'degreeType',
  'duration',
  'location',
  'basePrice',
  'currency',
  'intake',
] as const;
export type FinderCard = Pick<ProgramCard, (typeof CARD_FIELDS)[number]>;
export type FinderPage = Omit<ProgramsResponse, 'items'> & { items: FinderCard[] };

/**
 * The finder's first page as the island's props, with only the fields its cards show: the props
 * are serialized into the first document (12 programs' country and department
 * ids, month counts, fee dates and future intakes were ~3 KB raw nobody saw). The island refetches
 * the full answer once hydrated, and it renders the same.
 */
export const firstPage = (page: ProgramsResponse): FinderPage => ({
  ...page,
  items: page.items.map((item) => Object.fromEntries(CARD_FIELDS.map((k) => [k, item[k]])) as FinderCard),
});
