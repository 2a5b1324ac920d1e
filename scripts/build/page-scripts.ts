// Every page's script after the first paint, behind a ~0.2 KB inline loader; the country pages'
// "Explore Other Countries" script inline.
//
// Why: Lighthouse's mobile LCP counts every script that ran before the largest paint together with
// its download, and the first document's bytes: a document over the first TCP window (~14.6 KB
// with headers) costs another 150 ms round trip in Lantern's network model. The header's script
// (site/client-scripts/site-header.ts) was a module file with imports (storage, paths, sign-out,
// Vite's preload helper), each a round trip before the paint; then inline, ~1.6 KB gzip of every
// first document, beside the footer's year and the web font's warm-up (~0.5 KB with their CSP
// hashes). Now BaseLayout.astro inlines a loader that imports one module, the page script
// (site/client-scripts/page.ts), once the first frame is painted (after-first-paint.ts): what is
// painted is the server's HTML, and the script only wires it (menus, the stored session, search),
// and loads Astro's island runtime where the build took it out of the page (deferred-islands.ts).
//
// Astro inlines a processed <script> only when its chunk has no imports, static or dynamic, and is
// under build.assetsInlineLimit (plugin-scripts.js). So this plugin:
// - gives each of the listed scripts its own copy of every module it imports (the same files,
//   resolved under another id per script), so Rolldown does not split them into chunks shared with
//   the islands or with each other: the inline scripts stay free of imports, and the page script
//   is one file. The country page's script was a 0.7 KB module file that finished before the first
//   paint: a script request has render-blocking priority in Lantern's model, so it put a second
//   round trip into every country page's first paint (simulated FCP 1.2 s against 0.9 s for pages
//   of the same size);
// - emits the page script, the header's lazy search (site/client-scripts/header-search.ts), the
//   video posters' play control (video-embed.ts) and Astro's island runtime as files of their own,
//   and writes each one's URL where a script has its placeholder (PAGE_SCRIPT_URL in
//   BaseLayout.astro, SEARCH_MODULE_URL in site-header.ts, VIDEO_EMBED_URL and ISLAND_RUNTIME_URL
//   in page.ts): an `import()` of a string the bundler never sees is not a dynamic import of the
//   chunk;
// and astro.config.mjs lets the loader past the inline size limit (`inlineLimit` below).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** The page scripts inlined with their own copies of what they import, as Astro names them. */
const INLINE_SCRIPTS = [
  /[\\/]site[\\/]layouts[\\/]BaseLayout\.astro\?astro&type=script/,
  /[\\/]site[\\/]pages[\\/]country-details[\\/]\[id\]\.astro\?astro&type=script/,
  /[\\/]site[\\/]pages[\\/]shell[\\/]country\.astro\?astro&type=script/,
  /[\\/]site[\\/]client-scripts[\\/]page\.ts$/,
];
/** Marks script N's own copy of a module. */
const COPY = /\?inline-copy=(\d+)$/;

/** A chunk's code with `placeholder`, a quoted string whatever the quotes, replaced by `"url"`. */
export const withUrl = (code: string, placeholder: string, url: string) =>
  // Double quotes whatever the minifier chose: scripts/build/page-css.ts reads the URL.
  code.replace(new RegExp(`([\`'"])${placeholder}\\1`, 'g'), `"${url}"`);

/** Which inline script `importer` belongs to (itself, or a copy made for it), if any. */
export function inlineScriptOf(importer: string): number | undefined {
  const copy = COPY.exec(importer);
  if (copy) return Number(copy[1]);
  const index = INLINE_SCRIPTS.findIndex((re) => re.test(importer));
  return index === -1 ? undefined : index;
}
/** The modules loaded by URL, and the placeholder each importer writes instead of the URL. */
const lazyModule = (file: string, name: string, placeholder: string) => ({
  file: fileURLToPath(new URL(`../../site/client-scripts/${file}`, import.meta.url)),
  name,
  placeholder,
});
const LAZY_MODULES = [
  lazyModule('page.ts', 'page', '__PAGE_SCRIPT_URL__'),
  lazyModule('header-search.ts', 'header-search', '__HEADER_SEARCH_MODULE_URL__'),
  lazyModule('video-embed.ts', 'video-embed', '__VIDEO_EMBED_MODULE_URL__'),
];

/**
 * Astro's island runtime as a file (page.ts loads it after the first paint on the pages where
 * scripts/build/deferred-islands.ts took it out), and the placeholder page.ts writes.
 */
const ISLAND_RUNTIME_URL = '__ASTRO_ISLAND_RUNTIME_URL__';
/** The island runtime's code, the text Astro writes inline in a page. */
export async function islandRuntime(): Promise<string> {
  const astro = dirname(createRequire(import.meta.url).resolve('astro/package.json'));
  const prebuilt = pathToFileURL(join(astro, 'dist/runtime/server/astro-island.prebuilt.js')).href;
  return ((await import(prebuilt)) as { default: string }).default;
}

export function pageScripts(): Plugin {
  const refs = new Map<string, string>();
  let command: 'build' | 'serve' = 'build';
  return {
    name: 'page-scripts',
    enforce: 'pre',
    applyToEnvironment: (env) => env.name === 'client',
    configResolved(config) {
      command = config.command;
    },
    async buildStart() {
      if (command !== 'build') return;
      for (const { file, name, placeholder } of LAZY_MODULES)
        refs.set(placeholder, this.emitFile({ type: 'chunk', id: file, name }));
      const source = await islandRuntime();
      refs.set(ISLAND_RUNTIME_URL, this.emitFile({ type: 'asset', name: 'astro-island.js', source }));
    },
    async resolveId(source, importer, options) {
      if (command !== 'build' || !importer) return null;
      const script = inlineScriptOf(importer);
      if (script === undefined) return null;
      const resolved = await this.resolve(source, importer.replace(COPY, ''), { ...options, skipSelf: true });
      if (!resolved || resolved.external || /node_modules|\?/.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}?inline-copy=${script}` };
    },
    // `npm run dev`: the modules straight from the source tree.
    transform(code) {
      if (command !== 'serve') return null;
      let out = code;
      for (const { file, placeholder } of LAZY_MODULES) out = out.replaceAll(placeholder, `/@fs${file}`);
      return out === code ? null : out;
    },
    generateBundle: {
      // Before Astro's own generateBundle reads the inline scripts' code to inline it.
      order: 'pre',
      handler(_options, bundle) {
        for (const [placeholder, ref] of refs) {
          const url = `/${this.getFileName(ref)}`;
          for (const chunk of Object.values(bundle))
            if (chunk.type === 'chunk' && chunk.code.includes(placeholder))
              chunk.code = withUrl(chunk.code, placeholder, url);
        }
      },
    },
  };
}

/**
 * build.assetsInlineLimit: the page script's loader is inlined whatever its size (as a file it would
 * be a request before the first paint); every other asset keeps the 2 KB limit (undefined leaves
 * Vite's own rules, false refuses).
 */
export const inlineLimit = (file: string, content: Buffer) =>
  /BaseLayout\.astro_astro_type_script/.test(file) ? true : content.length < 2048 ? undefined : false;
