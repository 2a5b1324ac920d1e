// One share image per country page, from the country's data.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import { getSnapshot } from '#site/lib/snapshot.ts';
import { defaultSite } from '#site/lib/site.ts';
import { pngResponse, shareImagePng } from '#site/lib/share-image.ts';
import { SHARE_IMAGE_LIMIT } from '#site/lib/share-image-paths.ts';

export const getStaticPaths = (async () => {
  const { subjects } = await getSnapshot();
  return (await getCollection('countries')).slice(0, SHARE_IMAGE_LIMIT).map(({ data: country }) => ({
    params: { id: country._id },
    props: {
      name: country.name,
      capital: country.capital,
      programs: subjects.filter((s) => s.countryId === country._id).length,
    },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props, site: origin }) => {
  const { name, capital, programs } = props as { name: string; capital: string; programs: number };
  const site = (await getSnapshot()).site ?? defaultSite;
  return pngResponse(
    await shareImagePng({
      eyebrow: 'Study abroad',
      title: `Study in ${name}`,
      lines: [
        `${programs} program${programs === 1 ? '' : 's'} · Capital: ${capital}`,
        'Universities, costs, visas and free application support',
      ],
      brand: site.companyName,
      footer: origin?.host ?? '',
    }),
  );
};
