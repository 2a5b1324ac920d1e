import { describe, expect, it, beforeAll, beforeEach, vi, afterEach } from 'vitest';
import { env } from 'cloudflare:test';
import { eq, sql } from 'drizzle-orm';
import { app } from '#functions/index.ts';
import * as t from '#db/schema/index.ts';
import {
  HOOK_INTERVAL_MS,
  HOOK_STALE_MS,
  PUBLISH_TIMEOUT_MS,
  insertBuildReport,
  insertPublishRequest,
  localRequestDue,
  readContentVersion,
} from '#db/queries/publishing.ts';
import { getSite } from '#db/queries/site-content.ts';
import {
  PUBLISH_NOT_SET_UP,
  deployHookPayload,
  publishProblemText,
  type PublishStatusResponse,
} from '#schemas/build.ts';
import { auth, db, mailTo, makeStaff } from '#functions/test/fixtures/index.ts';

let editor: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  editor = await makeStaff('editor');
});
beforeEach(async () => {
  await db.delete(t.publishEvents);
});
afterEach(() => vi.restoreAllMocks());

const HOOK = 'https://api.cloudflare.com/client/v4/workers/builds/deploy_hooks/abc';
const hookEnv = { ...env, DEPLOY_HOOK_URL: HOOK } as Env;
type Answer = PublishStatusResponse & { success?: boolean };
const publish = async (bindings: Env = hookEnv) =>
  (
    await app.request('/api/admin/publish', { method: 'POST', headers: auth(editor.token) }, bindings)
  ).json<Answer>();
const status = async (bindings: Env = hookEnv) =>
  (await app.request('/api/admin/publish/status', { headers: auth(editor.token) }, bindings)).json<Answer>();

/** A fake deploy hook: records each call and answers as told. */
function fakeHook(
  answer: (n: number) => Promise<Response> | Response = () => new Response('{"success":true}'),
) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    calls.push({ url: String(input instanceof Request ? input.url : input), init });
    return answer(calls.length);
  });
  return calls;
}

/** Moves every publishing event back in time, as if `ms` had passed. */
const age = (ms: number) =>
  db.update(t.publishEvents).set({ createdAt: sql`${t.publishEvents.createdAt} - ${ms}` });

/** Content edits since the last build: audit entries the content version counts. */
const edit = () =>
  db
    .insert(t.auditLog)
    .values({ id: crypto.randomUUID(), staffId: null, action: 'content.update', entity: 'subjects' });

describe('publishing locally (no deploy hook)', () => {
  it('records a request; the status shows edits waiting until a build with that content version is recorded', async () => {
    await edit();
    const res = await app.request('/api/admin/publish', { method: 'POST', headers: auth(editor.token) }, env);
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({
      success: true,
      hook: false,
      requestPending: true,
      editsWaiting: true,
      state: 'idle',
      message:
        'Publish requested: the public pages are being rebuilt with your changes. They appear on the site in a few minutes.',
    });
    const [requested] = await db.select().from(t.publishEvents).where(eq(t.publishEvents.kind, 'requested'));
    expect(requested!.staffId).toBe(editor.id);
    await new Promise((r) => setTimeout(r, 5));
    const version = await readContentVersion(db);
    await db
      .insert(t.publishEvents)
      .values({ id: crypto.randomUUID(), kind: 'built', contentVersion: version });
    expect(await status(env)).toMatchObject({
      editsWaiting: false,
      waitingEdits: 0,
      requestPending: false,
      publishedVersion: version,
      publishedAt: expect.any(String),
    });
    await edit();
    await edit();
    expect(await status(env)).toMatchObject({ editsWaiting: true, waitingEdits: 2 });
  });
});

describe('publishing through the deploy hook', () => {
  it('calls the hook once for parallel publishes, then at most once a minute, and serves a waiting request after the minute', async () => {
    const calls = fakeHook();
    const answers = await Promise.all(Array.from({ length: 12 }, () => publish()));
    expect(calls).toHaveLength(1);
    expect(answers.every((a) => a.state === 'publishing')).toBe(true);
    // A publish within the minute waits for it (told when), and the status poll does not call early.
    const waiting = await publish();
    expect(waiting.message).toMatch(
      /a build started less than a minute ago, the next one starts in \d+ seconds/,
    );
    expect(waiting.nextBuildInSeconds).toBeGreaterThan(0);
    await Promise.all([status(), status(), status()]);
    expect(calls).toHaveLength(1);
    // A minute later the waiting request is served once, by the status polls racing for it.
    await age(HOOK_INTERVAL_MS + 1000);
    await Promise.all(Array.from({ length: 6 }, () => status()));
    expect(calls).toHaveLength(2);
    // Nothing waits any more: polls call nothing.
    await age(HOOK_INTERVAL_MS + 1000);
    await status();
    expect(calls).toHaveLength(2);
  });

  it('shows "publishing since" until the build reports in, then "published at" with its content version', async () => {
    fakeHook();
    await edit();
    const started = await publish();
    expect(started).toMatchObject({
      hook: true,
      state: 'publishing',
      stateSince: expect.any(String),
      message: 'Publishing: the site is being rebuilt. This takes a few minutes.',
    });
    const version = await readContentVersion(db);
    const report = await app.request(
      '/api/build/done',
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${'b'.repeat(40)}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ contentVersion: version, commit: 'abc123' }),
      },
      { ...hookEnv, BUILD_TOKEN: 'b'.repeat(40) },
    );
    expect(report.status).toBe(201);
    expect(await status()).toMatchObject({
      state: 'idle',
      stateSince: null,
      publishedVersion: version,
      publishedCommit: 'abc123',
      publishedAt: expect.any(String),
      editsWaiting: false,
    });
  });

  it('shows a failed call (HTTP error, timeout, unreachable) as failed, and Publish retries it at once', async () => {
    const failures: (() => Promise<Response>)[] = [
      async () => new Response('no', { status: 500 }),
      async () => {
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      },
      async () => {
        throw new TypeError('fetch failed');
      },
    ];
    const calls = fakeHook((n) =>
      n <= failures.length ? failures[n - 1]!() : Promise.resolve(new Response('ok')),
    );
    const expected = [
      'the build service answered with an error (HTTP 500)',
      'the build service did not answer within 10 seconds',
      'the build service could not be reached',
    ];
    for (const [i, failure] of expected.entries()) {
      const answer = await publish();
      expect(calls).toHaveLength(i + 1);
      expect(answer).toMatchObject({ state: 'failed', failure, stateSince: expect.any(String) });
      expect(answer.message).toBe(
        `Publishing failed: ${failure}. The site still shows the last published version. Press Publish to try again.`,
      );
      expect(answer.failedStep).toBe('hook');
      expect(answer.message).not.toContain('less than a minute');
      // A failed call is not retried behind the person's back by the status poll.
      expect(await status()).toMatchObject({ state: 'failed', failure });
      expect(calls).toHaveLength(i + 1);
    }
    // The retry succeeds at once: no minute's wait after failures.
    expect(await publish()).toMatchObject({ state: 'publishing', nextBuildInSeconds: null });
    expect(calls).toHaveLength(4);
  });

  it('counts a call that never finished as failed, and lets Publish retry it', async () => {
    const calls = fakeHook();
    await db.insert(t.publishEvents).values({
      id: crypto.randomUUID(),
      kind: 'requested',
      createdAt: new Date(Date.now() - HOOK_STALE_MS - 2000),
    });
    await db.insert(t.publishEvents).values({
      id: crypto.randomUUID(),
      kind: 'hook',
      outcome: 'calling',
      createdAt: new Date(Date.now() - HOOK_STALE_MS - 1000),
    });
    expect(await status()).toMatchObject({
      state: 'failed',
      failure: 'the build service did not confirm the start of the build',
    });
    expect(calls).toHaveLength(0);
    expect(await publish()).toMatchObject({ state: 'publishing' });
    expect(calls).toHaveLength(1);
  });

  it('holds parallel publishes back while a call is in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const calls = fakeHook(async () => {
      await gate;
      return new Response('ok');
    });
    const first = publish();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const others = await Promise.all([publish(), publish()]);
    expect(others.every((a) => a.state === 'publishing')).toBe(true);
    release();
    expect(await first).toMatchObject({ state: 'publishing' });
    expect(calls).toHaveLength(1);
  });

  it('sends what both Workers Builds and GitHub repository_dispatch accept, with the hook token only when set', async () => {
    const calls = fakeHook();
    await publish({
      ...hookEnv,
      DEPLOY_HOOK_URL: 'https://api.github.com/repos/acme/site/dispatches',
      DEPLOY_HOOK_TOKEN: 'github_pat_secret',
    } as Env);
    const headers = new Headers(calls[0]!.init?.headers);
    expect(calls[0]!.url).toBe('https://api.github.com/repos/acme/site/dispatches');
    expect(calls[0]!.init?.method).toBe('POST');
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({
      event_type: 'publish',
      client_payload: { environment: 'test' },
    });
    expect(headers.get('Authorization')).toBe('Bearer github_pat_secret');
    expect(headers.get('User-Agent')).toBeTruthy();
    await age(HOOK_INTERVAL_MS + 1000);
    await publish();
    expect(new Headers(calls[1]!.init?.headers).has('Authorization')).toBe(false);
  });

  it('carries the environment it was pressed in: staging publishes staging, production production', async () => {
    const calls = fakeHook();
    for (const ENVIRONMENT of ['staging', 'production']) {
      await db.delete(t.publishEvents);
      await publish({ ...hookEnv, ENVIRONMENT });
    }
    const sent = calls.map((c) => deployHookPayload.parse(JSON.parse(c.init?.body as string)));
    expect(sent.map((b) => b.client_payload.environment)).toEqual(['staging', 'production']);
  });

  it('is staff only', async () => {
    // From the site itself (past the CSRF check, which refuses a bodiless POST without an origin: 403).
    const res = await app.request(
      '/api/admin/publish',
      { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin' } },
      hookEnv,
    );
    expect(res.status).toBe(401);
    expect((await app.request('/api/admin/publish', { method: 'POST' }, hookEnv)).status).toBe(403);
  });
});

const BUILD_TOKEN = 'b'.repeat(40);
const LOG = 'https://github.com/acme/site/actions/runs/123456';
/** The build machine's report, as scripts/report-build.ts sends it. */
const report = (body: unknown, bindings: Env = hookEnv) =>
  app.request(
    '/api/build/done',
    {
      method: 'POST',
      headers: { Authorization: `Bearer ${BUILD_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
    { ...bindings, BUILD_TOKEN },
  );
/** The notices about publishing the staff address received (the site settings' address). */
const publishNotices = async () =>
  (await mailTo((await getSite(db)).staffNotificationEmail)).filter((m) => /^Publishing /.test(m.subject));

describe('what the build reports back (a failed Publish is never "publishing" for ever)', () => {
  it('shows each step as the build reports it: started, waiting for a reviewer, then published', async () => {
    fakeHook();
    await edit();
    expect(await publish()).toMatchObject({ state: 'publishing', mode: 'hook' });
    expect((await report({ outcome: 'building', logUrl: LOG })).status).toBe(201);
    expect(await status()).toMatchObject({ state: 'publishing', logUrl: LOG, failedStep: null });
    const waiting = await report({ outcome: 'waiting', logUrl: LOG });
    expect(waiting.status).toBe(201);
    expect(await waiting.json()).toMatchObject({ success: true, outcome: 'waiting' });
    const held = await status();
    expect(held).toMatchObject({ state: 'waiting', stateSince: expect.any(String) });
    // A reviewer may take hours: waiting is not silence, and never times out.
    await age(PUBLISH_TIMEOUT_MS * 3);
    expect(await status()).toMatchObject({ state: 'waiting' });
    // Approved, built, deployed: published, whatever came before.
    expect((await report({ outcome: 'building', logUrl: LOG })).status).toBe(201);
    const version = await readContentVersion(db);
    expect((await report({ contentVersion: version, commit: 'abc123' })).status).toBe(201);
    expect(await status()).toMatchObject({
      state: 'idle',
      publishedVersion: version,
      publishedAt: expect.any(String),
      editsWaiting: false,
    });
  });

  it('shows a failure at its step with the log, e-mails the staff address, and Publish tries again', async () => {
    const calls = fakeHook();
    await edit();
    await publish();
    const before = (await publishNotices()).length;
    const res = await report({ outcome: 'failed', step: 'build', logUrl: LOG, commit: 'abc123' });
    expect(res.status).toBe(201);
    const failed = await status();
    expect(failed).toMatchObject({
      state: 'failed',
      failedStep: 'build',
      logUrl: LOG,
      stateSince: expect.any(String),
      editsWaiting: true,
    });
    expect(publishProblemText(failed)).toBe(
      'Publishing failed at the build step. The site still shows the last published version.',
    );
    // The staff address is told, with the log, whoever pressed Publish.
    const notices = await publishNotices();
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]!.subject).toBe('Publishing failed: the site was not updated');
    expect(notices[0]!.text).toContain('Publishing failed at the build step.');
    expect(notices[0]!.text).toContain(LOG);
    // The status poll does not retry a failure behind the person's back; Publish does (after the minute).
    await status();
    expect(calls).toHaveLength(1);
    await age(HOOK_INTERVAL_MS + 1000);
    expect(await publish()).toMatchObject({ state: 'publishing', failedStep: null, logUrl: null });
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['test', 'Publishing failed at the test step.'],
    ['approval', 'Publishing failed at the approval step (the deploy was refused or cancelled).'],
    ['deploy', 'Publishing failed at the deploy step.'],
  ])('names a failure at the %s step in editors’ words', async (step, words) => {
    fakeHook();
    await publish();
    await report({ outcome: 'failed', step });
    const answer = await status();
    expect(answer).toMatchObject({ state: 'failed', failedStep: step, logUrl: null });
    expect(publishProblemText(answer)).toBe(`${words} The site still shows the last published version.`);
  });

  it('times a silent build out after 20 minutes: shown as probably failed, the staff address e-mailed once', async () => {
    fakeHook();
    await publish();
    await report({ outcome: 'building', logUrl: LOG });
    await age(PUBLISH_TIMEOUT_MS - 60_000);
    expect(await status()).toMatchObject({ state: 'publishing' });
    const before = (await publishNotices()).length;
    await age(2 * 60_000);
    // Many open back offices poll at once: one records the silence, one e-mail goes.
    const answers = await Promise.all(Array.from({ length: 5 }, () => status()));
    for (const answer of answers) {
      expect(answer).toMatchObject({ state: 'timed-out', logUrl: LOG });
      expect(publishProblemText(answer)).toBe(
        'No word from the build for 20 minutes: it has probably failed. The site still shows the last published version. Press Publish to try again, or ask an administrator to look at the build service.',
      );
    }
    expect(await status()).toMatchObject({ state: 'timed-out' });
    const notices = await publishNotices();
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]!.subject).toBe('Publishing has probably failed: no word from the build');
    expect(notices[0]!.text).toContain(LOG);
    const recorded = await db.select().from(t.publishEvents).where(eq(t.publishEvents.outcome, 'timed-out'));
    expect(recorded).toHaveLength(1);
    // A build that was only slow still reports in, and its word wins.
    const version = await readContentVersion(db);
    await report({ contentVersion: version });
    expect(await status()).toMatchObject({ state: 'idle', publishedVersion: version });
  });

  it('counts the silence from the hook call when the build never reported at all', async () => {
    fakeHook();
    await publish();
    await age(PUBLISH_TIMEOUT_MS + 1000);
    expect(await status()).toMatchObject({ state: 'timed-out', logUrl: null });
  });

  it('refuses a report that is not one (unknown outcome, no step, a log that is not https)', async () => {
    for (const body of [
      { outcome: 'exploded' },
      { outcome: 'failed' },
      { outcome: 'failed', step: 'lunch' },
      { outcome: 'failed', step: 'build', logUrl: 'javascript:alert(1)' },
      { outcome: 'failed', step: 'build', logUrl: 'http://github.com/acme/site/actions/runs/1' },
      { outcome: 'published' },
    ]) {
      const res = await report(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await db.select().from(t.publishEvents).where(eq(t.publishEvents.kind, 'report'))).toEqual([]);
  });
});

describe('a deployed Worker without a deploy hook', () => {
  const production = { ...env, ENVIRONMENT: 'production', DEPLOY_HOOK_URL: undefined } as unknown as Env;

  it('says publishing is not set up and refuses Publish (nothing would ever build it)', async () => {
    const calls = fakeHook();
    const shown = await status(production);
    expect(shown).toMatchObject({ mode: 'not-set-up', hook: false, state: 'idle' });
    const res = await app.request(
      '/api/admin/publish',
      { method: 'POST', headers: auth(editor.token) },
      production,
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false, message: PUBLISH_NOT_SET_UP });
    expect(await db.select().from(t.publishEvents)).toEqual([]);
    expect(calls).toHaveLength(0);
  });
});

describe('a local rebuild that failed (npm start, npm run publish)', () => {
  it('shows the failure at the build step instead of "a rebuild is on its way", and waits for the next Publish', async () => {
    const start = Date.now();
    await insertPublishRequest(db, editor.id, new Date(start - 2000));
    expect(await localRequestDue(db)).toBe(true);
    // The watcher's failed build, dated at its start (after the request it served).
    await insertBuildReport(db, { outcome: 'failed', step: 'build', at: new Date(start - 1000) });
    expect(await status(env)).toMatchObject({ mode: 'local', state: 'failed', failedStep: 'build' });
    expect(await localRequestDue(db)).toBe(false);
    const again = await app.request(
      '/api/admin/publish',
      { method: 'POST', headers: auth(editor.token) },
      env,
    );
    expect(await again.json()).toMatchObject({ state: 'idle', requestPending: true });
    expect(await localRequestDue(db)).toBe(true);
  });
});
