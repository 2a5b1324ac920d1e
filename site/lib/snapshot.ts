import type { z } from 'zod';
import type { CountryDto, DepartmentDto, SubjectDto, UniversityDto } from '../../schemas/catalog.ts';
import type {
  aboutSchema, faqSchema, featureSchema, missionVisionSchema, officeSchema, partnerSchoolSchema, serviceSchema, siteSchema, teamMemberSchema,
} from '../../schemas/content.ts';
import type { JobDetail, StrategyCard } from '../../schemas/recruitment.ts';
import type { recruitmentServicesSchema } from '../../schemas/content.ts';
import type { CostInputs, ProgramsResponse, RatesTable } from '../../schemas/programs.ts';

type WithId<T> = T & { _id: string; id: string };

/** What the pre-rendered pages read from the database at build time. */
export interface BuildSnapshot {
  countries: CountryDto[];
  subjects: SubjectDto[];
  universities: UniversityDto[];
  departments: DepartmentDto[];
  features: WithId<z.output<typeof featureSchema>>[];
  services: WithId<z.output<typeof serviceSchema>>[];
  offices: WithId<z.output<typeof officeSchema>>[];
  team: WithId<z.output<typeof teamMemberSchema>>[];
  missionVision: z.output<typeof missionVisionSchema> | undefined;
  about: z.output<typeof aboutSchema> | undefined;
  site: z.output<typeof siteSchema> | undefined;
  faq: z.output<typeof faqSchema> | undefined;
  partners: z.output<typeof partnerSchoolSchema>[] | undefined;
  jobs: JobDetail[];
  strategies: StrategyCard[];
  employerCategories: string[];
  recruitmentServices: z.output<typeof recruitmentServicesSchema> | undefined;
  /** GET /api/programs with no filters: the first page and facets /courses pre-renders. */
  finder: ProgramsResponse;
  /** Each subject's "Estimated total cost" inputs (db/queries/costs.ts) and the rates. */
  costs: { bySubject: Record<string, CostInputs>; rates: RatesTable };
}

// The reader runs in Node (wrangler's platform proxy over the local D1) and is imported by URL so
// that the Worker-side database code stays out of the site's type program and bundle.
// Resolved from the project root, not import.meta.url: pages that read the snapshot are bundled
// into dist/.prerender, where a path relative to this file no longer points at scripts/.
const readerUrl = new URL('scripts/lib/catalog-snapshot.ts', `file://${process.cwd()}/`).href;
let snapshot: Promise<BuildSnapshot> | undefined;

/** The build's one read of the database, shared by every loader and page. */
export function getSnapshot(): Promise<BuildSnapshot> {
  snapshot ??= import(/* @vite-ignore */ readerUrl)
    .then((m: { readCatalogSnapshot: () => Promise<BuildSnapshot> }) => m.readCatalogSnapshot())
    .catch((error: Error) => {
      // Type-checking (astro check) syncs content too; it needs the shapes, not the rows, so it may
      // run before the local database exists. A real build must not silently come out empty.
      if (process.env.SNAPSHOT_OPTIONAL !== '1') {
        throw new Error(`Could not read the local database (run \`npm start\` or \`node scripts/prepare-db.ts\` first): ${error.message}`);
      }
      console.warn(`[snapshot] no local database yet, using empty collections: ${error.message}`);
      return emptySnapshot;
    });
  return snapshot;
}

const emptySnapshot: BuildSnapshot = {
  countries: [], subjects: [], universities: [], departments: [], features: [], services: [], offices: [], team: [],
  missionVision: undefined, about: undefined, site: undefined, faq: undefined, partners: undefined,
  jobs: [], strategies: [], employerCategories: [], recruitmentServices: undefined,
  finder: { total: 0, page: 1, pageSize: 12, items: [], facets: { country: [], level: [], department: [], intake: [], duration: [] } },
  costs: { bySubject: {}, rates: {} },
};
