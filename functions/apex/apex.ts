// The bare domain's Worker (wrangler.apex.toml): every request to https://example.com is sent,
// permanently, to the same path and query on the site's origin (SITE_URL, https://www.example.com).
//
// A Worker of its own, not a second custom domain on the site's Worker: that Worker serves its
// built pages from the assets layer before any of its code runs (only `run_worker_first` paths reach
// it), so on the bare domain it would serve a second copy of the site instead of redirecting. This
// one has no assets, so its code answers every path.

/** What the apex Worker is configured with: the origin it sends everyone to. */
export interface ApexEnv {
  SITE_URL: string;
}

/** A permanent redirect is cached by browsers; a day in shared caches lets a mistake be corrected. */
const CACHE = 'public, max-age=86400';

/** The site's origin from SITE_URL, or null when it is not an http(s) URL on another host. */
function targetOrigin(siteUrl: string, requestHost: string) {
  if (!URL.canParse(siteUrl)) return null;
  const target = new URL(siteUrl);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  // Redirecting to the host asked for would loop forever in the browser.
  if (target.host === requestHost) return null;
  return target.origin;
}

export default {
  fetch(request: Request, env: ApexEnv): Response {
    const url = new URL(request.url);
    const origin = targetOrigin(env.SITE_URL ?? '', url.host);
    if (!origin)
      return new Response('SITE_URL of the apex Worker must be the site’s origin on another host.', {
        status: 500,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    // 301 for reads; 308 for everything else, so a form posted to the bare domain is posted again,
    // not turned into a GET by the browser.
    const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    return new Response(null, {
      status,
      headers: { Location: `${origin}${url.pathname}${url.search}`, 'Cache-Control': CACHE },
    });
  },
} satisfies ExportedHandler<ApexEnv>;
