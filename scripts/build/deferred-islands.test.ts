import { describe, expect, it } from 'vitest';
import { deferIslandsInHtml, ISLAND_RUNTIME_MARK, PROPS_INLINE_MAX } from './deferred-islands.ts';
import { hashedUrl, type WriteHashed } from './hashed-file.ts';

// Pages as Astro writes them (the markers are checked against Astro's own output in
// astro-markers.test.ts): the island runtime inline before the first island, each directive's
// script beside it, islands with their props escaped in an attribute.
const runtime = `<script>(()=>{class A extends HTMLElement{};${ISLAND_RUNTIME_MARK},A)})();</script>`;
const directive = (name: string) =>
  `<script>(()=>{var a=()=>{};(self.Astro||(self.Astro={})).${name}=a;window.dispatchEvent(new Event("astro:${name}"));})();</script>`;
const island = (client: string, props = '{}') =>
  `<astro-island uid="Z1abc" component-url="/_astro/Finder.x1.js" component-export="default" renderer-url="/_astro/react.x2.js" props="${props}" ssr client="${client}" opts="{&quot;name&quot;:&quot;Finder&quot;,&quot;value&quot;:true}"><p>server html</p></astro-island>`;
/** The page script's loader (BaseLayout.astro): present on every page of the site. */
const loader = `<script type="module">requestAnimationFrame(()=>import("/_astro/page.Ab3_x.js"))</script>`;
const page = (...body: string[]) => `<html><head></head><body>${body.join('')}</body></html>`;

/** Records what the transform writes, named as the build names it. */
function files() {
  const written = new Map<string, string>();
  const write: WriteHashed = (name, extension, content) => {
    const url = hashedUrl(name, extension, content);
    written.set(url, content);
    return url;
  };
  return { written, write };
}

describe('deferred islands', () => {
  it('takes the runtime and its directive out of a page whose islands all wait, naming the directive’s file on each island', () => {
    const { written, write } = files();
    const out = deferIslandsInHtml(
      page(
        `<style>astro-island{display:contents}</style>`,
        directive('visible'),
        runtime,
        island('visible'),
        loader,
      ),
      write,
    );
    expect(out.runtime).toBe(true);
    expect(out.html).not.toContain(ISLAND_RUNTIME_MARK);
    expect(out.html).not.toContain('astro:visible');
    const url = hashedUrl(
      'directives/visible',
      'js',
      directive('visible').slice('<script>'.length, -'</script>'.length),
    );
    expect(written.get(url)).toContain('new Event("astro:visible")');
    expect(out.html).toContain(`client="visible" directive-url="${url}"`);
  });

  it('keeps the runtime where an island hydrates at load, or the page has no page-script loader', () => {
    const { write } = files();
    const atLoad = deferIslandsInHtml(
      page(directive('load'), runtime, island('load'), island('idle'), loader),
      write,
    );
    expect(atLoad.runtime).toBe(false);
    expect(atLoad.html).toContain(ISLAND_RUNTIME_MARK);
    expect(atLoad.html).toContain('astro:load');
    const noLoader = deferIslandsInHtml(page(directive('idle'), runtime, island('idle')), write);
    expect(noLoader.runtime).toBe(false);
    expect(noLoader.html).toContain(ISLAND_RUNTIME_MARK);
  });

  it('drops the attributes no script reads: uid, the default export, the component’s name in opts', () => {
    const { html } = deferIslandsInHtml(page(island('load')), files().write);
    expect(html).not.toContain('uid=');
    expect(html).not.toContain('component-export=');
    expect(html).toContain('opts="{&quot;value&quot;:true}"');
    expect(html).toContain('component-url="/_astro/Finder.x1.js"');
  });

  it('moves an afterpaint island’s props over the limit to a file, unescaped, and leaves smaller ones inline', () => {
    const { written, write } = files();
    const big = JSON.stringify({ text: 'x'.repeat(PROPS_INLINE_MAX), quote: `"it's" <b> & co` });
    const escaped = big
      .replaceAll('&', '&amp;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#39;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;');
    const small = '{&quot;a&quot;:1}';
    const out = deferIslandsInHtml(
      page(island('afterpaint', escaped), island('afterpaint', small), island('visible', escaped)),
      write,
    );
    expect(out.props).toBe(true);
    const url = hashedUrl('props/island', 'json', big);
    expect(written.get(url)).toBe(big);
    expect(out.html).toContain(`props-url="${url}"`);
    expect(out.html).toContain(`props="${small}"`);
    // Only afterpaint islands fetch their props (site/directives/after-paint.ts).
    expect(out.html).toContain(`client="visible"`);
    expect(out.html.match(new RegExp(`props="[^"]{${PROPS_INLINE_MAX},}"`, 'g'))).toHaveLength(1);
  });

  it('leaves a page without islands as it was', () => {
    const html = page('<p class="a">text</p>', loader);
    expect(deferIslandsInHtml(html, files().write)).toEqual({ html, runtime: false, props: false });
  });
});
