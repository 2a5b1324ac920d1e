import { Hono } from 'hono';
import { and, count, desc, eq, gt, like } from 'drizzle-orm';
import type { AppEnv } from '../../lib/app-env.ts';
import { auditLog, publishEvents } from '../../../db/schema/index.ts';
import { auditInsert } from '../../services/audit.ts';
import { staffOnly } from './shared.ts';

type Db = AppEnv['Variables']['db'];

/** At most one deploy-hook call a minute: edits within a minute make one build. */
export const HOOK_INTERVAL_MS = 60_000;

const deployHook = (env: Env) => (env as Env & { DEPLOY_HOOK_URL?: string }).DEPLOY_HOOK_URL || undefined;

async function latest(db: Db, kind: 'requested' | 'built') {
  const [row] = await db.select({ at: publishEvents.createdAt }).from(publishEvents).where(eq(publishEvents.kind, kind)).orderBy(desc(publishEvents.createdAt)).limit(1);
  return row?.at ?? null;
}

async function lastHookCall(db: Db) {
  const [row] = await db.select({ at: auditLog.createdAt }).from(auditLog).where(eq(auditLog.action, 'publish.hook')).orderBy(desc(auditLog.createdAt)).limit(1);
  return row?.at ?? null;
}

/**
 * Production: calls the deploy hook when a publish request is waiting and the last call is more
 * than a minute old. Called on publish and on every status poll, so a request made within the
 * minute after a build is served by the next one (debounced, never lost).
 */
async function maybeCallHook(db: Db, env: Env, now = Date.now()) {
  const url = deployHook(env);
  if (!url) return { hook: false as const };
  const [requested, called] = await Promise.all([latest(db, 'requested'), lastHookCall(db)]);
  if (!requested || (called && called >= requested)) return { hook: true as const, building: false };
  if (called && now - called.getTime() < HOOK_INTERVAL_MS) {
    return { hook: true as const, building: false, nextBuildInSeconds: Math.ceil((called.getTime() + HOOK_INTERVAL_MS - now) / 1000) };
  }
  const res = await fetch(url, { method: 'POST' }).catch(() => undefined);
  await auditInsert(db, { staffId: null, action: 'publish.hook', entity: 'site', after: { status: res?.status ?? 'network error' } });
  return { hook: true as const, building: Boolean(res?.ok) };
}

/** What the admin shows: when the site was last built and whether edits are waiting. */
async function publishStatus(db: Db) {
  const [lastBuiltAt, lastRequestedAt] = await Promise.all([latest(db, 'built'), latest(db, 'requested')]);
  const since = lastBuiltAt ? gt(auditLog.createdAt, lastBuiltAt) : undefined;
  const [edits] = await db.select({ n: count() }).from(auditLog).where(and(like(auditLog.action, 'content.%'), since));
  const waitingEdits = edits?.n ?? 0;
  return {
    lastBuiltAt,
    lastRequestedAt,
    waitingEdits,
    editsWaiting: waitingEdits > 0,
    requestPending: Boolean(lastRequestedAt && (!lastBuiltAt || lastRequestedAt > lastBuiltAt)),
  };
}

/** Publishing: records a rebuild request (and calls the deploy hook in production). Admins and editors. */
export const adminPublish = new Hono<AppEnv>()
  .use(staffOnly)
  .post('/', async (c) => {
    const db = c.var.db;
    await db.batch([
      db.insert(publishEvents).values({ id: crypto.randomUUID(), kind: 'requested', staffId: c.var.auth.sub }),
      auditInsert(db, { staffId: c.var.auth.sub, action: 'publish.request', entity: 'site' }),
    ]);
    const hook = await maybeCallHook(db, c.env);
    const message = !hook.hook
      ? 'Publish requested: the site is rebuilt by npm run publish (or the watcher npm start runs).'
      : hook.building
        ? 'Publishing: the site is being rebuilt. This takes a few minutes.'
        : `Publish requested: a build started less than a minute ago, the next one starts in ${hook.nextBuildInSeconds ?? 60} seconds.`;
    return c.json({ success: true, message, ...hook, ...(await publishStatus(db)) }, 202);
  })
  .get('/status', async (c) => {
    const hook = await maybeCallHook(c.var.db, c.env);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ ...hook, ...(await publishStatus(c.var.db)) });
  });

export { publishStatus };
