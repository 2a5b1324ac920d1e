import type { APIRoute } from 'astro';

// robots.txt needs an absolute Sitemap URL (Lighthouse's SEO audit fails a relative one), so it is
// built from the configured site URL rather than kept as a static file.
// Private pages (sign-in, dashboards, payment, the back office: site/lib/indexing.ts) are kept out
// of search by their `noindex`, not here: a crawler must be allowed to fetch a page to read its
// noindex, and a page blocked here can still be indexed from links to it. Only the API, which has no
// pages, is blocked.
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      `Sitemap: ${new URL('/sitemap-index.xml', site).href}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
