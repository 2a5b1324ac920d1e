import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { contentVersion, publishEvents } from '../schema/index.ts';
import type { PublishState, PublishStatusResponse } from '#schemas/build.ts';

/** At most one deploy-hook call that started a build a minute: edits within a minute make one build. */
export const HOOK_INTERVAL_MS = 60_000;
/** How long a deploy-hook call may take before it counts as failed (timed out). */
export const HOOK_TIMEOUT_MS = 10_000;
/**
 * A call still marked 'calling' after this long never finished (its isolate was stopped mid-call):
 * it shows as failed and no longer holds back a retry.
 */
export const HOOK_STALE_MS = HOOK_TIMEOUT_MS + 5_000;

/** The database's content version (content edits so far; see db/schema content_version). */
export async function readContentVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1));
  return row?.version ?? 0;
}

/** Records a staff member's publish request (a statement for the caller's batch). */
export const insertPublishRequest = (db: Db, staffId: string | null, at = new Date()) =>
  db
    .insert(publishEvents)
    .values({ id: crypto.randomUUID(), kind: 'requested', staffId, createdAt: at, updatedAt: at });

/** Records a finished build: the content version it carries and the commit it deployed. */
export const insertBuilt = (
  db: Db,
  build: { contentVersion: number | null; commit?: string | null; at?: Date },
) => {
  const at = build.at ?? new Date();
  return db.insert(publishEvents).values({
    id: crypto.randomUUID(),
    kind: 'built',
    contentVersion: build.contentVersion,
    commit: build.commit ?? null,
    createdAt: at,
    updatedAt: at,
  });
};

/**
 * Claims the next deploy-hook call, in one conditional statement (publishes and status polls arrive
 * in parallel; only one of them may call). The 'hook' row is inserted, as 'calling', only when
 *  - a publish request is newer than every hook call so far (something is waiting to be built; a
 *    failed call is not retried by itself, only by a new Publish), and
 *  - no call started a build within the last minute, and none is still in flight.
 * A failed or timed-out call holds nothing back: Publish retries it at once.
 * Returns the claimed row's id, or null.
 */
export async function claimHookCall(db: Db, now = new Date()): Promise<string | null> {
  const id = crypto.randomUUID();
  const at = now.getTime();
  // Raw SQL (docs/decisions/013): a conditional `insert … select … where`, which Drizzle cannot say.
  const rows = await db.all<{ id: string }>(sql`
    insert into publish_events (id, kind, outcome, created_at, updated_at)
    select ${id}, 'hook', 'calling', ${at}, ${at}
    where exists (
      select 1 from publish_events r
      where r.kind = 'requested'
        and r.created_at > coalesce((select max(h.created_at) from publish_events h where h.kind = 'hook'), -1)
    )
    and not exists (
      select 1 from publish_events h
      where h.kind = 'hook'
        and ((h.outcome = 'started' and h.created_at > ${at - HOOK_INTERVAL_MS})
          or (h.outcome = 'calling' and h.created_at > ${at - HOOK_STALE_MS}))
    )
    returning id`);
  return rows[0]?.id ?? null;
}

/** Records how a claimed hook call ended. */
export async function finishHookCall(
  db: Db,
  id: string,
  outcome: 'started' | 'failed',
  detail: string | null,
) {
  await db
    .update(publishEvents)
    .set({ outcome, detail, updatedAt: new Date() })
    .where(and(eq(publishEvents.id, id), eq(publishEvents.kind, 'hook')));
}

async function latest(db: Db, kind: (typeof publishEvents.$inferSelect)['kind']) {
  const [row] = await db
    .select()
    .from(publishEvents)
    .where(eq(publishEvents.kind, kind))
    .orderBy(desc(publishEvents.createdAt))
    .limit(1);
  return row;
}

/** The last build that reported itself done (what the live site carries), if any. */
export const readPublishedBuild = (db: Db) => latest(db, 'built');

/**
 * What the back office shows about publishing: the live build (published at, content version), the
 * edits made since, and the state of the last deploy-hook call (publishing since, or failed).
 */
export async function readPublishStatus(
  db: Db,
  options: { hook: boolean; now?: Date },
): Promise<PublishStatusResponse> {
  const now = (options.now ?? new Date()).getTime();
  const [version, built, requested, hook] = await Promise.all([
    readContentVersion(db),
    latest(db, 'built'),
    latest(db, 'requested'),
    latest(db, 'hook'),
  ]);
  const publishedVersion = built?.contentVersion ?? null;
  const waitingEdits = Math.max(0, version - (publishedVersion ?? 0));

  // The last hook call matters until a build reports in after it.
  let state: PublishState = 'idle';
  let failure: string | null = null;
  if (hook && (!built || hook.createdAt > built.createdAt)) {
    const stale = hook.outcome === 'calling' && now - hook.createdAt.getTime() > HOOK_STALE_MS;
    if (hook.outcome === 'failed' || stale) {
      state = 'failed';
      failure = stale
        ? 'the build service did not confirm the start of the build'
        : (hook.detail ?? 'the build could not be started');
    } else state = 'publishing';
  }
  const waitingOnLimit =
    hook?.outcome === 'started' &&
    requested &&
    requested.createdAt > hook.createdAt &&
    now - hook.createdAt.getTime() < HOOK_INTERVAL_MS;
  return {
    hook: options.hook,
    publishedAt: built?.createdAt.toISOString() ?? null,
    publishedVersion,
    publishedCommit: built?.commit ?? null,
    contentVersion: version,
    waitingEdits,
    editsWaiting: waitingEdits > 0,
    requestPending: Boolean(requested && (!built || requested.createdAt > built.createdAt)),
    lastRequestedAt: requested?.createdAt.toISOString() ?? null,
    state,
    stateSince: state === 'idle' ? null : hook!.createdAt.toISOString(),
    failure,
    nextBuildInSeconds: waitingOnLimit
      ? Math.ceil((hook.createdAt.getTime() + HOOK_INTERVAL_MS - now) / 1000)
      : null,
  };
}
