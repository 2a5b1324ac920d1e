// What search engines and social networks read. Private and
// transactional pages carry noindex and stay out of the sitemap, robots.txt agrees with both, and
// every page names a 1200 × 630 PNG share image that exists.
import { existsSync, readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { builtPages, sitemapRoutes } from './helpers/built-pages.ts';

const robotsMeta = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? '';
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/:/g, ':')}" content="([^"]*)"`).exec(html)?.[1];

/** Width and height from a PNG's IHDR chunk (bytes 16-23), or undefined when it is not a PNG. */
function pngSize(bytes: Buffer) {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (
    bytes.length < 24 ||
    !bytes.subarray(0, 8).equals(signature) ||
    bytes.subarray(12, 16).toString('latin1') !== 'IHDR'
  )
    return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// The list, named one by one (site/lib/indexing.ts may add more, never fewer).
const privateRoutes = [
  '/login',
  '/login-partner-account',
  '/profile-bashboard-student',
  '/profile',
  '/partnerdashboard',
  '/payment',
  '/verify-your-partner-account',
  '/shell/job',
  '/shell/country',
  '/shell/subject',
  '/admin',
  '/admin/login',
  '/admin/inbox',
  '/registration-step-to-step',
  '/become-our-partner-registerhere',
  '/forgot-password',
  '/partner-forgot-password',
  '/my-applications',
];

test.describe('indexing: noindex, sitemap and robots.txt agree', () => {
  test('private and transactional pages carry noindex, public pages do not, and the sitemap lists exactly the indexable pages', () => {
    const pages = builtPages();
    expect(pages.length).toBeGreaterThan(100);
    const byRoute = new Map(pages.map((p) => [p.route, p]));
    for (const route of privateRoutes) {
      const page = byRoute.get(route);
      expect(page, `${route} is built`).toBeDefined();
      expect(robotsMeta(page!.html), route).toContain('noindex');
    }
    const sitemap = new Set(sitemapRoutes());
    for (const route of privateRoutes) expect(sitemap.has(route), `${route} not in the sitemap`).toBe(false);
    for (const page of pages) {
      const noindex = robotsMeta(page.html).includes('noindex');
      if (noindex) {
        expect(sitemap.has(page.route), `${page.route} has noindex and is in the sitemap`).toBe(false);
        expect(
          canonicalOf(page.html),
          `${page.route}: a noindex page names no canonical URL`,
        ).toBeUndefined();
      } else {
        // An indexable page is in the sitemap unless it is another route's duplicate (its canonical says which).
        const canonical = new URL(canonicalOf(page.html) ?? 'http://x/none').pathname;
        if (canonical === page.route)
          expect(sitemap.has(page.route), `${page.route} is indexable but missing from the sitemap`).toBe(
            true,
          );
        else
          expect(sitemap.has(page.route), `${page.route} (canonical ${canonical}) is a duplicate`).toBe(
            false,
          );
      }
    }
    // Every sitemap URL is a built, indexable page whose canonical URL is itself.
    for (const route of sitemap) {
      const page = byRoute.get(route);
      expect(page, `${route} in the sitemap is built`).toBeDefined();
      expect(robotsMeta(page!.html), route).not.toContain('noindex');
      expect(new URL(canonicalOf(page!.html)!).pathname, route).toBe(route);
    }
    // Public pages people search for are in it.
    for (const route of [
      '/',
      '/courses',
      '/destinations',
      '/recruitments',
      '/job',
      '/country-details/ireland',
      '/job/warehouse-operative-rotterdam',
    ])
      expect(sitemap.has(route), route).toBe(true);
  });

  test('robots.txt blocks no page: neither one in the sitemap nor one whose noindex a crawler must read', async ({
    request,
  }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap-index\.xml$/m);
    const disallowed = [...robots.matchAll(/^Disallow:\s*(\S+)/gm)].map((m) => m[1]!);
    const blocked = (route: string) =>
      disallowed.some((d) => route === d.replace(/\/$/, '') || route.startsWith(d));
    for (const page of builtPages())
      expect(blocked(page.route), `${page.route} is blocked by robots.txt`).toBe(false);
    expect(blocked('/api/countries')).toBe(true);
  });

  test('the served pages carry it too (a private page, a shell, a dashboard, a public page)', async ({
    request,
  }) => {
    for (const route of ['/login', '/shell/job', '/partnerdashboard', '/payment', '/admin/login']) {
      const html = await (await request.get(route)).text();
      expect(robotsMeta(html), route).toContain('noindex');
    }
    const home = await (await request.get('/')).text();
    expect(robotsMeta(home)).toBe('');
    expect(canonicalOf(home)).toMatch(/\/$/);
  });
});

test.describe('share images', () => {
  test('every page names a 1200 × 630 PNG that the build produced; countries and jobs have their own', async ({
    request,
  }) => {
    const images = new Set<string>();
    for (const page of builtPages()) {
      if (page.route.startsWith('/admin')) continue; // the back office is not shared
      const image = meta(page.html, 'og:image');
      expect(image, page.route).toMatch(/\.png$/);
      expect(meta(page.html, 'og:image:width'), page.route).toBe('1200');
      expect(meta(page.html, 'og:image:height'), page.route).toBe('630');
      expect(meta(page.html, 'twitter:card'), page.route).toBe('summary_large_image');
      expect(meta(page.html, 'twitter:image'), page.route).toBe(image);
      images.add(new URL(image!).pathname);
      if (page.route.startsWith('/country-details/'))
        expect(image, page.route).toContain(`/og/country/${page.route.split('/')[2]}.png`);
      if (/^\/job\/[^/]+$/.test(page.route))
        expect(image, page.route).toContain(`/og/job/${page.route.split('/')[2]}.png`);
    }
    expect(images.has('/og/default.png')).toBe(true);
    for (const path of images) {
      expect(existsSync(`dist${path}`), path).toBe(true);
      expect(pngSize(readFileSync(`dist${path}`)), path).toEqual({ width: 1200, height: 630 });
    }
    // Served as PNG by the assets server.
    const res = await request.get('/og/job/warehouse-operative-rotterdam.png');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(pngSize(await res.body())).toEqual({ width: 1200, height: 630 });
  });
});
