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
 * The collections that grow with the catalogue (25,000 programs, 10,000 jobs): the
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

const commitId = z
  .string()
  .trim()
  .regex(/^[0-9a-zA-Z._-]{1,64}$/, 'commit must be a commit id (letters, digits, . _ -; at most 64)')
  .optional();

/**
 * Where editors read what the build machine did (the run's page): https only, since the back
 * office shows it as a link.
 */
const logUrl = z
  .url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'logUrl must be an https:// address' })
  .max(500, 'logUrl must be at most 500 characters')
  .optional();

/**
 * The steps a publish goes through, in order: the deploy-hook call that starts it (the Worker's
 * own), the tests, a reviewer's approval (production), the build of the pages, the deploy.
 */
export const publishSteps = ['hook', 'test', 'approval', 'build', 'deploy'] as const;
export type PublishStep = (typeof publishSteps)[number];
/** The steps a build machine reports a failure at (the hook call is the Worker's own). */
export const reportedSteps = ['test', 'approval', 'build', 'deploy'] as const;

/**
 * POST /api/build/done: what the build machine reports about the publish it runs.
 *  - `published`: the deployed build carries `contentVersion` (the default: a body without
 *    `outcome` is this report, as `npm run deploy` has always sent it);
 *  - `building`: it started (or a reviewer approved it) and is working;
 *  - `waiting`: it waits for a reviewer to approve the deploy;
 *  - `failed`: it stopped at `step`; the live site is unchanged.
 */
export const buildDoneSchema = z.discriminatedUnion(
  'outcome',
  [
    z.object({
      outcome: z.literal('published').optional(),
      contentVersion: z
        .number('contentVersion must be a number')
        .int('contentVersion must be a whole number')
        .min(0, 'contentVersion must not be negative'),
      commit: commitId,
    }),
    z.object({ outcome: z.literal('building'), logUrl }),
    z.object({ outcome: z.literal('waiting'), logUrl }),
    z.object({
      outcome: z.literal('failed'),
      step: z.enum(reportedSteps, `step must be one of ${reportedSteps.join(', ')}`),
      logUrl,
      commit: commitId,
    }),
  ],
  { error: 'outcome must be one of published, building, waiting, failed' },
);
/** A report as the build machine sends it. */
export type BuildReport = z.input<typeof buildDoneSchema>;
/** The published report as deploy tools send it (`outcome` implied). */
export type BuildDone = Extract<BuildReport, { contentVersion: number }>;

/** POST /api/build/done (201): the report recorded, with when and which version is now the published one. */
export const buildDoneResponse = z.object({
  success: z.literal(true),
  publishedAt: z.string(),
  publishedVersion: z.number(),
});
export type BuildDoneResponse = z.infer<typeof buildDoneResponse>;
/** POST /api/build/done (201) for a progress or failure report: recorded at `recordedAt`. */
export const buildProgressResponse = z.object({
  success: z.literal(true),
  outcome: z.enum(['building', 'waiting', 'failed']),
  recordedAt: z.string(),
});
export type BuildProgressResponse = z.infer<typeof buildProgressResponse>;

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

/**
 * The state of the last publish, as the back office shows it: none running ('idle'), building
 * ('publishing'), held for a reviewer's approval ('waiting'), stopped at a step ('failed'), or
 * silent for PUBLISH_TIMEOUT_MINUTES ('timed-out': it has probably failed).
 */
export const publishStates = ['idle', 'publishing', 'waiting', 'failed', 'timed-out'] as const;

/**
 * How this Worker publishes: through the deploy hook (deployed, DEPLOY_HOOK_URL set), by a local
 * rebuild (development: `npm start`'s watcher or `npm run publish`), or not at all (deployed
 * without a hook: Publish would start nothing, so it is refused and health names the setting).
 */
export const publishModes = ['hook', 'local', 'not-set-up'] as const;
export type PublishMode = (typeof publishModes)[number];

/** A publish with no word from its build for this long has probably failed. */
export const PUBLISH_TIMEOUT_MINUTES = 20;

/** GET /api/admin/publish/status, and the body of POST /api/admin/publish (with `message`). */
export const publishStatusResponse = z.object({
  /** Whether this Worker calls a deploy hook (production) or waits for a local rebuild. */
  hook: z.boolean(),
  /** How this Worker publishes; 'not-set-up': Publish is refused (PUBLISH_NOT_SET_UP). */
  mode: z.enum(publishModes),
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
  /** The last publish: see publishStates. */
  state: z.enum(publishStates),
  /** When the current state began: the hook call that started the build, the report that moved it. */
  stateSince: z.string().nullable(),
  /** 'failed': the step it stopped at ('hook': the deploy hook could not start the build). */
  failedStep: z.enum(publishSteps).nullable(),
  /** 'failed' at the hook: why the call failed, in the back office's words. */
  failure: z.string().nullable(),
  /** The build machine's page for this publish (its log), when it sent one. */
  logUrl: z.string().nullable(),
  /** The last word from the build (or the hook call that started it): the timeout counts from here. */
  lastWordAt: z.string().nullable(),
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

// What editors read about publishing: one wording for the back office, the answer to Publish and
// the e-mail to the staff address.

/** Why Publish is refused on a deployed Worker without a deploy hook. */
export const PUBLISH_NOT_SET_UP =
  'Publishing is not set up on this server: saved edits are stored, but the public pages cannot be rebuilt until an administrator connects a build service (the DEPLOY_HOOK_URL setting).';

/** Where a failed publish stopped, as editors read it. */
const stepWords: Record<Exclude<PublishStep, 'hook'>, string> = {
  test: 'the test step',
  approval: 'the approval step (the deploy was refused or cancelled)',
  build: 'the build step',
  deploy: 'the deploy step',
};
/** What the live site shows while a publish did not go through. */
export const PUBLISH_SITE_UNCHANGED = 'The site still shows the last published version.';

/** The sentence for a failed or silent publish (without the log link, which the page draws). */
export function publishProblemText(s: Pick<PublishStatusResponse, 'state' | 'failedStep' | 'failure'>) {
  if (s.state === 'timed-out')
    return `No word from the build for ${PUBLISH_TIMEOUT_MINUTES} minutes: it has probably failed. ${PUBLISH_SITE_UNCHANGED} Press Publish to try again, or ask an administrator to look at the build service.`;
  if (s.state !== 'failed') return null;
  if (s.failedStep === 'hook' || !s.failedStep)
    return `Publishing failed: ${s.failure ?? 'the build could not be started'}. ${PUBLISH_SITE_UNCHANGED}`;
  return `Publishing failed at ${stepWords[s.failedStep]}. ${PUBLISH_SITE_UNCHANGED}`;
}

/** The sentence for a publish held for a reviewer (the time is the page's to format). */
export const PUBLISH_WAITING = 'Waiting for a reviewer to approve the deploy';

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
