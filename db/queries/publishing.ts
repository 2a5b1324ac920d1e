import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { contentVersion, publishEvents } from '../schema/index.ts';
import {
  PUBLISH_TIMEOUT_MINUTES,
  publishSteps,
  type PublishMode,
  type PublishStatusResponse,
  type PublishStep,
} from '#schemas/build.ts';

/** At most one deploy-hook call that started a build a minute: edits within a minute make one build. */
export const HOOK_INTERVAL_MS = 60_000;
/** How long a deploy-hook call may take before it counts as failed (timed out). */
export const HOOK_TIMEOUT_MS = 10_000;
/**
 * A call still marked 'calling' after this long never finished (its isolate was stopped mid-call):
 * it shows as failed and no longer holds back a retry.
 */
export const HOOK_STALE_MS = HOOK_TIMEOUT_MS + 5_000;
/**
 * A started publish with no word from its build for this long has probably failed: the build
 * machine reports when it starts, waits for an approval, fails or is done, and each of its stages
 * takes less (a run held for a reviewer is waiting, not silent, and never times out).
 */
export const PUBLISH_TIMEOUT_MS = PUBLISH_TIMEOUT_MINUTES * 60_000;

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

/** What the build machine said about the publish it runs (building, waiting for approval, failed). */
export interface BuildReportRow {
  outcome: 'building' | 'waiting' | 'failed';
  /** The step a failure stopped at. */
  step?: PublishStep | null;
  logUrl?: string | null;
  at?: Date;
}

/** Records a build machine's report (a statement to run or batch). */
export const insertBuildReport = (db: Db, report: BuildReportRow) => {
  const at = report.at ?? new Date();
  return db.insert(publishEvents).values({
    id: crypto.randomUUID(),
    kind: 'report',
    outcome: report.outcome,
    detail: report.step ?? null,
    logUrl: report.logUrl ?? null,
    createdAt: at,
    updatedAt: at,
  });
};

/**
 * Records, once, that the publish whose last word came at `lastWordAt` fell silent: one conditional
 * statement (status polls arrive in parallel), which writes nothing when any word, a build or a new
 * hook call came after it, or the silence is recorded already. True when this call recorded it.
 */
export async function recordSilence(db: Db, lastWordAt: Date, now = new Date()): Promise<boolean> {
  const id = crypto.randomUUID();
  const at = now.getTime();
  // Raw SQL (docs/decisions/013): a conditional `insert … select … where`, which Drizzle cannot say.
  const rows = await db.all<{ id: string }>(sql`
    insert into publish_events (id, kind, outcome, created_at, updated_at)
    select ${id}, 'report', 'timed-out', ${at}, ${at}
    where ${at} - ${lastWordAt.getTime()} > ${PUBLISH_TIMEOUT_MS}
    and not exists (
      select 1 from publish_events e
      where e.kind in ('report', 'built', 'hook') and e.created_at > ${lastWordAt.getTime()}
    )
    returning id`);
  return rows.length > 0;
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

const stepOf = (detail: string | null): PublishStep =>
  (publishSteps as readonly string[]).includes(detail ?? '') ? (detail as PublishStep) : 'build';

type PublishProgress = Pick<
  PublishStatusResponse,
  'state' | 'stateSince' | 'failedStep' | 'failure' | 'logUrl' | 'lastWordAt'
>;
const idle: PublishProgress = {
  state: 'idle',
  stateSince: null,
  failedStep: null,
  failure: null,
  logUrl: null,
  lastWordAt: null,
};
type Row = typeof publishEvents.$inferSelect;

/**
 * Where the publish started by the last hook call stands: the call itself (failed, or never
 * finished), then the build's latest word since (failed at a step, waiting for a reviewer,
 * building), or its silence past PUBLISH_TIMEOUT_MS. A build that reported itself done after the
 * call ends it (idle).
 */
function hookProgress(hook: Row | undefined, built: Row | undefined, report: Row | undefined, now: number) {
  if (!hook || (built && hook.createdAt <= built.createdAt)) return idle;
  const since = hook.createdAt.toISOString();
  const stale = hook.outcome === 'calling' && now - hook.createdAt.getTime() > HOOK_STALE_MS;
  if (hook.outcome === 'failed' || stale)
    return {
      ...idle,
      state: 'failed',
      stateSince: since,
      failedStep: 'hook',
      failure: stale
        ? 'the build service did not confirm the start of the build'
        : (hook.detail ?? 'the build could not be started'),
    } satisfies PublishProgress;
  const word = report && report.createdAt >= hook.createdAt ? report : undefined;
  const lastWord = (word ?? hook).createdAt;
  const base = { ...idle, logUrl: word?.logUrl ?? null, lastWordAt: lastWord.toISOString() };
  const at = (d: Date) => d.toISOString();
  if (word?.outcome === 'failed')
    return {
      ...base,
      state: 'failed',
      stateSince: at(word.createdAt),
      failedStep: stepOf(word.detail),
    } satisfies PublishProgress;
  if (word?.outcome === 'timed-out')
    return { ...base, state: 'timed-out', stateSince: at(word.createdAt) } satisfies PublishProgress;
  if (word?.outcome === 'waiting')
    return { ...base, state: 'waiting', stateSince: at(word.createdAt) } satisfies PublishProgress;
  if (now - lastWord.getTime() > PUBLISH_TIMEOUT_MS)
    return {
      ...base,
      state: 'timed-out',
      stateSince: new Date(lastWord.getTime() + PUBLISH_TIMEOUT_MS).toISOString(),
    } satisfies PublishProgress;
  return { ...base, state: 'publishing', stateSince: since } satisfies PublishProgress;
}

/**
 * A local rebuild (`npm start`'s watcher, `npm run publish`) that failed after the last request:
 * failed at the build step, until a build or a new request comes.
 */
function localProgress(requested: Row | undefined, built: Row | undefined, report: Row | undefined) {
  const pending = requested && (!built || requested.createdAt > built.createdAt);
  if (!pending || !report || report.outcome !== 'failed' || report.createdAt < requested.createdAt)
    return idle;
  return {
    ...idle,
    state: 'failed',
    stateSince: report.createdAt.toISOString(),
    failedStep: stepOf(report.detail),
    lastWordAt: report.createdAt.toISOString(),
  } satisfies PublishProgress;
}

/**
 * What the back office shows about publishing: the live build (published at, content version), the
 * edits made since, and where the last publish stands (publishing since, waiting for approval,
 * failed at a step, or silent for too long).
 */
export async function readPublishStatus(
  db: Db,
  options: { mode: PublishMode; now?: Date },
): Promise<PublishStatusResponse> {
  const now = (options.now ?? new Date()).getTime();
  const [version, built, requested, hook, report] = await Promise.all([
    readContentVersion(db),
    latest(db, 'built'),
    latest(db, 'requested'),
    latest(db, 'hook'),
    latest(db, 'report'),
  ]);
  const publishedVersion = built?.contentVersion ?? null;
  const waitingEdits = Math.max(0, version - (publishedVersion ?? 0));
  const progress =
    options.mode === 'local'
      ? localProgress(requested, built, report)
      : hookProgress(hook, built, report, now);
  const waitingOnLimit =
    hook?.outcome === 'started' &&
    requested &&
    requested.createdAt > hook.createdAt &&
    now - hook.createdAt.getTime() < HOOK_INTERVAL_MS;
  return {
    hook: options.mode === 'hook',
    mode: options.mode,
    publishedAt: built?.createdAt.toISOString() ?? null,
    publishedVersion,
    publishedCommit: built?.commit ?? null,
    contentVersion: version,
    waitingEdits,
    editsWaiting: waitingEdits > 0,
    requestPending: Boolean(requested && (!built || requested.createdAt > built.createdAt)),
    lastRequestedAt: requested?.createdAt.toISOString() ?? null,
    ...progress,
    nextBuildInSeconds: waitingOnLimit
      ? Math.ceil((hook.createdAt.getTime() + HOOK_INTERVAL_MS - now) / 1000)
      : null,
  };
}

/**
 * Whether the last local request was served: a build or a failed rebuild after it (the watcher
 * rebuilds only for a request newer than both, so a failing build is not retried in a loop).
 */
export async function localRequestDue(db: Db): Promise<boolean> {
  const [requested, built, report] = await Promise.all([
    latest(db, 'requested'),
    latest(db, 'built'),
    latest(db, 'report'),
  ]);
  if (!requested) return false;
  const served = Math.max(
    built?.createdAt.getTime() ?? 0,
    report?.outcome === 'failed' ? report.createdAt.getTime() : 0,
  );
  return requested.createdAt.getTime() > served;
}
