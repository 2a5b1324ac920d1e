/**
 * The company's name in the back office: the page's application-name (site/pages/admin/_AdminLayout.astro
 * writes it from the site block at build), so the islands carry no brand of their own.
 */
export const companyName = () =>
  document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content ?? '';
