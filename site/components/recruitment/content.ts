import type { RecruitmentServicesRecord } from '#schemas/recruitment.ts';
import { getSnapshot } from '#site/lib/snapshot.ts';

/** The recruitment pages' build-time content: strategy cards, employer categories, services record. */
export async function recruitmentContent() {
  const { strategies, employerCategories, recruitmentServices: block } = await getSnapshot();
  const initialServices: RecruitmentServicesRecord | undefined = block
    ? {
        _id: 'recruitment-services',
        ...block,
        services: block.services.map(({ id, ...s }) => ({ _id: id, ...s })),
      }
    : undefined;
  return { strategies, employerCategories, initialServices };
}
