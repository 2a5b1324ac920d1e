import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { desc, eq } from 'drizzle-orm';
import { app } from '#functions/index.ts';
import { readBuildSnapshot } from '#db/queries/build-snapshot.ts';
import { readContentVersion } from '#db/queries/publishing.ts';
import { snapshotLists, type BuildSnapshot } from '#schemas/build.ts';
import * as t from '#db/schema/index.ts';
import { db } from '#functions/test/fixtures/index.ts';

// Reads the seeded content on purpose: the build snapshot is the whole stored content the pages are
// built from, and the test compares it with what the database holds, whatever that is.
const TOKEN = 'build-token-for-tests-0123456789abcdef0123';
const withToken = { ...env, BUILD_TOKEN: TOKEN } as Env;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const snapshot = (headers: Record<string, string>, bindings: Env = withToken) =>
  app.request('/api/build/snapshot', { headers }, bindings);
const done = (body: unknown, headers: Record<string, string> = bearer(TOKEN), bindings: Env = withToken) =>
  app.request(
    '/api/build/done',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
    bindings,
  );

describe('the build token', () => {
  it('refuses a missing, malformed or wrong token with 401', async () => {
    for (const headers of [
      {},
      { Authorization: TOKEN },
      { Authorization: 'Basic abc' },
      bearer(`${TOKEN}x`),
      bearer(TOKEN.slice(0, -1)),
      bearer(''),
    ]) {
      const res = await snapshot(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
      expect(await res.json()).toMatchObject({ success: false, message: 'A valid build token is required.' });
    }
    expect((await done({ contentVersion: 0 }, {})).status).toBe(401);
  });

  it('fails closed: with BUILD_TOKEN unset (or too short to be safe) nothing is accepted', async () => {
    for (const value of [undefined, '', 'short-token']) {
      const bindings = { ...env, BUILD_TOKEN: value } as Env;
      expect((await snapshot(bearer(value ?? ''), bindings)).status).toBe(401);
      expect((await snapshot(bearer('undefined'), bindings)).status).toBe(401);
      expect((await done({ contentVersion: 0 }, bearer(value ?? ''), bindings)).status).toBe(401);
    }
  });
});

describe('GET /api/build/snapshot', () => {
  it('returns every row the pages need, with its content version, from the same queries as the local build', async () => {
    const res = await snapshot(bearer(TOKEN));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = await res.json<BuildSnapshot>();
    // One definition: the JSON is exactly what the local loaders get from readBuildSnapshot.
    expect(body).toEqual(JSON.parse(JSON.stringify(await readBuildSnapshot(db))));
    for (const key of snapshotLists) expect(Array.isArray(body[key]), key).toBe(true);
    expect(body.subjects.length).toBeGreaterThan(0);
    expect(body.site).toBeDefined();
    expect(body.contentVersion).toBe(await readContentVersion(db));
  });
});

describe('POST /api/build/done', () => {
  it('records the build with the content version it carries and its commit', async () => {
    const version = await readContentVersion(db);
    const res = await done({ contentVersion: version, commit: 'a1b2c3d' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ success: true, publishedVersion: version });
    const [built] = await db
      .select()
      .from(t.publishEvents)
      .where(eq(t.publishEvents.kind, 'built'))
      .orderBy(desc(t.publishEvents.createdAt))
      .limit(1);
    expect(built).toMatchObject({ contentVersion: version, commit: 'a1b2c3d' });
  });

  it('refuses a version the database has not reached, and bad bodies, with a 400 a person can read', async () => {
    const version = await readContentVersion(db);
    const ahead = await done({ contentVersion: version + 1 });
    expect(ahead.status).toBe(400);
    expect(await ahead.json()).toMatchObject({
      success: false,
      message: 'contentVersion is newer than this database’s content version',
    });
    for (const body of [
      {},
      { contentVersion: -1 },
      { contentVersion: 1.5 },
      { contentVersion: '3' },
      { contentVersion: 0, commit: 'rm -rf /' },
    ]) {
      const res = await done(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ message: string }>()).message).toMatch(/contentVersion|commit/);
    }
  });
});

describe('the content version', () => {
  it("moves on with every content edit, in the edit's own transaction, and with nothing else", async () => {
    const before = await readContentVersion(db);
    await db
      .insert(t.auditLog)
      .values({ id: crypto.randomUUID(), staffId: null, action: 'content.update', entity: 'subjects' });
    await db
      .insert(t.auditLog)
      .values({ id: crypto.randomUUID(), staffId: null, action: 'staff.login', entity: 'staff' });
    expect(await readContentVersion(db)).toBe(before + 1);
    // Parallel edits each count once (the trigger's UPDATE is one statement per edit).
    await Promise.all(
      Array.from({ length: 8 }, () =>
        db
          .insert(t.auditLog)
          .values({ id: crypto.randomUUID(), staffId: null, action: 'content.create', entity: 'countries' }),
      ),
    );
    expect(await readContentVersion(db)).toBe(before + 9);
  });
});
