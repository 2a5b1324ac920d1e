import { openLocalPlatform } from './platform.ts';
import { listCountries, listDepartments, listSubjects, listUniversities } from '../../db/queries/catalog.ts';
import { listFeatures, listServices, listOffices, listTeam, getBlock, getMissionVision } from '../../db/queries/site-content.ts';
import { listEmployerCategories, listJobDetails, listStrategies } from '../../db/queries/jobs.ts';
import { findPrograms } from '../../db/queries/programs.ts';
import { listCostTables, resolveCostInputs } from '../../db/queries/costs.ts';

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
      getBlock(db, 'site'),
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
    // The finder: /courses pre-renders its first page and facets (the API's own answer to no
    // filters); subject pages pre-render their estimated total cost from the cost tables.
    const [finder, tables] = await Promise.all([findPrograms(db, { sort: 'relevance', page: 1 }), listCostTables(db)]);
    const costs = { bySubject: Object.fromEntries(subjects.map((s) => [s._id, resolveCostInputs(s, tables)])), rates: tables.rates };
    return { countries, subjects, universities, departments, features, services, offices, team, missionVision, about, site, faq, partners, jobs, strategies, employerCategories, recruitmentServices, finder, costs };
  } finally {
    await dispose();
  }
}
export type CatalogSnapshot = Awaited<ReturnType<typeof readCatalogSnapshot>>;
