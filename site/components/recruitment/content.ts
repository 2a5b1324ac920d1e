import { toRecruitmentServicesRecord } from '#schemas/recruitment.ts';
import { getSnapshot } from '#site/lib/snapshot.ts';

/** The recruitment pages' build-time content: strategy cards, employer categories, services record. */
export async function recruitmentContent() {
  const { strategies, employerCategories, recruitmentServices: block } = await getSnapshot();
  const initialServices = block ? toRecruitmentServicesRecord(block) : undefined;
  return { strategies, employerCategories, initialServices };
}
