import { defineCollection } from 'astro:content';
import { countryDto, departmentDto, subjectDto, universityDto } from '#schemas/catalog-dto.ts';
import { jobDetailResponse } from '#schemas/recruitment.ts';
import { getSnapshot } from './lib/snapshot.ts';
import { PRERENDER_JOBS, PRERENDER_PROGRAMS } from './lib/prerender.ts';

// Content collections loaded from D1 at build time: one page per row for countries, and for the
// programs and jobs the build pre-renders.
// Each declares the API's response schema (schemas/catalog-dto.ts, schemas/recruitment.ts), so pages
// read typed entries. The recruitment pages' blocks are read from the snapshot itself (typed).
export const collections = {
  countries: defineCollection({ loader: async () => (await getSnapshot()).countries, schema: countryDto }),
  // Only the programs and jobs the build pre-renders (site/lib/prerender.ts): a collection holds its
  // entries in memory and on disk, and pages that list all of them read the snapshot instead.
  subjects: defineCollection({
    loader: async () =>
      (await getSnapshot()).subjects
        .slice(0, PRERENDER_PROGRAMS)
        .map((s) => ({ ...s, updatedAt: String(s.updatedAt) })),
    schema: subjectDto,
  }),
  universities: defineCollection({
    loader: async () => (await getSnapshot()).universities,
    schema: universityDto,
  }),
  departments: defineCollection({
    loader: async () => (await getSnapshot()).departments,
    schema: departmentDto,
  }),
  jobs: defineCollection({
    loader: async () => (await getSnapshot()).jobs.slice(0, PRERENDER_JOBS),
    schema: jobDetailResponse,
  }),
};
