// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { inSitemap } from './site/lib/indexing.ts';
import { chosenEnvironment, siteUrlFor } from './scripts/lib/wrangler-config.ts';
import { pageCss } from './scripts/build/page-css.ts';
import { deferredIslands } from './scripts/build/deferred-islands.ts';
import { pageScripts, inlineLimit } from './scripts/build/page-scripts.ts';
import { apiReference } from './scripts/build/api-reference.ts';

// The public origin of canonical URLs, og:url, the sitemap and robots.txt: SITE_URL from the shell
// when set (npm start, the browser tests and the local rebuild pass the local origin), else the
// same var the Worker gets, from wrangler.toml for the chosen environment (`npm run build -- --env
// staging` or CLOUDFLARE_ENV; none: the top level, production).
const site = process.env.SITE_URL || siteUrlFor(chosenEnvironment());

/** Registers `client:afterpaint` (site/directives/after-paint.ts). @returns {import('astro').AstroIntegration} */
function afterPaint() {
  return {
    name: 'after-paint',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) =>
        addClientDirective({ name: 'afterpaint', entrypoint: './site/directives/after-paint.ts' }),
    },
  };
}

export default defineConfig({
  site,
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  // The spec's routes have no trailing slash (/courses, /subject/<id>): pages are served and linked
  // that way, canonical and sitemap URLs too, and the assets server answers /courses from
  // courses/index.html without a redirect (wrangler.toml html_handling = "drop-trailing-slash").
  trailingSlash: 'never',
  // The sitemap lists exactly the pages that may be indexed (site/lib/indexing.ts: the layout writes
  // noindex on the others).
  // deferredIslands: Astro's island runtime after the first paint where no island needs it sooner,
  // and large afterpaint props in files (scripts/build/deferred-islands.ts); before pageCss, which
  // hashes the inline scripts left.
  // pageCss: each page's inline stylesheet keeps only the rules the page can use, and its CSP names
  // only the page's own inline styles and scripts (scripts/build/page-css.ts).
  // afterPaint: `client:afterpaint`, hydration after the first paint (site/directives/after-paint.ts).
  integrations: [
    react(),
    sitemap({
      filter: (page) => inSitemap(new URL(page).pathname),
      // The programs and jobs the Worker renders, which no built page stands for (site/pages/sitemap-catalogue.xml.ts).
      customSitemaps: [new URL('/sitemap-catalogue.xml', site).href],
    }),
    deferredIslands(),
    pageCss(),
    afterPaint(),
    // apiReference: Swagger UI's files for the API reference page at /api/docs (scripts/build/api-reference.ts).
    apiReference(),
  ],
  // A strict CSP on every page: script-src/style-src are hashes of what the page really runs (no
  // 'unsafe-inline' for scripts). Inline style attributes (React's style={}) stay allowed through
  // style-src-attr only. A page needing more (the Stripe hosts on /payment) adds them with
  // Astro.csp.insertDirective / insertScriptResource in its frontmatter.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  // Every stylesheet inline: the site's CSS is ~6 KB brotli, and a linked stylesheet blocks the
  // first paint for a whole round trip (Lighthouse: 180-330 ms of render delay per file on a mobile
  // profile). Astro's CSP hashes inlined styles like any other it emits.
  build: { format: 'directory', inlineStylesheets: 'always' },
  vite: {
    // Islands' entry chunks may export more than the component (the home group below needs it;
    // Astro sets 'exports-only' for the client build, so this runs as the last options hook).
    plugins: [
      // Every page's script (the header, the footer's year, the web font, the island runtime where
      // the page left it out) as one file loaded after the first paint by a loader inline in every
      // page; the country pages' back-link script inline; the header's lazy search as a chunk of its
      // own (scripts/build/page-scripts.ts).
      pageScripts(),
      {
        name: 'island-entry-signatures',
        enforce: 'post',
        applyToEnvironment: (env) => env.name === 'client',
        options(opts) {
          opts.preserveEntrySignatures = 'allow-extension';
          return opts;
        },
      },
    ],
    build: {
      // 2 KB, except the page script's loader, inlined whatever its size (scripts/build/page-scripts.ts).
      assetsInlineLimit: inlineLimit,
      // zod schema builders are pure: an island that imports a contract module only for its
      // messages or constants must not pull the schemas (and zod) into its bundle.
      rolldownOptions: {
        treeshake: { manualPureFunctions: ['z'] },
      },
    },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            // The home page's islands (only / and /about use them) as one chunk: one brotli stream
            // compresses better than ten small ones (the page-weight budget, docs/performance.md). Not their built-in content
            // (site/lib/fallbacks.ts): the islands load it only when a call fails.
            output: {
              codeSplitting: {
                groups: [
                  {
                    // React, React DOM, the scheduler, Astro's React renderer and Vite's preload
                    // helper: every island page loads all of them, and one brotli stream is ~1 KB
                    // smaller than the four files Rolldown made of them (the 80 KB JavaScript budget).
                    // The renderer entry becomes this chunk (no facade file).
                    name: 'react',
                    test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@astrojs[\\/]react[\\/]dist)[\\/]|preload-helper/,
                    includeDependenciesRecursively: false,
                  },
                  {
                    // TanStack Query's core (client, caches, queries, mutations) in one chunk with
                    // the provider and the client the query islands share (with-query.tsx,
                    // query-client.ts): left to itself, Rolldown splits it again
                    // around each lazily loaded island part that uses a mutation (a dashboard's
                    // second tab), and every island page pays for the extra file. The observers
                    // stay out: useQuery's and useMutation's code only where they are used.
                    name: 'with-query',
                    test: /[\\/](?:@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/](?!\w*Observer\.js)|@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]QueryClientProvider\.js|site[\\/]islands[\\/]common[\\/]with-query\.tsx|site[\\/]lib[\\/]query-client\.ts)/,
                    // Not React and the other modules these import: those stay where they were.
                    includeDependenciesRecursively: false,
                  },
                  {
                    // What only the dashboards share (tabs, sign-out everywhere, "Your data"): three
                    // chunks of 0.2-0.4 KB brotli each as one.
                    name: 'dashboard',
                    test: /[\\/]site[\\/]islands[\\/]common[\\/](?:tab-props\.ts|use-sign-out-everywhere\.ts|LazyPrivacyPanel\.tsx)/,
                    includeDependenciesRecursively: false,
                  },
                  {
                    name: 'home',
                    test: /[\\/]site[\\/]islands[\\/]home[\\/]/,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      },
    },
    // `npm run dev`: Astro's live-reload server forwards API calls to wrangler dev.
    server: process.env.ASTRO_DEV_PROXY ? { proxy: { '/api': process.env.ASTRO_DEV_PROXY } } : {},
  },
});
