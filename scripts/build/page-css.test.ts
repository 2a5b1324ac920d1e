import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FOLD_MARKER, PAGE_STYLESHEET_ATTRIBUTE } from '#site/lib/fold.ts';
import { hashedUrl, type WriteHashed } from './hashed-file.ts';
import { ISLAND_RUNTIME_MARK } from './deferred-islands.ts';
import { ISLAND_STYLE, prunePageHtml, pruneCss, usableClasses, wordsOf } from './page-css.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const css = [
  'body{margin:0}',
  '.used{color:red}',
  '.unused{color:blue}',
  '.used .unused,.used>p{padding:0}',
  '.used:not(.unused){margin:1px}',
  '@media (min-width:40em){.unused{color:green}}',
  '.alert--error{color:red}',
  '.island-only{color:teal}',
].join('');
/** A built page: the CSP meta tag Astro writes, one inline stylesheet, an inline and a module script. */
const page = ({ body = '', style = css, loader = true } = {}) =>
  `<html><head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-old1=' 'sha256-old2='; style-src 'self' 'sha256-old3='"><style>${style}</style>` +
  (loader ? `<script>document.querySelector('link[${PAGE_STYLESHEET_ATTRIBUTE}]')</script>` : '') +
  `</head><body><div class="used"><p>text</p></div>${body}<script type="module" src="/_astro/island.js"></script></body></html>`;
/** The island's script imports a chunk; the chunk's template names a class prefix. */
const scripts: Record<string, string> = {
  '/_astro/island.js': 'import"./chunk.js";el.className="island-only"',
  '/_astro/chunk.js': 'el.className=`alert--${kind}`',
  '/_astro/page.Ab1-x.js': 'el.className="island-only"',
};
function build() {
  const written = new Map<string, string>();
  const write: WriteHashed = (name, extension, content) => {
    const url = hashedUrl(name, extension, content);
    written.set(url, content);
    return url;
  };
  return { written, files: { read: (url: string) => scripts[url] ?? '', write } };
}
const inline = (html: string) => [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);

describe('page CSS: the inline stylesheet keeps the rules the page can use', () => {
  it('keeps rules whose classes the HTML or a script it loads names, element rules, and :not() of anything', () => {
    const { files } = build();
    const [sheet] = inline(prunePageHtml(page(), files));
    expect(sheet).toContain('body{margin:0}');
    expect(sheet).toContain('.used{color:red}');
    expect(sheet).toContain('.used>p{padding:0}');
    expect(sheet).toContain('.used:not(.unused){margin:1px}');
    // island.js sets the class; chunk.js, imported by it, leaves the run-time prefix `alert--`.
    expect(sheet).toContain('.island-only{color:teal}');
    expect(sheet).toContain('.alert--error{color:red}');
    expect(sheet).not.toContain('.unused{');
    expect(sheet).not.toContain('.used .unused');
    expect(sheet).not.toContain('@media');
  });

  it("leaves an island's rules to the whole stylesheet where the page script starts the islands after it, not where they start by themselves", () => {
    const island = '<astro-island component-url="/_astro/island.js" client="afterpaint"></astro-island>';
    const islandOnly = (html: string) =>
      inline(
        prunePageHtml(
          html.replace('<script type="module" src="/_astro/island.js"></script>', ''),
          build().files,
        ),
      )[0];
    // The loader, and no inline runtime: the page script waits for the whole stylesheet, then starts it.
    expect(islandOnly(page({ body: island }))).not.toContain('.island-only');
    // Astro's runtime inline (a client:load island): it hydrates as the page is parsed.
    const runtime = `<script>${ISLAND_RUNTIME_MARK},class extends HTMLElement{})</script>`;
    expect(islandOnly(page({ body: runtime + island }))).toContain('.island-only{color:teal}');
    // No loader (the back office): nothing waits for the stylesheet.
    expect(islandOnly(page({ body: island, loader: false }))).toContain('.island-only{color:teal}');
    // The page script the loader imports starts the islands: its code chooses nothing either. Another
    // inline script's import runs as the page is parsed: its code does.
    expect(
      islandOnly(page({ body: '<script type="module">import("/_astro/page.Ab1-x.js")</script>' })),
    ).not.toContain('.island-only');
    expect(
      islandOnly(page({ body: '<script type="module">import("/_astro/island.js")</script>' })),
    ).toContain('.island-only{color:teal}');
  });

  it('links the whole stylesheet in a hashed file at the end of the body, disabled until the loader enables it', () => {
    const { files, written } = build();
    const html = prunePageHtml(page(), files);
    const url = hashedUrl('styles/page', 'css', css);
    expect(written.get(url)).toBe(css);
    expect(html).toContain(
      `<link rel="stylesheet" href="${url}" ${PAGE_STYLESHEET_ATTRIBUTE} disabled><noscript><link rel="stylesheet" href="${url}"></noscript></body>`,
    );
    // A page without the loader (the back office's shell) links it enabled.
    expect(prunePageHtml(page({ loader: false }), files)).toContain(
      `<link rel="stylesheet" href="${url}" ${PAGE_STYLESHEET_ATTRIBUTE}></body>`,
    );
  });

  it('links nothing when every rule stays inline, and takes the fold marker out', () => {
    const { files, written } = build();
    const html = prunePageHtml(page({ style: 'body{margin:0}.used{color:red}', body: FOLD_MARKER }), files);
    expect(written.size).toBe(0);
    expect(html).not.toContain('<link');
    expect(html).not.toContain(FOLD_MARKER);
  });

  it('above a fold keeps only the first screen’s rules (no hover, no closed dialog, no unused keyframes or properties) and links the rest there', () => {
    const { files, written } = build();
    const style =
      ':root{--red:red;--blue:blue;--shade:var(--red)}.used{color:var(--shade)}.used:hover{color:blue}' +
      '.below{color:var(--blue)}.in-dialog{color:green}.spin{animation:turn 1s}@keyframes turn{to{rotate:1turn}}@keyframes fade{to{opacity:0}}';
    const html = prunePageHtml(
      page({
        style,
        body: `<dialog><p class="in-dialog"></p></dialog>${FOLD_MARKER}<p class="below spin"></p>`,
      }),
      files,
    );
    const [sheet] = inline(html);
    expect(sheet).toContain('.used{color:var(--shade)}');
    expect(sheet).toContain('--red:red');
    expect(sheet).toContain('--shade:var(--red)');
    for (const left of ['--blue', ':hover', '.below', '.in-dialog', '.spin', '@keyframes'])
      expect(sheet).not.toContain(left);
    const url = hashedUrl('styles/page', 'css', style);
    expect(written.get(url)).toBe(style);
    expect(html).toContain(`<link rel="stylesheet" href="${url}" ${PAGE_STYLESHEET_ATTRIBUTE} disabled>`);
    expect(html.indexOf(url)).toBeLessThan(html.indexOf('class="below spin"'));
  });

  it('names only the page’s own inline styles and scripts in its CSP, keeping the other sources', () => {
    const { files } = build();
    const html = prunePageHtml(page(), files);
    const [sheet] = inline(html);
    const script = `document.querySelector('link[${PAGE_STYLESHEET_ATTRIBUTE}]')`;
    expect(html).toContain(
      `content="default-src 'self'; script-src 'self' ${hash(script)}; style-src 'self' ${hash(sheet!)}"`,
    );
  });

  it('moves Astro’s rule for island elements into the page’s first stylesheet', () => {
    const { files } = build();
    const html = prunePageHtml(page({ body: `${ISLAND_STYLE}<astro-island></astro-island>` }), files);
    expect(html).not.toContain(ISLAND_STYLE);
    expect(inline(html)).toHaveLength(1);
    expect(inline(html)[0]).toContain('astro-island,astro-slot,astro-static-slot{display:contents}');
  });

  it('leaves a page without a stylesheet as it was', () => {
    const html = '<html><body><p class="x"></p></body></html>';
    expect(prunePageHtml(html, build().files)).toBe(html);
  });
});

describe('page CSS: the pruning itself', () => {
  it('finds the classes a page names, and those a run-time prefix starts', () => {
    const words = wordsOf('<p class="card">', 'x=`badge--${tone}`');
    expect([...usableClasses('.card{}.badge--ok{}.other{}', words)].sort()).toEqual(['badge--ok', 'card']);
  });

  it('drops a selector that needs a class the page lacks, keeping the rule’s other selectors', () => {
    expect(pruneCss('.a,.b{color:red}.b{margin:0}', new Set(['a']))).toBe('.a{color:red}');
  });
});
