import {
  pagedCollections,
  snapshotLists,
  type BuildSnapshot,
  type PagedCollection,
  type SnapshotHead,
  type SnapshotPage,
  type SnapshotRange,
} from '#schemas/build.ts';

/** Reads one URL's JSON (the caller adds the build token and the timeout). */
export type FetchJson = (url: string) => Promise<unknown>;

/** Pages fetched at once: enough to hide the round trips, few enough to spare the Worker. */
export const SNAPSHOT_CONCURRENCY = 6;

/**
 * The whole snapshot from a live Worker's `GET /api/build/snapshot`: the head, then every page of
 * each paged collection, several at a time, put back in the site's order. An older
 * Worker that still answers the whole snapshot in one response is accepted as it is, so a build of
 * new code can run against the Worker it is about to replace (docs/decisions/009).
 */
export async function fetchPagedSnapshot(
  url: string,
  fetchJson: FetchJson,
  { concurrency = SNAPSHOT_CONCURRENCY } = {},
): Promise<BuildSnapshot> {
  const head = (await fetchJson(url)) as Partial<SnapshotHead & BuildSnapshot>;
  if (!head || typeof head !== 'object') throw new Error(`GET ${url} did not return a build snapshot`);
  if (pagedCollections.every((key) => Array.isArray(head[key]))) return checked(url, head);
  const pages = head.pages;
  if (!pages || pagedCollections.some((key) => !Array.isArray(pages[key])))
    throw new Error(`GET ${url} did not return a build snapshot (missing: pages)`);

  const tasks = pagedCollections.flatMap((collection) =>
    pages[collection].map((range) => ({ collection, range })),
  );
  const results: SnapshotPage[][] = [];
  let nextTask = 0;
  const worker = async () => {
    while (nextTask < tasks.length) {
      const i = nextTask++;
      results[i] = await readRange(url, fetchJson, tasks[i]!.collection, tasks[i]!.range);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));

  const { pages: _, costs, ...rest } = head as SnapshotHead;
  const snapshot: BuildSnapshot = {
    ...rest,
    subjects: [],
    jobs: [],
    costs: { bySubject: {}, rates: costs?.rates ?? {} },
  };
  for (const page of results.flat()) {
    if (page.collection === 'subjects') {
      snapshot.subjects.push(...page.items);
      Object.assign(snapshot.costs.bySubject, page.costs);
    } else snapshot.jobs.push(...page.items);
  }
  return checked(url, snapshot);
}

/** One range's pages: the first, then each `next` until the range ends. */
async function readRange(
  url: string,
  fetchJson: FetchJson,
  collection: PagedCollection,
  range: SnapshotRange,
) {
  const out: SnapshotPage[] = [];
  let after = range.after;
  for (;;) {
    const query = new URLSearchParams({ collection });
    if (after) query.set('after', after);
    if (range.until) query.set('until', range.until);
    const page = (await fetchJson(`${url}?${query}`)) as SnapshotPage;
    if (page?.collection !== collection || !Array.isArray(page.items))
      throw new Error(`GET ${url}?${query} did not return a page of ${collection}`);
    out.push(page);
    if (!page.next) return out;
    if (page.next === after) throw new Error(`GET ${url}?${query} did not move on`);
    after = page.next;
  }
}

/** A truncated or foreign document must fail the build, not publish an empty site. */
function checked(url: string, body: Partial<BuildSnapshot>): BuildSnapshot {
  const missing = [
    ...(typeof body.contentVersion === 'number' ? [] : ['contentVersion']),
    ...snapshotLists.filter((key) => !Array.isArray(body[key])),
  ];
  if (missing.length)
    throw new Error(`GET ${url} did not return a build snapshot (missing: ${missing.join(', ')})`);
  return body as BuildSnapshot;
}
