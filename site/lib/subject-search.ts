import type { SubjectDto } from '../../schemas/catalog.ts';
import { api } from './api.ts';

/** What the search needs of a subject (spec 2 section 3: id, name, description). */
export type SearchableSubject = Pick<SubjectDto, '_id' | 'id' | 'name' | 'description' | 'university'>;

/** The subjects list, fetched once per page and shared by the header search and /search. */
export const subjectsSearchQuery = {
  queryKey: ['subjects', 'all'] as const,
  queryFn: () => api<SubjectDto[]>('/api/subjects'),
  staleTime: 5 * 60_000,
};

const text = (d: string | string[]) => (Array.isArray(d) ? d.join(' ') : d);

/**
 * The one subject search: case-insensitive substring match on name or description. A blank query
 * matches nothing (spec 1 section 4, spec 2 section 5).
 */
export function searchSubjects<T extends SearchableSubject>(subjects: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return subjects.filter((s) => s.name.toLowerCase().includes(q) || text(s.description).toLowerCase().includes(q));
}
