import type { APIRoute } from 'astro';
import { getSnapshot } from '#site/lib/snapshot.ts';
import { PRERENDER_JOBS, PRERENDER_PROGRAMS } from '#site/lib/prerender.ts';

const xml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

// The programs and jobs the Worker renders (past the pre-rendered ones: site/lib/prerender.ts) are
// pages the build never writes, so @astrojs/sitemap cannot list them: this sitemap does, from the
// same snapshot. Closed jobs keep their page but not their place here, as on the job board.
export const GET: APIRoute = async ({ site }) => {
  const { subjects, jobs } = await getSnapshot();
  const paths = [
    ...subjects.slice(PRERENDER_PROGRAMS).map((s) => `/subject/${encodeURIComponent(s._id)}`),
    ...jobs
      .slice(PRERENDER_JOBS)
      .filter((j) => j.status === 'open')
      .map((j) => `/job/${encodeURIComponent(j._id)}`),
  ];
  const urls = paths.map((p) => `<url><loc>${xml(new URL(p, site).href)}</loc></url>`).join('');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
    { headers: { 'Content-Type': 'application/xml; charset=utf-8' } },
  );
};
