// The header's script inline in every page (issue 16 item 15), instead of a module file and the
// shared chunks it imports; the same for the country pages' "Explore Other Countries" script.
//
// Why: Lighthouse's mobile LCP counts every script that ran before the largest paint together with
// its download, and the header's script (site/components/SiteHeader.astro) runs right after the
// parse: one request, then its imports (storage, paths, sign-out, Vite's preload helper), each a
// 150 ms round trip in Lantern's network model, on every page. Inline, it costs its bytes in the
// first document (~2 KB gzip) and nothing else.
//
// Astro inlines a processed <script> only when its chunk has no imports, static or dynamic, and is
// under build.assetsInlineLimit (plugin-scripts.js). So this plugin:
// - gives each of these scripts its own copy of every module it imports (the same files, resolved
//   under another id per script), so Rolldown does not split them into chunks shared with the
//   islands or with each other. The country page's script was a 0.7 KB module file that finished
//   before the first paint: a script request has render-blocking priority in Lantern's model, so
//   it put a second round trip into every country page's first paint (simulated FCP 1.2 s against
//   0.9 s for pages of the same size, issue 16 item 15);
// - emits the header's lazy search (site/client-scripts/header-search.ts) as a chunk of its own and
//   writes that chunk's URL where site-header.ts has the placeholder SEARCH_MODULE_URL: an
//   `import()` of a string the bundler never sees is not a dynamic import of the chunk;
// and astro.config.mjs lets this one script past the inline size limit (`inlineLimit` below).
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The page scripts inlined with their own copies of what they import, as Astro names them. */
const INLINE_SCRIPTS = [
  /[\\/]site[\\/]components[\\/]SiteHeader\.astro\?astro&type=script/,
  /[\\/]site[\\/]pages[\\/]country-details[\\/]\[id\]\.astro\?astro&type=script/,
  /[\\/]site[\\/]pages[\\/]shell[\\/]country\.astro\?astro&type=script/,
];
/** Marks script N's own copy of a module. */
const COPY = /\?inline-copy=(\d+)$/;

/** Which inline script `importer` belongs to (itself, or a copy made for it), if any. */
function inlineScriptOf(importer: string): number | undefined {
  const copy = COPY.exec(importer);
  if (copy) return Number(copy[1]);
  const index = INLINE_SCRIPTS.findIndex((re) => re.test(importer));
  return index === -1 ? undefined : index;
}
/** What site-header.ts imports lazily, and the placeholder it writes instead of the URL. */
const SEARCH = fileURLToPath(new URL('../../site/client-scripts/header-search.ts', import.meta.url));
export const SEARCH_MODULE_URL = '__HEADER_SEARCH_MODULE_URL__';

export function inlineHeader(): Plugin {
  let searchRef: string | undefined;
  let command: 'build' | 'serve' = 'build';
  return {
    name: 'inline-header',
    enforce: 'pre',
    applyToEnvironment: (env) => env.name === 'client',
    configResolved(config) {
      command = config.command;
    },
    buildStart() {
      if (command === 'build')
        searchRef = this.emitFile({ type: 'chunk', id: SEARCH, name: 'header-search' });
    },
    async resolveId(source, importer, options) {
      if (command !== 'build' || !importer) return null;
      const script = inlineScriptOf(importer);
      if (script === undefined) return null;
      const resolved = await this.resolve(source, importer.replace(COPY, ''), { ...options, skipSelf: true });
      if (!resolved || resolved.external || /node_modules|\?/.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}?inline-copy=${script}` };
    },
    // `npm run dev`: the search module straight from the source tree.
    transform(code) {
      if (command === 'serve' && code.includes(SEARCH_MODULE_URL))
        return code.replaceAll(SEARCH_MODULE_URL, `/@fs${SEARCH}`);
      return null;
    },
    generateBundle: {
      // Before Astro's own generateBundle reads the header chunk's code to inline it.
      order: 'pre',
      handler(_options, bundle) {
        if (!searchRef) return;
        const url = `/${this.getFileName(searchRef)}`;
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.code.includes(SEARCH_MODULE_URL))
            // Double quotes whatever the minifier chose: scripts/lib/page-css.ts reads the URL.
            chunk.code = chunk.code.replace(new RegExp(`([\`'"])${SEARCH_MODULE_URL}\\1`, 'g'), `"${url}"`);
      },
    },
  };
}

/**
 * build.assetsInlineLimit: the header script is inlined whatever its size (~6 KB raw, ~2 KB gzip);
 * every other asset keeps the 2 KB limit (undefined leaves Vite's own rules, false refuses).
 */
export const inlineLimit = (file: string, content: Buffer) =>
  /SiteHeader\.astro_astro_type_script/.test(file) ? true : content.length < 2048 ? undefined : false;
