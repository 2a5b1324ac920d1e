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
  const catalogAndSite = await allResolved({
    countries: listCountries(db),
    subjects: listSubjects(db),
    universities: listUniversities(db),
    departments: listDepartments(db),
    features: listFeatures(db),
    services: listServices(db),
    offices: listOffices(db),
    team: listTeam(db),
    missionVision: getMissionVision(db),
    about: getBlock(db, 'about'),
    // The brand with every field (a block seeded before a field existed gets it from content/site.json).
    site: getSite(db),
    faq: getBlock(db, 'faq'),
    partners: getBlock(db, 'partners'),
  });
  // Recruitment: the job pages, strategy cards, assistance-form categories and services record.
  const recruitment = await allResolved({
    jobs: listJobDetails(db),
    strategies: listStrategies(db),
    employerCategories: listEmployerCategories(db),
    recruitmentServices: getBlock(db, 'recruitmentServices'),
  });
  // The finder: /courses pre-renders its first page and facets (the API's own answer to no
  // filters); subject pages pre-render their estimated total cost from the cost tables.
  const [finder, tables] = await Promise.all([
    findPrograms(db, { sort: 'relevance', page: 1 }),
    listCostTables(db),
  ]);
  const costs = {
    bySubject: Object.fromEntries(catalogAndSite.subjects.map((s) => [s._id, resolveCostInputs(s, tables)])),
    rates: tables.rates,
  };
  return { contentVersion, ...catalogAndSite, ...recruitment, finder, costs };
}

/** `Promise.all` over an object's values: each key gets its own promise's result. */
async function allResolved<T extends Record<string, Promise<unknown>>>(
  promises: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const entries = await Promise.all(
    Object.entries(promises).map(async ([key, p]) => [key, await p] as const),
  );
  return Object.fromEntries(entries) as { [K in keyof T]: Awaited<T[K]> };
}
