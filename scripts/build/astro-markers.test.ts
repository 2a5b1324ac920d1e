// The canary: the build's post-processing (this folder) finds what it rewrites in Astro's output by
// text: the island runtime's inline script, the directives' scripts, <astro-island>'s attributes,
// inline <style> elements, the CSP meta tag. If an Astro upgrade changes any of them, the patterns
// stop matching and the build still succeeds, with pages that are larger and slower than they were
// and nothing said. Here Astro's own compiler and renderer (the Container API) render a small page
// with islands, and each pattern the build modules export must find its marker in what Astro wrote.
//
// The islands' server rendering is a stand-in: @astrojs/react's server renderer imports a virtual
// module only Astro's Vite plugin provides (astro:react:opts), and what the build matches is all
// Astro's (the island element, its attributes, the runtime and directives' scripts), not React's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { SSRManifest } from 'astro';
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';
import * as islands from './deferred-islands.ts';
import * as pageCss from './page-css.ts';
import { islandRuntime } from './page-scripts.ts';
import { renderAllHeadContent } from 'astro/runtime/server/render/head.js';

const require = createRequire(import.meta.url);
const astroVersion = (require('astro/package.json') as { version: string }).version;

/** The failure message: what changed, what it breaks, where to look. */
const changed = (marker: string, module: string) =>
  `ASTRO'S OUTPUT CHANGED (astro ${astroVersion}): ${marker} is no longer in what Astro renders. ` +
  `scripts/build/${module} matches on it; without it the build's post-processing silently does nothing ` +
  `(the build passes, and pages keep what it should have taken out). Match Astro's new output there.`;

/** Every match of a pattern (a global one from a build module) in the text. */
const all = (pattern: RegExp, text: string) => [...text.matchAll(new RegExp(pattern.source, 'g'))];

/** The page's source: islands as the site writes them, one of each kind of directive the build treats apart. */
const PAGE = (island: string) => `---
import Island from '${island}';
---
<html><head><title>t</title></head><body>
<Island client:visible title={"It's <b> & \\"quoted\\""} />
<Island client:idle title="idle" />
<Island client:afterpaint title="afterpaint" />
</body></html>`;

let html = '';
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'astro-markers-'));
  // An island's module: a component the stand-in renderer below renders.
  const island = join(dir, 'Island.mjs');
  writeFileSync(island, `export default function Island() {}\n`);
  // Astro's compiler, the one its build uses (a dependency of astro, not of this project).
  const fromAstro = createRequire(join(dirname(require.resolve('astro/package.json')), 'package.json'));
  const compiler = (await import(pathToFileURL(fromAstro.resolve('@astrojs/compiler-rs')).href)) as {
    transform: (source: string, options: object) => { code: string };
  };
  const page = join(dir, 'Page.mjs');
  const { code } = compiler.transform(PAGE(island), {
    filename: join(dir, 'Page.astro'),
    internalURL: pathToFileURL(require.resolve('astro/compiler-runtime')).href,
    resolvePath: (specifier: string) => specifier,
  });
  writeFileSync(page, code);
  const { default: Page } = (await import(pathToFileURL(page).href)) as { default: AstroComponentFactory };

  // As in the build, each script is a file under /_astro/ (the build's manifest resolves them so).
  const container = await AstroContainer.create({
    resolve: async (specifier) =>
      `/_astro/${specifier.replace(/^.*[\\/]/, '').replace(/\.\w+$/, '')}.Hash123.js`,
    // Astro's own directives' scripts; client:afterpaint is the site's (site/directives/after-paint.ts),
    // which Astro builds into the same shape of script: a stand-in here.
    manifest: {
      clientDirectives: new Map([
        ['visible', visibleDirective],
        ['idle', idleDirective],
        ['afterpaint', visibleDirective.replaceAll('visible', 'afterpaint')],
      ]),
    } as Partial<SSRManifest> as SSRManifest,
  });
  container.addServerRenderer({
    name: '@astrojs/react',
    renderer: {
      name: '@astrojs/react',
      check: () => Promise.resolve(true),
      renderToStaticMarkup: (_component, props: { title: string }) =>
        Promise.resolve({ html: `<p class="island">${props.title.replaceAll('<', '&lt;')}</p>` }),
    },
  });
  container.addClientRenderer({ name: '@astrojs/react', entrypoint: '@astrojs/react/client.js' });
  html = await container.renderToString(Page, { partial: false });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Astro output the build post-processing depends on (a failure here: Astro changed)', () => {
  it('has the island runtime inline, as page-scripts.ts emits it for the pages deferred-islands.ts takes it from', async () => {
    const runtime = islands.RUNTIME.exec(html);
    expect(
      runtime,
      changed(`the island runtime's inline script (${islands.ISLAND_RUNTIME_MARK})`, 'deferred-islands.ts'),
    ).not.toBeNull();
    expect(
      runtime![1],
      changed('the island runtime page-scripts.ts emits as a file', 'page-scripts.ts'),
    ).toBe(await islandRuntime());
  });

  it('has each directive’s inline script, announcing itself', () => {
    const names = all(islands.DIRECTIVE_SCRIPT, html).map((m) => m[2]);
    expect(
      names,
      changed(
        'a directive\'s inline script ((()=>{…window.dispatchEvent(new Event("astro:<name>"))…})())',
        'deferred-islands.ts',
      ),
    ).toEqual(expect.arrayContaining(['visible', 'idle']));
  });

  it('has <astro-island> elements naming their directive, props and the attributes the build drops', () => {
    const tags = all(islands.ISLAND_TAG, html).map((m) => m[0]);
    expect(tags, changed('<astro-island …>', 'deferred-islands.ts')).toHaveLength(3);
    expect(
      all(islands.DIRECTIVE, html).map((m) => m[1]),
      changed('an island\'s client="<directive>"', 'deferred-islands.ts'),
    ).toEqual(['visible', 'idle', 'afterpaint']);
    expect(
      all(islands.AFTERPAINT_PROPS, html),
      changed('an afterpaint island\'s client="afterpaint"', 'deferred-islands.ts'),
    ).toHaveLength(1);
    for (const tag of tags) {
      expect(tag, changed('an island\'s uid="…"', 'deferred-islands.ts')).toMatch(islands.UID);
      expect(tag, changed('an island\'s component-export="default"', 'deferred-islands.ts')).toMatch(
        islands.DEFAULT_EXPORT,
      );
      expect(tag, changed('an island\'s opts="{&quot;name&quot;:…}"', 'deferred-islands.ts')).toMatch(
        islands.OPTS_NAME,
      );
    }
  });

  it('escapes props in their attribute as deferred-islands.ts unescapes them', () => {
    const props = all(islands.PROPS, html).map((m) => m[1]!);
    expect(props, changed('an island\'s props="…"', 'deferred-islands.ts')).toHaveLength(3);
    const visible = JSON.parse(islands.unescapeAttribute(props[0]!)) as unknown;
    expect(JSON.stringify(visible), changed('the escaping of props="…"', 'deferred-islands.ts')).toContain(
      `It's <b> & \\"quoted\\"`,
    );
  });

  it('names the islands’ scripts as page-css.ts follows them', () => {
    const urls = new Set(all(pageCss.SCRIPT_URL, html).map((m) => m[1] ?? m[2]));
    expect([...urls], changed('an island\'s component-url="…" and renderer-url="…"', 'page-css.ts')).toEqual(
      expect.arrayContaining(['/_astro/Island.Hash123.js', '/_astro/client.Hash123.js']),
    );
  });

  it('writes the island elements’ rule as its own <style>, and inline scripts without attributes', () => {
    expect(html, changed(`Astro's island rule (${pageCss.ISLAND_STYLE})`, 'page-css.ts')).toContain(
      pageCss.ISLAND_STYLE,
    );
    expect(all(pageCss.STYLE, html), changed('an inline <style>…</style>', 'page-css.ts')).toHaveLength(1);
    // The runtime and three directives' scripts (afterpaint's is the site's own: not in the container).
    expect(
      all(pageCss.SCRIPT, html).length,
      changed('an inline <script>…</script>', 'page-css.ts'),
    ).toBeGreaterThanOrEqual(3);
  });
});

describe('the head Astro writes for a page (a failure here: Astro changed)', () => {
  // The Container API never writes the CSP meta tag nor a page's bundled stylesheets: this is the
  // function that writes both into every built page's <head>, given what the build hands it (the
  // page's inlined stylesheet, security.csp's directives and hashes).
  const head = String(
    renderAllHeadContent({
      _metadata: { extraScriptHashes: [], extraStyleHashes: [], extraHead: [] },
      shouldInjectCspMetaTags: true,
      cspDestination: 'meta',
      directives: ["default-src 'self'"],
      scriptDirective: { resources: [], hashes: ['sha256-script='], strictDynamic: false },
      styleDirective: { resources: ["'self'"], hashes: ['sha256-style='] },
      styles: new Set([{ props: {}, children: '.a{color:red}' }]),
      scripts: new Set(),
      links: new Set(),
      compressHTML: true,
    } as unknown as Parameters<typeof renderAllHeadContent>[0]),
  );

  it('writes a page’s bundled stylesheet as an inline <style>', () => {
    expect(
      all(pageCss.STYLE, head).map((m) => m[1]),
      changed("a page's inline <style>…</style>", 'page-css.ts'),
    ).toEqual(['.a{color:red}']);
  });

  it('writes the CSP as a meta tag whose script-src and style-src list the hashes', () => {
    const meta = pageCss.CSP_META.exec(head)?.[0];
    expect(
      meta,
      changed('<meta http-equiv="content-security-policy" content="…">', 'page-css.ts'),
    ).toBeDefined();
    expect(meta, changed("the CSP's script-src 'sha256-…'", 'page-css.ts')).toMatch(
      /script-src [^;"]*'sha256-script='/,
    );
    expect(meta, changed("the CSP's style-src 'sha256-…'", 'page-css.ts')).toMatch(
      /style-src [^;"]*'sha256-style='/,
    );
  });
});
