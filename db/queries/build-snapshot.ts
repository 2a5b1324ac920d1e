import type { Db } from '../client.ts';
import type { BuildSnapshot } from '#schemas/build.ts';
import { listCountries, listDepartments, listSubjects, listUniversities } from './catalog.ts';
import {
  listFeatures,
  listServices,
  listOffices,
  listTeam,
  getBlock,
  getMissionVision,
  getSite,
} from './site-content.ts';
import { listEmployerCategories, listJobDetails, listStrategies } from './jobs.ts';
import { readContentVersion } from './publishing.ts';
import { findPrograms } from './programs.ts';
import { listCostTables, resolveCostInputs } from './costs.ts';

/**
 * Everything the pre-rendered pages read, with the same queries and serializers the API uses: the
 * one definition of the snapshot, served by `GET /api/build/snapshot` and read from the local D1 by
 * the build in development.
 *
 * The content version is read first: an edit landing while the rows are read may be in the rows
 * but not in the version, so a build can claim less than it carries, never more (the back office
 * then shows that edit as still waiting, and the next publish carries it).
 */
export async function readBuildSnapshot(db: Db): Promise<BuildSnapshot> {
  const contentVersion = await readContentVersion(db);
  const [
    countries,
    subjects,
    universities,
    departments,
    features,
    services,
    offices,
    team,
    missionVision,
    about,
    site,
    faq,
    partners,
  ] = await Promise.all([
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
    // The brand with every field (a block seeded before a field existed gets it from content/site.json).
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
  // The finder: /courses pre-renders its first page and facets (the API's own answer to no
  // filters); subject pages pre-render their estimated total cost from the cost tables.
  const [finder, tables] = await Promise.all([
    findPrograms(db, { sort: 'relevance', page: 1 }),
    listCostTables(db),
  ]);
  const costs = {
    bySubject: Object.fromEntries(subjects.map((s) => [s._id, resolveCostInputs(s, tables)])),
    rates: tables.rates,
  };
  return {
    contentVersion,
    countries,
    subjects,
    universities,
    departments,
    features,
    services,
    offices,
    team,
    missionVision,
    about,
    site,
    faq,
    partners,
    jobs,
    strategies,
    employerCategories,
    recruitmentServices,
    finder,
    costs,
  };
}
