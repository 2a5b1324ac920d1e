// The pages of the build this worker's server serves (dist/ or its stack's copy), read from disk:
// every route, not a list someone has to keep in step with site/pages.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ownStack } from '../../scripts/lib/e2e-stacks.ts';

const DIST = ownStack.assets;
// Not the product's pages: the perf run's SPA peer and floor page.
const foreign = /^\/(peer|perf-floor)(\/|$)/;

export interface BuiltPage {
  /** The route as linked: /courses, /job/x, / */
  route: string;
  file: string;
  html: string;
}

/** Every HTML page of the build with its route. */
export function builtPages(): BuiltPage[] {
  const out: BuiltPage[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith('.html')) {
        const rel = `/${relative(DIST, file).replace(/\\/g, '/')}`;
        const route = rel === '/index.html' ? '/' : rel.replace(/\/index\.html$/, '').replace(/\.html$/, '');
        if (!foreign.test(route)) out.push({ route, file, html: readFileSync(file, 'utf8') });
      }
    }
  };
  walk(DIST);
  return out.sort((a, b) => a.route.localeCompare(b.route));
}

/** The markup without <script>, <style> and <template> bodies (their text is not elements). */
export const markupOnly = (html: string) =>
  html.replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>/gi, '');

/** The routes in the built sitemap (as paths). */
export function sitemapRoutes(): string[] {
  const index = readFileSync(join(DIST, 'sitemap-index.xml'), 'utf8');
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
    new URL(m[1]!).pathname.replace(/^\//, ''),
  );
  return files.flatMap((f) =>
    [...readFileSync(join(DIST, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]!).pathname,
    ),
  );
}
