import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, schemaFrom, notInProduction } from './api.ts';

// Response schemas load in development only, where answers are checked: this page ships no zod.
const catalogContract = () => (import.meta.env.DEV ? import('#schemas/catalog-dto.ts') : notInProduction());

/**
 * The one subject search, shared by the header and /search: a case-insensitive substring match on
 * name or description, run by the server (GET /api/subjects/search, an FTS5 trigram index) so the
 * browser never downloads the whole catalogue. A blank query matches nothing and makes no call
 * (spec 1 section 4, spec 2 section 5).
 */
export function subjectSearch(query: string, limit = 20) {
  const q = query.trim();
  return queryOptions({
    queryKey: ['subjects', 'search', q.toLowerCase(), limit] as const,
    queryFn: ({ signal }) =>
      api(`/api/subjects/search?q=${encodeURIComponent(q)}&limit=${limit}`, {
        signal,
        schema: schemaFrom(catalogContract, 'subjectSearchResponse'),
      }),
    enabled: q !== '',
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
