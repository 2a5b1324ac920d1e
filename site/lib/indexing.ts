// Which pages search engines may index, in one place: the layout writes `noindex` from it, the
// sitemap leaves the same pages out (astro.config.mjs), and robots.txt must not block them (a
// crawler has to fetch a page to read its noindex). e2e/seo-indexing.spec.ts checks all three.

/**
 * Private and transactional pages: sign-in, registration and password reset, every dashboard, the
 * payment page and the payer's receipt (/payment/receipt/{id}), account verification, the fallback
 * shells, the back office and development tools, the account pages e-mailed links open,
 * and pages that only answer a query or an error. A prefix ending in "/" covers the folder.
 */
export const noindexRoutes = [
  '/login',
  '/login-partner-account',
  '/forgot-password',
  '/partner-forgot-password',
  '/registration-step-to-step',
  '/become-our-partner-registerhere',
  '/verify-your-partner-account',
  '/profile',
  '/profile-bashboard-student',
  '/partnerdashboard',
  '/my-applications',
  '/my-applications/',
  '/payment',
  '/payment/',
  '/consultation',
  '/consultation/',
  '/search',
  '/compare',
  '/404',
  '/shell/',
  '/admin',
  '/admin/',
  '/dev/',
  '/account/',
] as const;

/** Served, but the same page as another route (its canonical URL): left out of the sitemap only. */
export const duplicateRoutes = ['/about'] as const;

const normalise = (path: string) =>
  (path.length > 1 ? path.replace(/\/+$/, '') : path).replace(/\.html$/, '').replace(/\/index$/, '') || '/';

/** True when the page at this path must carry `noindex` and stay out of the sitemap. */
export function isNoindexPath(path: string): boolean {
  const p = normalise(path);
  return noindexRoutes.some((r) => (r.endsWith('/') ? p.startsWith(r) || `${p}/` === r : p === r));
}

// Parents of the content pages below the first level (the rest hang from Home directly).
const parents: [RegExp, { name: string; path: string }[]][] = [
  [/^\/country-details\/[^/]+$/, [{ name: 'Study Abroad', path: '/destinations' }]],
  [/^\/subject\/[^/]+$/, [{ name: 'Courses', path: '/courses' }]],
  [
    /^\/job\/[^/]+$/,
    [
      { name: 'Work abroad', path: '/recruitments' },
      { name: 'Jobs', path: '/job' },
    ],
  ],
  [/^\/job$/, [{ name: 'Work abroad', path: '/recruitments' }]],
];

/** True when the sitemap lists the page: indexable, and its own canonical URL. */
export function inSitemap(path: string): boolean {
  const p = normalise(path);
  return !isNoindexPath(p) && !(duplicateRoutes as readonly string[]).includes(p);
}

/** The page's breadcrumb trail from Home (empty for the home page and for pages not indexed). */
export function breadcrumbTrail(path: string, name: string): { name: string; path: string }[] {
  const p = normalise(path);
  if (p === '/' || p === '/about' || isNoindexPath(p)) return [];
  const middle = parents.find(([re]) => re.test(p))?.[1] ?? [];
  return [{ name: 'Home', path: '/' }, ...middle, { name, path: p }];
}
