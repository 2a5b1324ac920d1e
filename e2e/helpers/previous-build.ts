import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { movedPage, movedRefs, TEXT_FILE } from '#scripts/lib/another-build.ts';
import { ownStack } from '#scripts/lib/e2e-stacks.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

/**
 * A tab that loaded `path` from the build before the one the server now has:
 * its HTML names every build file under `/_astro/<tag>/` (scripts/lib/another-build.ts), and those
 * files are served (the current build's, moved) until `deploy()`. From then on the server answers
 * for them, 404 as for any file it never had, and for the page, with its own build. With
 * `staleHtml`, the page itself keeps coming from the previous build after the deploy too (a cache
 * that never refreshes): a page that can never load its files.
 */
export async function previousBuild(page: Page, path: string, { staleHtml = false } = {}) {
  const tag = `previous-${crypto.randomUUID().slice(0, 8)}`;
  const files = `/_astro/${tag}/`;
  let deployed = false;
  let gone: Set<string> | undefined;
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document' && new URL(r.url()).pathname === path) documents.push(r.url());
  });
  await page.route(
    (url) => url.pathname.startsWith(files),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      if (deployed && (!gone || gone.has(pathname))) return route.continue();
      const file = join(ownStack.assets, '_astro', pathname.slice(files.length));
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const body = TEXT_FILE.test(file) ? movedRefs(readFileSync(file, 'utf8'), tag) : readFileSync(file);
      await route.fulfill({ status: 200, contentType: type, body });
    },
  );
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().resourceType() !== 'document' || (deployed && !staleHtml)) return route.continue();
      const html = readFileSync(
        join(ownStack.assets, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`),
        'utf8',
      );
      await route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: movedPage(html, tag),
      });
    },
  );
  return {
    /** Where the previous build's files live: the page it serves names them, and no other. */
    files,
    /** Every request for the page itself (the first load, and each reload). */
    documents,
    /**
     * The new build goes live: the previous build's files are gone from the server (`only`: just
     * these paths, as when one chunk of an otherwise unchanged build was rebuilt).
     */
    deploy: (only?: string[]) => {
      deployed = true;
      gone = only && new Set(only);
    },
  };
}
