import { defineCollection } from 'astro:content';
import { countryDto, departmentDto, subjectDto, universityDto } from '#schemas/catalog-dto.ts';
import { jobDetailResponse } from '#schemas/recruitment.ts';
import { getSnapshot } from './lib/snapshot.ts';

// Content collections loaded from D1 at build time: one page per row for countries and subjects.
// Each declares the API's response schema (schemas/catalog-dto.ts, schemas/recruitment.ts), so pages
// read typed entries. The recruitment pages' blocks are read from the snapshot itself (typed).
export const collections = {
  countries: defineCollection({ loader: async () => (await getSnapshot()).countries, schema: countryDto }),
  subjects: defineCollection({
    loader: async () => (await getSnapshot()).subjects.map((s) => ({ ...s, updatedAt: String(s.updatedAt) })),
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
  jobs: defineCollection({ loader: async () => (await getSnapshot()).jobs, schema: jobDetailResponse }),
};
