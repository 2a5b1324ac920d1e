// The default share image (every page without one of its own).
import type { APIRoute } from 'astro';
import { getSnapshot } from '#site/lib/snapshot.ts';
import { defaultSite } from '#site/lib/site.ts';
import { pngResponse, shareImagePng } from '#site/lib/share-image.ts';

export const GET: APIRoute = async ({ site: origin }) => {
  const site = (await getSnapshot()).site ?? defaultSite;
  return pngResponse(
    await shareImagePng({
      eyebrow: 'Study · Work · Hire abroad',
      title: site.companyName,
      lines: [site.tagline, 'Free university application support, work-abroad placements and recruitment'],
      brand: site.companyName,
      footer: origin?.host ?? '',
    }),
  );
};
