import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { aJob, request } from '#functions/test/fixtures/index.ts';
import { auth, makeStaff } from '#functions/test/fixtures/index.ts';
import { createDb } from '#db/client.ts';
import { jobSearchQueries, openCategoriesSql } from '#db/queries/jobs.ts';
import { JOBS_PAGE_SIZE, type JobsPage } from '#schemas/recruitment.ts';

// The job search through `jobs_fts` (FTS5 trigram, migration 0002): what it finds must be exactly
// what the spec's "trimmed, case-insensitive substring of title, company, location or description"
// finds, whatever the index, and the triggers must keep the index in step with every write.

interface Row {
  id: string;
  title: string;
  company: string;
  location: string;
  description: string;
  category: string;
  status: string;
  sort_order: number;
}

async function search(qs: string) {
  const res = await request(`/api/applyjobs?${qs}`);
  expect(res.status).toBe(200);
  return await res.json<JobsPage>();
}

/** Every page of a search, in order: the ids the board would show. */
async function allIds(params: Record<string, string>) {
  const first = await search(new URLSearchParams(params).toString());
  const ids = first.jobs.map((j) => j._id);
  for (let page = 2; page <= first.totalPages; page++)
    ids.push(
      ...(await search(new URLSearchParams({ ...params, page: String(page) }).toString())).jobs.map(
        (j) => j._id,
      ),
    );
  return { total: first.total, ids };
}

/** The oracle: the spec's rule applied in JavaScript to the rows in the database right now. */
async function expected(q: string, category?: string) {
  const { results } = await env.DB.prepare(
    'select id, title, company, location, description, category, status, sort_order from jobs',
  ).all<Row>();
  const needle = q.trim().toLowerCase();
  return results
    .filter((r) => r.status === 'open')
    .filter((r) =>
      [r.title, r.company, r.location, r.description].some((v) => v.toLowerCase().includes(needle)),
    )
    .filter((r) => !category || r.category.toLowerCase() === category.trim().toLowerCase())
    .sort((a, b) => a.sort_order - b.sort_order || (a.id < b.id ? -1 : 1))
    .map((r) => r.id);
}

const insertJob = (id: string, fields: Partial<Omit<Row, 'id'>> = {}) =>
  env.DB.prepare(
    `insert into jobs (id, title, description, category, company, location, address, start_date, end_date, recruitment_type, employment, schedule, payment, hiring, urgent, tags, type, requirements, company_info, status, sort_order, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, 'Street 1', '2027-01-01', '2027-12-31', 'Work Permit', '["Full-time"]', 'Days', '€12 per hour', 'Hiring 1', 0, '[]', 'Work permit', '[]', '{"name":"Co","website":"https://example.com","about":"x"}', ?, ?, 0, 0)`,
  )
    .bind(
      id,
      fields.title ?? `Title of ${id}`,
      fields.description ?? 'Plain description.',
      fields.category ?? 'Testing',
      fields.company ?? 'Test Co',
      fields.location ?? 'Testville',
      fields.status ?? 'open',
      fields.sort_order ?? 500,
    )
    .run();

// The jobs searched here are made here (the seed's jobs are removed first): each case below has
// rows it must find, and the oracle reads these rows, not content/jobs.json.
beforeAll(async () => {
  await env.DB.prepare('delete from jobs').run();
  const jobs = [
    {
      title: 'Warehouse Operative',
      company: 'Nordhaven Logistics B.V.',
      location: 'Rotterdam, Netherlands',
      description: 'Pick and pack orders with handheld scanners.',
    },
    { title: 'Construction Labourer', company: 'Baltic Build OÜ', location: 'Tallinn, Estonia' },
    { title: 'Hotel Housekeeping Attendant', company: 'Vitosha Hotels', location: 'Sofia, Bulgaria' },
    { title: 'Care Assistant', company: 'Liffey Care Services', location: 'Dublin, Ireland' },
    { title: 'Care Assistant (Domiciliary)', company: 'Aire Home Care', location: 'Leeds, United Kingdom' },
    { title: 'Airport Cleaner', company: 'Vistula Airport Services', location: 'Warsaw, Poland' },
    { title: 'Daycare Cook', company: 'DS Kitchens', location: 'Zagreb, Croatia' },
  ];
  for (const [i, job] of jobs.entries())
    await aJob({ ...job, description: job.description ?? `Work as a ${job.title}.`, sortOrder: i });
  // The closed job: its company must never be found.
  await aJob({ title: 'Domestic Cleaner', company: 'Sparkle & Shine Ltd', status: 'closed', sortOrder: 99 });
});

describe('job search through jobs_fts', () => {
  // Substrings inside words, across word boundaries, in each of the four columns, mixed case.
  it.each([
    ['ehous', 'inside a title word'],
    ['NORDHAV', 'a company, upper case'],
    ['liffey care', 'a company across a space'],
    ['sofia, bulg', 'a location with punctuation'],
    ['handheld scanners', 'a description only'],
    ['  care  ', 'padded, many matches'],
    ['assistant (dom', 'with a bracket'],
    ['zzzz-nothing', 'no match'],
  ])('finds %j (%s) exactly as the substring rule does', async (q, what) => {
    const want = await expected(q);
    if (what === 'no match') expect(want).toEqual([]);
    else expect(want.length, 'the jobs made above have matches').toBeGreaterThan(0);
    const got = await allIds({ q });
    expect(got).toEqual({ total: want.length, ids: want });
  });

  it('is case-insensitive beyond ASCII for 3+ characters (the trigram index folds case)', async () => {
    const [labourer] = await expected('tallinn');
    expect(labourer).toBeDefined();
    expect((await search('q=BUILD%20O%C3%9C')).jobs.map((j) => j._id)).toEqual([labourer]);
    expect((await search('q=build%20o%C3%BC')).jobs.map((j) => j._id)).toEqual([labourer]);
  });

  it('leaves closed jobs out of the matches', async () => {
    // 'Sparkle & Shine' is the closed job's company (made above).
    const made = await env.DB.prepare("select status from jobs where company like 'sparkle%'").all();
    expect(made.results).toEqual([{ status: 'closed' }]);
    expect(await search('q=sparkle')).toMatchObject({ total: 0, jobs: [] });
  });

  it.each(['ds', 'D', 'z', '%', '_', 'ö'])(
    'answers the short query %j (under 3 characters: no trigram) by the same rule',
    async (q) => {
      const want = await expected(q);
      expect(await allIds({ q })).toEqual({ total: want.length, ids: want });
    },
  );

  it('answers two emoji (4 UTF-16 units but 2 characters) without an error', async () => {
    expect(await search(`q=${encodeURIComponent('🙂🙂')}`)).toMatchObject({ total: 0 });
  });

  // FTS5 has its own query language; typed text must never be read as it.
  it.each([
    '"care',
    'care"',
    'a"b"c',
    'care*',
    'NEAR(care assistant)',
    'care OR cleaner',
    '-care',
    'care AND',
    '^care',
    'title:care',
    '(care',
  ])('treats the FTS5 syntax in %j as plain text', async (q) => {
    const want = await expected(q);
    expect(await allIds({ q })).toEqual({ total: want.length, ids: want });
  });

  it('combines the search with the category filter and pages through the matches in board order', async () => {
    for (let i = 0; i < 7; i++) {
      await insertJob(`quokka-${i}`, {
        description: `Feeding the quokkafarm animals, shift ${i}.`,
        category: i % 2 ? 'Marine' : 'Aviation',
        sort_order: 900 - i,
      });
    }
    await insertJob('quokka-closed', {
      description: 'A quokkafarm role that is filled.',
      category: 'Filled Roles',
      status: 'closed',
    });
    const first = await search('q=QUOKKAFARM');
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: JOBS_PAGE_SIZE, totalPages: 3 });
    expect(first.jobs.map((j) => j._id)).toEqual(['quokka-6', 'quokka-5', 'quokka-4']);
    expect(first.categories).toEqual(expect.arrayContaining(['Aviation', 'Marine']));
    expect(first.categories).not.toContain('Filled Roles');
    expect(first.categories).toEqual([...first.categories].sort());
    expect((await search('q=quokkafarm&page=3')).jobs.map((j) => j._id)).toEqual(['quokka-0']);
    // Past the end: the last page, as before.
    expect(await search('q=quokkafarm&page=9')).toMatchObject({
      page: 3,
      jobs: [expect.objectContaining({ _id: 'quokka-0' })],
    });
    const marine = await allIds({ q: 'quokkafarm', category: 'MARINE' });
    expect(marine).toEqual({ total: 3, ids: ['quokka-5', 'quokka-3', 'quokka-1'] });
    expect(marine).toEqual({ total: 3, ids: await expected('quokkafarm', 'marine') });
    expect(await search('q=quokkafarm&category=Filled%20Roles')).toMatchObject({ total: 0, jobs: [] });
  });

  it('follows an edit in the back office and a delete (the triggers keep the index in step)', async () => {
    const admin = await makeStaff('admin');
    await insertJob('lighthouse-keeper', {
      title: 'Lighthouse Keeper',
      description: 'Keep the xylophonic foghorn in tune.',
      company: 'Beacon Trust',
      location: 'Skerryvore',
    });
    expect((await search('q=xylophonic')).jobs.map((j) => j._id)).toEqual(['lighthouse-keeper']);
    const form = await (
      await request('/api/admin/content/jobs/lighthouse-keeper', { headers: auth(admin.token) })
    ).json<{ item: Record<string, unknown> }>();
    const res = await request('/api/admin/content/jobs/lighthouse-keeper', {
      method: 'PUT',
      headers: { ...auth(admin.token), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...form.item,
        title: 'Lamp Room Attendant',
        description: 'Polish the marimbaphone lens every night.',
        company: 'Harbour Lights Board',
        location: 'Eddystone',
      }),
    });
    expect(res.status).toBe(200);
    for (const gone of ['xylophonic', 'lighthouse keeper', 'beacon trust', 'skerryvore'])
      expect(await search(`q=${encodeURIComponent(gone)}`)).toMatchObject({ total: 0 });
    for (const found of ['marimbaphone', 'lamp room', 'harbour lights', 'eddystone']) {
      expect((await search(`q=${encodeURIComponent(found)}`)).jobs.map((j) => j._id)).toEqual([
        'lighthouse-keeper',
      ]);
    }
    // A write that changes one searchable column only (the trigger lists all four).
    await env.DB.prepare("update jobs set location = 'Bell Rock' where id = 'lighthouse-keeper'").run();
    expect(await search('q=eddystone')).toMatchObject({ total: 0 });
    await env.DB.prepare(
      "update jobs set description = 'Wind the glockenspiel clock.', location = 'Eddystone' where id = 'lighthouse-keeper'",
    ).run();
    expect(await search('q=marimbaphone')).toMatchObject({ total: 0 });
    expect((await search('q=glockenspiel')).jobs.map((j) => j._id)).toEqual(['lighthouse-keeper']);
    // An edit that leaves the four columns alone (retire, restore) keeps the job findable once open.
    await request('/api/admin/content/jobs/lighthouse-keeper/retire', {
      method: 'POST',
      headers: auth(admin.token),
    });
    expect(await search('q=eddystone')).toMatchObject({ total: 0 });
    await request('/api/admin/content/jobs/lighthouse-keeper/restore', {
      method: 'POST',
      headers: auth(admin.token),
    });
    expect(await search('q=eddystone')).toMatchObject({ total: 1 });
    await env.DB.prepare("delete from jobs where id = 'lighthouse-keeper'").run();
    expect(await search('q=eddystone')).toMatchObject({ total: 0 });
    // The index and its table agree row for row ('integrity-check' compares them for external content).
    await env.DB.prepare("insert into jobs_fts(jobs_fts, rank) values ('integrity-check', 1)").run();
  });
});

describe('query plans of the job list (no full scans, no sorts)', () => {
  const db = createDb(env.DB);
  async function plan(query: { toSQL(): { sql: string; params: unknown[] } }) {
    const { sql, params } = query.toSQL();
    const { results } = await env.DB.prepare(`explain query plan ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    return results.map((r) => r.detail);
  }
  const fullScan = (steps: string[]) => steps.filter((s) => /^SCAN jobs\b/.test(s) || /TEMP B-TREE/.test(s));

  it('searches 3+ characters through jobs_fts and pages from the board-order index', async () => {
    const queries = jobSearchQueries(db, { q: 'care assistant' });
    for (const steps of [await plan(queries.count), await plan(queries.page(2))]) {
      expect(steps.join('\n')).toMatch(/jobs_fts VIRTUAL TABLE/);
      expect(fullScan(steps)).toEqual([]);
    }
  });

  it('filters a category through the lower(category) index, in board order', async () => {
    const queries = jobSearchQueries(db, { category: 'Care assistant' });
    const steps = await plan(queries.page(1));
    expect(steps.join('\n')).toMatch(/jobs_category_lower_idx/);
    expect(fullScan(steps)).toEqual([]);
    expect(fullScan(await plan(queries.count))).toEqual([]);
  });

  it('pages the unfiltered board without a sort', async () => {
    const steps = await plan(jobSearchQueries(db, {}).page(3));
    expect(steps.join('\n')).toMatch(/jobs_status_idx/);
    expect(fullScan(steps)).toEqual([]);
  });

  it('lists the categories by index seeks, one per category', async () => {
    const { results } = await env.DB.prepare(`explain query plan ${openCategoriesSql}`).all<{
      detail: string;
    }>();
    const steps = results.map((r) => r.detail);
    expect(steps.join('\n')).toMatch(/jobs_category_idx \(status=\? AND category>\?\)/);
    expect(fullScan(steps)).toEqual([]);
  });
});
