import { describe, expect, it } from 'vitest';
import { inlineLimit, inlineScriptOf, withUrl } from './page-scripts.ts';

describe('page scripts', () => {
  it('writes a file’s URL where a chunk has its placeholder, in double quotes whatever the minifier chose', () => {
    const url = '/_astro/page.Ab3_x.js';
    for (const quote of ['"', "'", '`'])
      expect(withUrl(`import(${quote}__PAGE_SCRIPT_URL__${quote})`, '__PAGE_SCRIPT_URL__', url)).toBe(
        `import("${url}")`,
      );
    expect(withUrl(`a="__X__",b='__X__'`, '__X__', url)).toBe(`a="${url}",b="${url}"`);
  });

  it('leaves a placeholder alone unless it is a whole quoted string', () => {
    for (const code of [`"__X__'`, `"__X__suffix"`, `__X__`])
      expect(withUrl(code, '__X__', '/_astro/x.js')).toBe(code);
  });

  it('tells which inline script a module belongs to: the script itself, or a copy made for it', () => {
    expect(inlineScriptOf('/work/site/layouts/BaseLayout.astro?astro&type=script&index=0&lang.ts')).toBe(0);
    expect(
      inlineScriptOf('/work/site/pages/country-details/[id].astro?astro&type=script&index=0&lang.ts'),
    ).toBe(1);
    expect(inlineScriptOf('/work/site/client-scripts/page.ts')).toBe(3);
    expect(inlineScriptOf('/work/site/lib/storage.ts?inline-copy=2')).toBe(2);
    expect(inlineScriptOf('/work/site/lib/storage.ts')).toBeUndefined();
    expect(
      inlineScriptOf('/work/site/layouts/SiteLayout.astro?astro&type=script&index=0&lang.ts'),
    ).toBeUndefined();
  });

  it('inlines the page script’s loader whatever its size, and other assets only under 2 KB', () => {
    const big = Buffer.alloc(4096);
    expect(inlineLimit('/work/site/layouts/BaseLayout.astro_astro_type_script_index_0_lang.ts', big)).toBe(
      true,
    );
    expect(inlineLimit('/work/site/styles/icon.svg', big)).toBe(false);
    expect(inlineLimit('/work/site/styles/icon.svg', Buffer.alloc(100))).toBeUndefined();
  });
});
