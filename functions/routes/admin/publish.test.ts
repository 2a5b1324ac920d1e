import { describe, expect, it, beforeAll, beforeEach, vi, afterEach } from 'vitest';
import { env } from 'cloudflare:test';
import { eq, sql } from 'drizzle-orm';
import { app } from '#functions/index.ts';
import * as t from '#db/schema/index.ts';
import { HOOK_INTERVAL_MS, HOOK_STALE_MS, readContentVersion } from '#db/queries/publishing.ts';
import { deployHookPayload, type PublishStatusResponse } from '#schemas/build.ts';
import { auth, db, makeStaff } from '#functions/test/fixtures/index.ts';

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
      expect(answer.message).toBe(`Publishing failed: ${failure}. Press Publish to try again.`);
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

  it('carries the environment it was pressed in (issue 32 item 5): staging publishes staging, production production', async () => {
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
