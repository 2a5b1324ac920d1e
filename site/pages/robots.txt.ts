import type { APIRoute } from 'astro';

// robots.txt needs an absolute Sitemap URL (Lighthouse's SEO audit fails a relative one), so it is
// built from the configured site URL rather than kept as a static file.
export const GET: APIRoute = ({ site }) =>
  new Response(
    ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /dev/', `Sitemap: ${new URL('/sitemap-index.xml', site).href}`, ''].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
