import { defineCollection } from 'astro:content';
import { getSnapshot } from './lib/snapshot.ts';

// Content collections loaded from D1 at build time: one page per row for countries and subjects.
export const collections = {
  countries: defineCollection({ loader: async () => (await getSnapshot()).countries }),
  subjects: defineCollection({
    loader: async () => (await getSnapshot()).subjects.map((s) => ({ ...s, updatedAt: String(s.updatedAt) })),
  }),
  universities: defineCollection({ loader: async () => (await getSnapshot()).universities }),
  departments: defineCollection({ loader: async () => (await getSnapshot()).departments }),
  jobs: defineCollection({ loader: async () => (await getSnapshot()).jobs }),
  // The recruitment pages' build-time blocks: strategy cards, employer categories, services record.
  recruitment: defineCollection({
    loader: async () => {
      const { strategies, employerCategories, recruitmentServices } = await getSnapshot();
      return [
        { id: 'strategies', items: strategies },
        { id: 'employer-categories', items: employerCategories },
        { id: 'services', record: recruitmentServices ?? null },
      ];
    },
  }),
};
