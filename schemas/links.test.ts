import { describe, expect, it } from 'vitest';
import { isSafeLink } from './links.ts';
import { contentLink } from './common.ts';
import { GOOD_LINKS, HOSTILE_LINKS } from '#functions/test/fixtures/index.ts';

describe('content link rule', () => {
  it.each(HOSTILE_LINKS)('refuses %j', (link) => {
    expect(isSafeLink(link)).toBe(false);
    expect(contentLink.safeParse(link).success).toBe(false);
  });
  it.each(GOOD_LINKS)('accepts %j', (link) => {
    expect(isSafeLink(link)).toBe(true);
    expect(contentLink.safeParse(link).success).toBe(true);
  });
});
