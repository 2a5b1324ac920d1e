import { z } from 'zod';
import type { CountryDto, DepartmentDto, SubjectDto, UniversityDto } from './catalog.ts';
import type {
  aboutSchema,
  faqSchema,
  featureSchema,
  missionVisionSchema,
  officeSchema,
  partnerSchoolSchema,
  recruitmentServicesSchema,
  serviceSchema,
  siteSchema,
  teamMemberSchema,
} from './content.ts';
import type { JobDetail, StrategyCard } from './recruitment.ts';
import type { CostInputs, ProgramsResponse, RatesTable } from './programs.ts';

/** The build's contract: the content snapshot, the build's report, health and publishing states. */

type WithId<T> = T & { _id: string; id: string };

/**
 * Everything the pre-rendered pages read, and the content version it was read at. One shape for
 * both sources: `GET /api/build/snapshot` on the live Worker (production builds) and the local D1
 * (development); both are produced by db/queries/build-snapshot.ts.
 */
export interface BuildSnapshot {
  /** The database's content version when the rows were read (db/schema content_version). */
  contentVersion: number;
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

/** The snapshot's list fields: a document fetched over the network must carry each as an array. */
export const snapshotLists = [
  'countries',
  'subjects',
  'universities',
  'departments',
  'features',
  'services',
  'offices',
  'team',
  'jobs',
  'strategies',
  'employerCategories',
] as const satisfies readonly (keyof BuildSnapshot)[];

/**
 * The collections that grow with the catalogue (25,000 programs, 10,000 jobs: issue 33): the
 * snapshot serves them in pages, each at most SNAPSHOT_PAGE_BYTES of JSON, so neither the Worker
 * nor a response holds the whole catalogue. Everything else is small and comes in the head.
 */
export const pagedCollections = ['subjects', 'jobs'] as const;
export type PagedCollection = (typeof pagedCollections)[number];

/** Rows a snapshot page holds at most (the byte budget may end it sooner). */
export const SNAPSHOT_PAGE_ROWS = 500;
/** A snapshot page's JSON stays under this many bytes. */
export const SNAPSHOT_PAGE_BYTES = 5_000_000;

/**
 * A position in a paged collection, in the site's order: a program's (sort order, name, id), a
 * job's (sort order, id). Opaque to the build, which passes back what the head or a page gave it.
 */
export type SnapshotCursor = string;

/** One page request: the rows after `after` (none: from the start) up to and including `until` (none: to the end). */
export interface SnapshotRange {
  after: SnapshotCursor | null;
  until: SnapshotCursor | null;
}

/**
 * `GET /api/build/snapshot`: the snapshot without its paged collections, and the ranges that cover
 * them (one per SNAPSHOT_PAGE_ROWS rows), which the build fetches side by side.
 */
export type SnapshotHead = Omit<BuildSnapshot, PagedCollection | 'costs'> & {
  costs: { rates: RatesTable };
  pages: Record<PagedCollection, SnapshotRange[]>;
};

/**
 * `GET /api/build/snapshot?collection=…&after=…&until=…`: the range's rows in the site's order; when
 * the byte budget ended the page early, `next` is the cursor to continue from (same `until`).
 * A programs page carries each program's cost inputs beside it.
 */
export type SnapshotPage =
  | {
      collection: 'subjects';
      items: SubjectDto[];
      costs: Record<string, CostInputs>;
      next: SnapshotCursor | null;
    }
  | { collection: 'jobs'; items: JobDetail[]; next: SnapshotCursor | null };

const cursor = z
  .string()
  .max(1000, 'after and until must be cursors from the snapshot')
  .optional()
  .transform((v) => v || null);
export const snapshotPageQuery = z.object({
  collection: z.enum(pagedCollections, `collection must be one of ${pagedCollections.join(', ')}`).optional(),
  after: cursor,
  until: cursor,
});

/** A snapshot with no rows: what type-checking uses before any database exists. */
export const emptySnapshot: BuildSnapshot = {
  contentVersion: 0,
  countries: [],
  subjects: [],
  universities: [],
  departments: [],
  features: [],
  services: [],
  offices: [],
  team: [],
  missionVision: undefined,
  about: undefined,
  site: undefined,
  faq: undefined,
  partners: undefined,
  jobs: [],
  strategies: [],
  employerCategories: [],
  recruitmentServices: undefined,
  finder: {
    total: 0,
    page: 1,
    pageSize: 12,
    items: [],
    facets: { country: [], level: [], department: [], intake: [], duration: [] },
  },
  costs: { bySubject: {}, rates: {} },
};

/** POST /api/build/done: a deployed build reports the content version it carries and its commit. */
export const buildDoneSchema = z.object({
  contentVersion: z
    .number('contentVersion must be a number')
    .int('contentVersion must be a whole number')
    .min(0, 'contentVersion must not be negative'),
  commit: z
    .string()
    .trim()
    .regex(/^[0-9a-zA-Z._-]{1,64}$/, 'commit must be a commit id (letters, digits, . _ -; at most 64)')
    .optional(),
});
export type BuildDone = z.output<typeof buildDoneSchema>;

/** POST /api/build/done (201): the report recorded, with when and which version is now the published one. */
export const buildDoneResponse = z.object({
  success: z.literal(true),
  publishedAt: z.string(),
  publishedVersion: z.number(),
});
export type BuildDoneResponse = z.infer<typeof buildDoneResponse>;

/** A setting the production configuration check found wrong: its name and the rule, never its value. */
export interface ConfigProblem {
  /** The setting's name (`TOKEN_SECRET`), or the site settings' field (`site.staffNotificationEmail`). */
  setting: string;
  problem: string;
  /**
   * True when the Worker refuses every request but GET /api/health until the setting is fixed (a
   * missing or weak secret would let links and tokens be forged); otherwise only health reports it.
   */
  blocking: boolean;
}

/** GET /api/health. */
export type HealthResponse =
  | {
      success: true;
      status: 'ok';
      environment: string;
      contentVersion: number;
      publishedContentVersion: number | null;
      commit: string | null;
    }
  | { success: false; status: 'misconfigured'; message: string; problems: ConfigProblem[] };

/** The state of the last deploy-hook call, as the back office shows it. */
export const publishStates = ['idle', 'publishing', 'failed'] as const;
export type PublishState = (typeof publishStates)[number];

/** GET /api/admin/publish/status, and the body of POST /api/admin/publish (with `message`). */
export const publishStatusResponse = z.object({
  /** Whether this Worker calls a deploy hook (production) or waits for a local rebuild. */
  hook: z.boolean(),
  /** When the live site was last built (the last build report), and the content version it carries. */
  publishedAt: z.string().nullable(),
  publishedVersion: z.number().nullable(),
  publishedCommit: z.string().nullable(),
  /** The database's content version now. */
  contentVersion: z.number(),
  /** Content edits made since the published version. */
  waitingEdits: z.number(),
  editsWaiting: z.boolean(),
  /** Local publishing: a request newer than the last build (the watcher or `npm run publish` serves it). */
  requestPending: z.boolean(),
  lastRequestedAt: z.string().nullable(),
  /** Production publishing: 'publishing' since the last successful hook call, or 'failed' (with why). */
  state: z.enum(publishStates),
  /** When the current state began: the hook call that started the build, or the one that failed. */
  stateSince: z.string().nullable(),
  failure: z.string().nullable(),
  /** Seconds until the next hook call is allowed, when a request waits on the once-a-minute limit. */
  nextBuildInSeconds: z.number().nullable(),
  message: z.string().optional(),
});
export type PublishStatusResponse = z.infer<typeof publishStatusResponse>;
/** POST /api/admin/publish: the status after the request, with what happened in `message`. */
export const publishResponse = publishStatusResponse.extend({
  success: z.literal(true),
  message: z.string(),
});
export type PublishResponse = z.infer<typeof publishResponse>;

/** The deployed environments, by the names wrangler.toml (`[env.staging]`, the top level) and GitHub use. */
export const deployTargets = ['staging', 'production'] as const;
export type DeployTarget = (typeof deployTargets)[number];

/**
 * The body the back office's Publish sends to the deploy hook (GitHub's repository_dispatch shape;
 * Workers Builds hooks ignore it): the environment travels with it, so a Publish on staging builds
 * and deploys staging only. The workflow refuses a body without one of the two
 * (scripts/lib/deploy-target.ts): an unknown ENVIRONMENT deploys nothing.
 */
const NO_ENVIRONMENT = 'The deploy hook named no environment (production or staging)';
export const deployHookPayload = z.object({
  event_type: z.literal('publish'),
  client_payload: z.object({ environment: z.enum(deployTargets, NO_ENVIRONMENT) }, NO_ENVIRONMENT),
});
export type DeployHookPayload = z.input<typeof deployHookPayload>;
