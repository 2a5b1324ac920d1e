import { openLocalPlatform } from './platform.ts';
import { listCountries, listDepartments, listSubjects, listUniversities } from '../../db/queries/catalog.ts';
import { listFeatures, listServices, listOffices, listTeam, getBlock, getMissionVision, getSite } from '../../db/queries/site-content.ts';
import { listEmployerCategories, listJobDetails, listStrategies } from '../../db/queries/jobs.ts';

/**
 * Everything the pre-rendered pages read, in one pass over the local D1 (the same rows and the
 * same serializers the API uses). Opened once per build; the proxy is closed before returning.
 */
export async function readCatalogSnapshot() {
  const { db, dispose } = await openLocalPlatform();
  try {
    const [countries, subjects, universities, departments, features, services, offices, team, missionVision, about, site, faq, partners] = await Promise.all([
      listCountries(db),
      listSubjects(db),
      listUniversities(db),
      listDepartments(db),
      listFeatures(db),
      listServices(db),
      listOffices(db),
      listTeam(db),
      getMissionVision(db),
      getBlock(db, 'about'),
      getSite(db),
      getBlock(db, 'faq'),
      getBlock(db, 'partners'),
    ]);
    // Recruitment: the job pages, strategy cards, assistance-form categories and services record.
    const [jobs, strategies, employerCategories, recruitmentServices] = await Promise.all([
      listJobDetails(db),
      listStrategies(db),
      listEmployerCategories(db),
      getBlock(db, 'recruitmentServices'),
    ]);
    return { countries, subjects, universities, departments, features, services, offices, team, missionVision, about, site, faq, partners, jobs, strategies, employerCategories, recruitmentServices };
  } finally {
    await dispose();
  }
}
export type CatalogSnapshot = Awaited<ReturnType<typeof readCatalogSnapshot>>;
