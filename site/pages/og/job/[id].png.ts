// One share image per job page (the first SHARE_IMAGE_LIMIT jobs of the board), from the job's data.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import type { JobDetail } from '#schemas/recruitment.ts';
import { getSnapshot } from '#site/lib/snapshot.ts';
import { defaultSite } from '#site/lib/site.ts';
import { pngResponse, shareImagePng } from '#site/lib/share-image.ts';
import { SHARE_IMAGE_LIMIT } from '#site/lib/share-image-paths.ts';

export const getStaticPaths = (async () =>
  (await getCollection('jobs')).slice(0, SHARE_IMAGE_LIMIT).map((entry) => {
    const job = entry.data;
    return { params: { id: job.id }, props: { job } };
  })) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props, site: origin }) => {
  const { job } = props as { job: JobDetail };
  const site = (await getSnapshot()).site ?? defaultSite;
  return pngResponse(
    await shareImagePng({
      eyebrow: job.status === 'open' ? `Job · ${job.category}` : 'Job · Closed',
      title: job.position,
      lines: [
        `${job.company} · ${job.location}`,
        [job.payment, job.employment.join(', ')].filter(Boolean).join(' · '),
      ],
      brand: site.companyName,
      footer: origin?.host ?? '',
    }),
  );
};
