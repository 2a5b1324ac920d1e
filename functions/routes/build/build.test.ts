import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { desc, eq, getTableColumns } from 'drizzle-orm';
import { app } from '#functions/index.ts';
import { readBuildSnapshot } from '#db/queries/build-snapshot.ts';
import { readContentVersion } from '#db/queries/publishing.ts';
import { SNAPSHOT_PAGE_BYTES, SNAPSHOT_PAGE_ROWS, snapshotLists, type SnapshotHead } from '#schemas/build.ts';
import { listSubjects } from '#db/queries/catalog.ts';
import { fetchPagedSnapshot } from '#site/lib/snapshot-fetch.ts';
import * as t from '#db/schema/index.ts';
import { aProgram, db } from '#functions/test/fixtures/index.ts';

// Reads the seeded content on purpose: the build snapshot is the whole stored content the pages are
// built from, and the test compares it with what the database holds, whatever that is.
const TOKEN = 'build-token-for-tests-0123456789abcdef0123';
const withToken = { ...env, BUILD_TOKEN: TOKEN } as Env;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const snapshotAt = (path: string, headers: Record<string, string>, bindings: Env = withToken) =>
  app.request(path, { headers }, bindings);
const snapshot = (headers: Record<string, string>, bindings: Env = withToken) =>
  snapshotAt('/api/build/snapshot', headers, bindings);
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

/** The build's own reader of the paged snapshot, over the test Worker (and how each response went). */
async function fetchThroughWorker(concurrency?: number) {
  const responses: { url: string; bytes: number; status: number }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const snap = await fetchPagedSnapshot(
    'http://127.0.0.1/api/build/snapshot',
    async (url) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const res = await snapshotAt(url.slice('http://127.0.0.1'.length), bearer(TOKEN));
      const text = await res.text();
      responses.push({ url, bytes: new TextEncoder().encode(text).length, status: res.status });
      inFlight--;
      expect(res.status, text.slice(0, 200)).toBe(200);
      return JSON.parse(text) as unknown;
    },
    concurrency === undefined ? {} : { concurrency },
  );
  return { snap, responses, maxInFlight };
}

/** `count` active programs copied from one, made in SQL (no bound parameters), each `description` as given. */
async function bulkPrograms(prefix: string, count: number, description = "json_array('Generated.')") {
  const program = await aProgram();
  const columns = Object.values(getTableColumns(t.subjects)).map((c) => c.name);
  const select = columns.map((name) =>
    name === 'id'
      ? `'${prefix}-' || printf('%05d', n)`
      : name === 'name'
        ? `'Bulk ${prefix} ' || n`
        : name === 'description'
          ? description
          : name,
  );
  await env.DB.prepare(
    `insert into subjects (${columns.join(', ')})
     with recursive c(n) as (select 1 union all select n + 1 from c where n < ${count})
     select ${select.join(', ')} from c, subjects where subjects.id = '${program.id}'`,
  ).run();
}

describe('GET /api/build/snapshot', () => {
  it('the head carries everything but the paged collections, and the ranges that cover them', async () => {
    const res = await snapshot(bearer(TOKEN));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const head = await res.json<SnapshotHead & Record<string, unknown>>();
    expect(head.subjects).toBeUndefined();
    expect(head.jobs).toBeUndefined();
    expect(head.contentVersion).toBe(await readContentVersion(db));
    expect(head.site).toBeDefined();
    for (const collection of ['subjects', 'jobs'] as const) {
      expect(head.pages[collection][0]!.after).toBeNull();
      expect(head.pages[collection].at(-1)!.until).toBeNull();
    }
  });

  it('the build’s reader puts the pages together into exactly what the local build reads', async () => {
    const { snap, responses } = await fetchThroughWorker();
    // One definition: the JSON is exactly what the local loaders get from readBuildSnapshot.
    expect(snap).toEqual(JSON.parse(JSON.stringify(await readBuildSnapshot(db))));
    for (const key of snapshotLists) expect(Array.isArray(snap[key]), key).toBe(true);
    expect(snap.subjects.length).toBeGreaterThan(0);
    expect(Object.keys(snap.costs.bySubject)).toHaveLength(snap.subjects.length);
    expect(responses.every((r) => r.status === 200)).toBe(true);
  });

  it('pages a large catalogue by rows, in the site’s order, read side by side', async () => {
    await bulkPrograms('bulk', 1_234);
    const active = await listSubjects(db);
    expect(active.length).toBeGreaterThan(1_234);
    const { snap, responses, maxInFlight } = await fetchThroughWorker(4);
    expect(snap.subjects.map((s) => s._id)).toEqual(active.map((s) => s._id));
    const subjectPages = responses.filter((r) => r.url.includes('collection=subjects'));
    expect(subjectPages).toHaveLength(Math.ceil(active.length / SNAPSHOT_PAGE_ROWS));
    expect(maxInFlight, 'pages are fetched side by side').toBeGreaterThan(1);
  });

  it('keeps every response under 5 MB: a page of long programs ends early and says where to go on', async () => {
    // 30 programs of 50 paragraphs × 5,000 characters of 2 bytes each: ~15 MB, far past one response.
    await bulkPrograms(
      'long',
      30,
      `(with recursive p(i) as (select 1 union all select i + 1 from p where i < 50)
        select json_group_array(replace(hex(zeroblob(2500)), '00', 'éé')) from p)`,
    );
    const { snap, responses } = await fetchThroughWorker();
    const long = snap.subjects.filter((s) => s._id.startsWith('long-'));
    expect(long).toHaveLength(30);
    expect(long[0]!.description).toHaveLength(50);
    expect(long[0]!.description[0]).toHaveLength(5_000);
    const largest = Math.max(...responses.map((r) => r.bytes));
    expect(largest).toBeLessThanOrEqual(SNAPSHOT_PAGE_BYTES);
    expect(largest, 'the pages are full, not one program each').toBeGreaterThan(SNAPSHOT_PAGE_BYTES / 4);
    expect(responses.filter((r) => r.url.includes('after=')).length).toBeGreaterThan(3);
  });

  it('refuses a bad collection or cursor with a 400 a person can read', async () => {
    for (const [query, message] of [
      ['collection=users', 'collection must be one of subjects, jobs'],
      ['collection=subjects&after=nope', 'after and until must be cursors from the snapshot'],
      ['collection=subjects&until=%5B1%2C2%5D', 'after and until must be cursors from the snapshot'],
      ['collection=jobs&after=%5B%22x%22%2C%22y%22%5D', 'after and until must be cursors from the snapshot'],
      ['after=%5B1%2C%22a%22%5D', 'after and until need a collection'],
    ] as const) {
      const res = await snapshotAt(`/api/build/snapshot?${query}`, bearer(TOKEN));
      expect(res.status, query).toBe(400);
      expect(await res.json(), query).toMatchObject({ success: false, message });
    }
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
