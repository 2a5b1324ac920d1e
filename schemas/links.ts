// The content link rule, without zod: the site's pages use it too (site/lib/format.ts), and an
// island must not pull in the schema library for one function.

export const LINK_RULE = 'must be an https:// or http:// address, or a path on this site starting with /';

// Whitespace, control characters (C0, DEL, C1) and backslashes: browsers strip or reinterpret them
// ("java\tscript:", " javascript:", "/\\evil.example" read as "//evil.example"), so none is allowed.
const UNSAFE_CHARACTER = /[\u0000-\u0020\u007f-\u009f\\]/;

/**
 * Whether a link in content is one the site may put in an href or src: an absolute http(s) URL
 * with a host, or a path on this site ("/…", not "//…", which is another host). Everything else
 * is refused: javascript:, data:, vbscript: and any other scheme, in any letter case.
 */
export function isSafeLink(value: string) {
  if (UNSAFE_CHARACTER.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}
