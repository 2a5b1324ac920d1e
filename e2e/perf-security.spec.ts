import { test, expect } from '@playwright/test';
import { headerWired } from './helpers/islands.ts';

// In the browser: what the server really sends for every public page (headers, CSP,
// JavaScript before interaction). Pages other branches add are checked once they exist.
const publicPages = [
  '/',
  '/about',
  '/destinations',
  '/courses',
  '/institutions',
  '/support',
  '/scholarships',
  '/about-us',
  '/recruitments',
  '/search?query=data',
  '/payment',
  '/contactform',
  '/job',
  '/terms',
  '/privacy',
  '/student-addmission-information',
  '/higher-education',
];

async function existing(request: import('@playwright/test').APIRequestContext) {
  const found: string[] = [];
  for (const path of publicPages) if ((await request.get(path)).status() === 200) found.push(path);
  return found;
}

/** The page's effective CSP: the header and any <meta http-equiv> policy together. */
async function policies(request: import('@playwright/test').APIRequestContext, path: string) {
  const res = await request.get(path);
  const html = await res.text();
  const meta = [
    ...html.matchAll(
      /<meta[^>]+http-equiv=["']content-security-policy["'][^>]*content=(?:"([^"]+)"|'([^']+)')/gi,
    ),
  ].map((m) => (m[1] ?? m[2])!);
  return { headers: res.headers(), all: [res.headers()['content-security-policy'] ?? '', ...meta] };
}

test('every public page sends HSTS, nosniff, frame-ancestors, referrer and permissions policy', async ({
  request,
}) => {
  const pages = await existing(request);
  expect(pages).toContain('/');
  for (const path of pages) {
    const { headers, all } = await policies(request, path);
    expect(headers['strict-transport-security'], path).toMatch(/max-age=\d{8,}/);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toMatch(/camera=\(\)/);
    expect(all.join(';'), path).toContain("frame-ancestors 'none'");
  }
});

// The security headers of a page, whichever server answered: the CSP's directives in a fixed order.
async function securityHeaders(request: import('@playwright/test').APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  const transport =
    /^(date|etag|last-modified|age|content-(length|type|encoding)|cache-control|cf-cache-status|transfer-encoding|vary|connection|keep-alive|x-cache|server-timing|accept-ranges)$/;
  return Object.fromEntries(
    Object.entries(res.headers())
      .filter(([name]) => !transport.test(name))
      .map(([name, value]) => [
        name,
        name === 'content-security-policy'
          ? value
              .split(';')
              .map((d) => d.trim())
              .filter(Boolean)
              .sort()
              .join('; ')
          : value,
      ]),
  );
}

test('a page the Worker serves carries exactly the security headers of a static page (site/public/_headers)', async ({
  request,
}) => {
  const staticPage = await securityHeaders(request, '/courses');
  expect(staticPage['x-frame-options']).toBe('DENY');
  for (const path of [
    '/subject/ba-graphic-design-coventry-university',
    '/country-details/australia',
    '/job/airport-cleaner-warsaw',
  ])
    expect(await securityHeaders(request, path), path).toEqual(staticPage);
});

test('every public page limits scripts by CSP without unsafe-inline', async ({ request }) => {
  for (const path of await existing(request)) {
    const { all } = await policies(request, path);
    const script = all
      .flatMap((p) => p.split(';'))
      .map((d) => d.trim())
      .filter((d) => d.startsWith('script-src') || d.startsWith('default-src'));
    expect(
      script.some((d) => d.startsWith('script-src')),
      `${path} has a script-src`,
    ).toBe(true);
    for (const d of script) expect(d, path).not.toContain("'unsafe-inline'");
  }
});

// A page without islands runs only the page script (site/client-scripts/page.ts: the header's script
// and the storage helpers it imports, ~7 KB raw, after the first paint: scripts/build/page-scripts.ts): no
// framework. React DOM alone is ~210 KB raw, so a 12 KB cap tells the two apart without naming build
// chunks.
const HEADER_SCRIPT_MAX = 12 * 1024;

test('a page without islands downloads only the header script (no framework), and none breaks its CSP', async ({
  page,
  request,
}) => {
  for (const path of await existing(request)) {
    const html = await (await request.get(path)).text();
    if (html.includes('<astro-island')) continue;
    const scripts: Promise<[string, number]>[] = [];
    const violations: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.body().then((b) => [r.url(), b.length]));
    });
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    if (html.includes('class="site-header"')) await headerWired(page, `${path} runs the header script`);
    expect(
      loaded.reduce((n, [, size]) => n + size, 0),
      `${path}: ${loaded.map(([u]) => u).join(', ')}`,
    ).toBeLessThanOrEqual(HEADER_SCRIPT_MAX);
    expect(violations, path).toEqual([]);
    page.removeAllListeners('response');
    page.removeAllListeners('console');
  }
});

test('the API refuses other origins and a page path the build lacks is a 404, not a 500', async ({
  request,
}) => {
  const evil = await request.get('/api/features', { headers: { Origin: 'https://evil.example' } });
  expect(evil.headers()['access-control-allow-origin']).toBeUndefined();
  const own = await request.get('/api/features', {
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(own.headers()['access-control-allow-origin']).toBe(new URL(test.info().project.use.baseURL!).origin);
  for (const path of ['/no-such-page', '/no/such/deep/page'])
    expect((await request.get(path)).status(), path).toBe(404);
});

test('robots.txt names the sitemap by an absolute URL (Lighthouse SEO)', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  const sitemap = text.match(/^Sitemap: (\S+)$/m)?.[1];
  expect(sitemap).toMatch(/^https?:\/\/[^/]+\/sitemap-index\.xml$/);
  expect((await request.get(new URL(sitemap!).pathname)).status()).toBe(200);
});
