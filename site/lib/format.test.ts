import { describe, expect, it } from 'vitest';
import {
  cleanList,
  formatTuition,
  paragraphs,
  scalarText,
  studentsLabel,
  telHref,
  truncateProgram,
  truncateWords,
  usableImages,
} from './format.ts';

describe('truncateWords', () => {
  it('keeps a text that fits, trimmed', () => {
    expect(truncateWords('  one two three ', 3)).toBe('one two three');
  });
  it('cuts after the given number of words and adds an ellipsis', () => {
    expect(truncateWords('one two   three four', 2)).toBe('one two...');
  });
});

describe('truncateProgram (spec 1 section 5)', () => {
  it('cuts at 50 words', () => {
    const text = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    const cut = truncateProgram(text);
    expect(cut.endsWith('w49...')).toBe(true);
    expect(cut.split(' ')).toHaveLength(50);
  });
  it('cuts at 250 characters when the words are long', () => {
    const text = 'x'.repeat(400);
    expect(truncateProgram(text)).toBe(`${'x'.repeat(250)}...`);
  });
});

describe('formatTuition', () => {
  it('formats the price in its own currency, per year', () => {
    expect(formatTuition(12000, 'GBP')).toBe('£12,000 / Year');
    expect(formatTuition(9500.4, 'USD')).toBe('US$9,500 / Year');
  });
  it('falls back to the spec default when there is no price', () => {
    expect(formatTuition(null, 'GBP')).toBe('$10,000 / Year');
    expect(formatTuition(Number.NaN, 'GBP')).toBe('$10,000 / Year');
  });
  it('prints the code after the number when the currency is not one Intl knows', () => {
    expect(formatTuition(1500, 'not-a-currency')).toBe('1,500 not-a-currency / Year');
  });
});

describe('lists and paragraphs', () => {
  it('cleanList drops blanks and trims', () => {
    expect(cleanList([' a ', '', null, undefined, '  ', 'b'])).toEqual(['a', 'b']);
    expect(cleanList(undefined)).toEqual([]);
  });
  it('paragraphs accepts one string or a list', () => {
    expect(paragraphs('  one  ')).toEqual(['one']);
    expect(paragraphs(['one', ' ', 'two'])).toEqual(['one', 'two']);
    expect(paragraphs(undefined)).toEqual([]);
  });
  it('usableImages keeps http(s) and site-relative links only', () => {
    expect(
      usableImages(['https://example.com/a.jpg', '/images/b.jpg', 'javascript:alert(1)', 42, 'data:x']),
    ).toEqual(['https://example.com/a.jpg', '/images/b.jpg']);
  });
});

describe('labels', () => {
  it('studentsLabel counts students, or invites when there are none', () => {
    expect(studentsLabel(1250)).toBe('1,250+ students');
    expect(studentsLabel(0)).toBe('Join now');
    expect(studentsLabel(null)).toBe('Join now');
  });
  it('scalarText prints scalars and blanks anything else', () => {
    expect(scalarText('a')).toBe('a');
    expect(scalarText(3)).toBe('3');
    expect(scalarText(false)).toBe('false');
    expect(scalarText(null)).toBe('');
    expect(scalarText({ a: 1 })).toBe('');
  });
});

describe('telHref', () => {
  it('dials the digits, dropping the (0) and keeping an extension as a pause', () => {
    expect(telHref('+44 (0)20 7946 0000')).toBe('tel:+442079460000');
    expect(telHref('+44 20 7946 0000 ext. 2')).toBe('tel:+442079460000,2');
  });
  it('refuses a number written with letters', () => {
    expect(telHref('+880 2 XXXX XXXX (example)')).toBeNull();
  });
});
