import { describe, expect, it } from 'vitest';
import { idFromPath } from './shell-path.ts';

describe('idFromPath (the fallback shell reads its id from the URL)', () => {
  it('reads the segment after the prefix', () => {
    expect(idFromPath('/country-details/', '/country-details/ghana')).toBe('ghana');
    expect(idFromPath('/subject/', '/subject/nursing/extra')).toBe('nursing');
  });
  it('decodes an escaped id', () => {
    expect(idFromPath('/job/', '/job/care%20assistant')).toBe('care assistant');
  });
  it('keeps a malformed escape as it is rather than throwing', () => {
    expect(idFromPath('/job/', '/job/%E0%A4%A')).toBe('%E0%A4%A');
  });
  it('is empty for another path or with no window', () => {
    expect(idFromPath('/subject/', '/country-details/ghana')).toBe('');
    expect(idFromPath('/subject/')).toBe('');
  });
});
