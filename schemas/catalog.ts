import { z } from 'zod';
import { searchText } from './common.ts';

/** `:id` of a public resource. Ids are slugs; anything longer is certainly unknown. */
export const idParam = z.object({ id: z.string().min(1).max(200) });

export const subjectsQuery = z.object({
  countryId: z.string().max(200).optional(),
  /** The first N in catalogue order (the home page shows 4): an extension the spec's clients ignore. */
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(1000, 'limit must be at most 1000')
    .optional(),
});

/** GET /api/subjects/search: the server-side search behind the header search and /search. */
export const subjectSearchQuery = z.object({
  q: searchText(200, { tooLong: 'Search text is too long' }).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

// Response shapes of the public read API (spec 1 sections 3 and 7): schemas/catalog-dto.ts. Types
// only here, so the islands that import this module do not bundle the zod objects.
export type {
  CountryDto,
  DepartmentDto,
  SubjectDto,
  SubjectSearchResponse,
  UniversityDto,
} from './catalog-dto.ts';
