import { describe, expect, it } from 'vitest';
import { subjectSearch } from './subject-search.ts';

describe('subjectSearch (one search for the header and /search)', () => {
  it('keys the cache by the trimmed, lower-cased query and the limit', () => {
    expect(subjectSearch('  Nursing ').queryKey).toEqual(['subjects', 'search', 'nursing', 20]);
    expect(subjectSearch('nursing', 5).queryKey).toEqual(['subjects', 'search', 'nursing', 5]);
  });
  it('makes no call for a blank query', () => {
    expect(subjectSearch('   ').enabled).toBe(false);
    expect(subjectSearch('a').enabled).toBe(true);
  });
});
