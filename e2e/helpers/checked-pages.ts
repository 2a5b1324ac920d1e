// Which pages the browser tests check with axe (moderate and worse), for one main and unique ids.
// public-pages.spec.ts checks PUBLIC_PAGES (at both sizes); landmarks.spec.ts checks one page
// of every other template, so no template is checked twice.

/** Pages public-pages.spec.ts checks at 375 px (sideways scroll, rules, tap targets) and 1280 px (axe). */
export const PUBLIC_PAGES = [
  '/',
  '/destinations',
  '/country-details/united-kingdom',
  '/country-details/japan',
  '/subject/msc-data-science-university-of-leeds',
  '/courses',
  '/institutions',
  '/support',
  '/scholarships',
  '/about-us',
  '/higher-education',
  '/contactform',
  '/terms',
  '/privacy',
  '/search?query=data',
  '/student-addmission-information',
  '/no-such-page',
  '/country-details/atlantis',
];

/** The back office's shell is rendered by its client-only island: its routes share one template. */
export const clientRendered = (route: string) => route === '/admin' || route.startsWith('/admin/');

/**
 * The template a route is rendered by: a dynamic route's kind (country-details, subject, job), the
 * back office, or the route itself. Query strings do not change the template; unknown routes are the 404.
 */
export function templateOf(path: string) {
  const route = path.split('?')[0]!;
  if (route === '/no-such-page') return '/404';
  if (/^\/(country-details|subject|job)\/[^/]+$/.test(route) || clientRendered(route))
    return route.split('/')[1]!;
  return route;
}
