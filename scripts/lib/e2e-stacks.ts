// The browser tests' stacks. Playwright runs E2E_WORKERS workers side by side, and each has a stack
// of its own: wrangler dev on its own port, its own copy of the seeded local database and its own
// fake Stripe API. All of them serve the one site `scripts/e2e-build.ts` built.
//
// Why not one server for all workers: the tests write rows straight into the database file
// (e2e/helpers/rows.ts), and workerd's SQLite waits for no lock, so a write from one worker's test
// at the moment another's request ran answered that request with SQLITE_BUSY (a 503); and a spec
// that lists the jobs, or saves the site settings, saw another worker's rows and edits.

/** How many workers (and stacks): 2 on CI's two cores. */
export const E2E_WORKERS = workerCount(process.env.E2E_WORKERS);

/** A whole number of at least 1; anything else is refused rather than silently run as no workers. */
function workerCount(value = '2') {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`E2E_WORKERS must be a whole number of 1 or more, not "${value}"`);
  return n;
}

const firstPort = Number(process.env.E2E_PORT ?? 8799);

export interface E2eStack {
  port: number;
  /** The Worker's origin: its SITE_URL, so the pages it renders and the e-mails it sends link here. */
  origin: string;
  /** wrangler's local state folder (--persist-to): the D1 database and R2 files. */
  persistTo: string;
  /** Where with-fake.ts writes this stack's fake Stripe API address. */
  stripeFakeInfo: string;
  /**
   * The built site this stack's Worker serves (`wrangler dev --assets`): the first stack's is dist/,
   * the others' a copy. wrangler dev reloads when its folder changes, and a request in flight then
   * gets a bare 503: a Publish in one worker's test (a rebuild swapped into the folder) must not
   * reload the other workers' servers mid-request.
   */
  assets: string;
}

const stackFolder = (index: number) => (index === 0 ? 'e2e' : `e2e-${index}`);

/**
 * Whether a folder of `.wrangler/` is a stack's state, whatever the number of workers: a build for
 * fewer workers removes the others', so a later run with more cannot serve an older build's copy.
 */
export const isStackFolder = (name: string) => /^e2e(-[1-9]\d*)?$/.test(name);

export function e2eStack(index: number): E2eStack {
  const port = firstPort + index;
  const persistTo = `.wrangler/${stackFolder(index)}`;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    persistTo,
    stripeFakeInfo: `${persistTo}/stripe-fake.json`,
    assets: index === 0 ? 'dist' : `${persistTo}/dist`,
  };
}

/** Every stack, the first one's state folder and built site the ones the build makes and the others copy. */
export const e2eStacks = Array.from({ length: E2E_WORKERS }, (_, index) => e2eStack(index));

/**
 * The stack of the Playwright worker this runs in (Playwright numbers its workers' slots 0 to
 * workers − 1 in TEST_PARALLEL_INDEX; a worker started again after a failure keeps its slot), and
 * the first stack outside the workers.
 */
export const ownStack = e2eStack(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/**
 * The origin the site is built with (canonical URLs, the sitemap, structured data): the first
 * stack's. The other stacks serve copies of the same build, so a rebuild (`npm run publish`, into
 * the stack's own folder) keeps it.
 */
export const builtOrigin = e2eStack(0).origin;
