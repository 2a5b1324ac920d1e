import { getEntry } from 'astro:content';
import type { RecruitmentServicesRecord, StrategyCard } from '#schemas/recruitment.ts';

type ServicesBlock = Omit<RecruitmentServicesRecord, '_id' | 'services'> & {
  services: { id: string; title: string; description: string; icon: string }[];
};

/** The recruitment pages' build-time content (read from D1 by the `recruitment` collection). */
export async function recruitmentContent() {
  const [strategies, categories, services] = await Promise.all([
    getEntry('recruitment', 'strategies'),
    getEntry('recruitment', 'employer-categories'),
    getEntry('recruitment', 'services'),
  ]);
  const block = (services?.data as { record: ServicesBlock | null } | undefined)?.record ?? null;
  const initialServices: RecruitmentServicesRecord | undefined = block
    ? {
        _id: 'recruitment-services',
        ...block,
        services: block.services.map(({ id, ...s }) => ({ _id: id, ...s })),
      }
    : undefined;
  return {
    strategies: (strategies?.data as { items?: StrategyCard[] } | undefined)?.items ?? [],
    employerCategories: (categories?.data as { items?: string[] } | undefined)?.items ?? [],
    initialServices,
  };
}
