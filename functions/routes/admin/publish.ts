import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { auditInsert } from '#db/queries/audit.ts';
import {
  claimHookCall,
  finishHookCall,
  HOOK_TIMEOUT_MS,
  insertPublishRequest,
  readPublishStatus,
  recordSilence,
} from '#db/queries/publishing.ts';
import { notifyPublishProblem } from '#functions/services/mail/publish-notice.ts';
import { pagePaths } from '#schemas/paths.ts';
import {
  PUBLISH_NOT_SET_UP,
  PUBLISH_WAITING,
  publishProblemText,
  type DeployHookPayload,
  type DeployTarget,
  type PublishResponse,
  type PublishStatusResponse,
} from '#schemas/build.ts';
import { staffOnly } from './shared.ts';

type Db = AppEnv['Variables']['db'];
type DeployHook = NonNullable<ReturnType<typeof config>['deployHook']>;

/**
 * One POST to the deploy hook. Cloudflare's Workers Builds hooks take a bare POST (each Worker has
 * its own hook, building its own environment); GitHub's repository_dispatch (the shipped
 * .github/workflows/deploy.yml) needs the event type in the body, a bearer token
 * (DEPLOY_HOOK_TOKEN), an Accept and a User-Agent, and reads which environment to build and deploy
 * from the body: this Worker's own ENVIRONMENT, so a Publish on staging never starts production's.
 * Both accept this request. Resolves to null when the hook accepted, else to why it did not (shown
 * to staff; no secrets).
 */
async function callHook(hook: DeployHook, environment: string): Promise<string | null> {
  try {
    const res = await fetch(hook.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/vnd.github+json, application/json',
        'User-Agent': 'bridgeway-global-publish',
        ...(hook.token ? { Authorization: `Bearer ${hook.token}` } : {}),
      },
      // As this Worker names itself: the workflow refuses anything but production or staging.
      body: JSON.stringify({
        event_type: 'publish',
        client_payload: { environment: environment as DeployTarget },
      } satisfies DeployHookPayload),
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
    await res.body?.cancel();
    return res.ok ? null : `the build service answered with an error (HTTP ${res.status})`;
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return name === 'TimeoutError' || name === 'AbortError'
      ? `the build service did not answer within ${HOOK_TIMEOUT_MS / 1000} seconds`
      : 'the build service could not be reached';
  }
}

/**
 * Production: calls the deploy hook when a publish request waits and the once-a-minute limit allows
 * (claimHookCall decides in one statement, so parallel publishes and polls make one call). Called on
 * publish and on every status poll, so a request made within the minute after a build is served by
 * the next call (debounced, never lost). Returns whether this call started a build.
 */
async function maybeCallHook(db: Db, env: Env) {
  const hook = config(env).deployHook;
  if (!hook) return false;
  const claimed = await claimHookCall(db);
  if (!claimed) return false;
  const failure = await callHook(hook, config(env).environment);
  await finishHookCall(db, claimed, failure ? 'failed' : 'started', failure);
  return !failure;
}

/**
 * What the admin shows: the live build, edits since, and where the last publish stands. A publish
 * whose build fell silent past the timeout is recorded once (the first read that sees it, whoever
 * reads), and that read e-mails the staff address: the person who pressed Publish may be gone.
 */
async function publishStatus(c: Context<AppEnv>) {
  const db = c.var.db;
  const status = await readPublishStatus(db, { mode: config(c.env).publishing });
  if (
    status.state === 'timed-out' &&
    status.lastWordAt &&
    (await recordSilence(db, new Date(status.lastWordAt)))
  )
    await notifyPublishProblem(db, c.var.mailer, status, {
      at: new Date(),
      adminUrl: `${config(c.env).siteUrl.replace(/\/$/, '')}${pagePaths.admin}/content`,
    });
  return status;
}

/** The sentence shown after Publish, from the state it led to. */
function publishMessage(status: PublishStatusResponse, started: boolean) {
  // In an editor's words: what happens to their changes, not which command runs.
  if (status.mode === 'local')
    return 'Publish requested: the public pages are being rebuilt with your changes. They appear on the site in a few minutes.';
  const problem = publishProblemText(status);
  if (problem) return `${problem} Press Publish to try again.`;
  if (status.state === 'waiting') return `${PUBLISH_WAITING}.`;
  if (started) return 'Publishing: the site is being rebuilt. This takes a few minutes.';
  if (status.nextBuildInSeconds !== null)
    return `Publish requested: a build started less than a minute ago, the next one starts in ${status.nextBuildInSeconds} seconds.`;
  return 'Publishing: the site is being rebuilt. This takes a few minutes.';
}

/** Publishing: records a rebuild request (and calls the deploy hook in production). Admins and editors. */
export const adminPublish = new Hono<AppEnv>()
  .use(staffOnly)
  .post('/', async (c) => {
    // Deployed without a hook, a request would wait for a build nothing starts: refused, saying why
    // (the health check names the missing setting for whoever runs the deployment).
    if (config(c.env).publishing === 'not-set-up')
      throw new HTTPException(503, { message: PUBLISH_NOT_SET_UP });
    const db = c.var.db;
    await db.batch([
      insertPublishRequest(db, c.var.auth.sub),
      auditInsert(db, { staffId: c.var.auth.sub, action: 'publish.request', entity: 'site' }),
    ]);
    const started = await maybeCallHook(db, c.env);
    const status = await publishStatus(c);
    return c.json(
      { success: true, ...status, message: publishMessage(status, started) } satisfies PublishResponse,
      202,
    );
  })
  .get('/status', async (c) => {
    await maybeCallHook(c.var.db, c.env);
    c.header('Cache-Control', 'private, no-store');
    return c.json((await publishStatus(c)) satisfies PublishStatusResponse);
  });
