import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { aCountry, aDepartment, aProgram, aUniversity, request } from '#functions/test/fixtures/index.ts';
import { app } from '#functions/index.ts';

/** The words of a text as the unicode61 tokenizer sees them: letters and digits, case and accents folded. */
const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u);

// The catalogue in this file holds only the programs made here (the seed's are removed first), so
// every count, order and match below follows from these rows, not from content/subjects.json.
const programs: [name: string, description: string][] = [
  ['MSc Data Science', 'Statistics and machine learning for data science.'],
  ['MSc Nursing (Adult)', 'Clinical nursing practice on hospital wards.'],
  ['MSc Artificial Intelligence', 'Deep learning and reasoning systems.'],
  ['MSc Software Engineering', 'Build software in teams: UX design, IT systems and training in testing.'],
  ['MBA Global', 'Leadership, said by alumni to be demanding.'],
  ['MS Computer Science', 'Computer science with R programming.'],
  ['BSc Economics', 'Economics with AI methods for public policy.'],
  ['MA Regional Studies', 'Includes an exchange term in Türkiye.'],
  ['PhD Computing Science', 'Research in computing science.'],
  ['MEng Civil Engineering', 'Bridges, tunnels and an engineering project.'],
];
let home: { id: string };
const made: { id: string; countryId: string }[] = [];
beforeAll(async () => {
  await env.DB.prepare('delete from subjects').run();
  home = await aCountry();
  const away = await aCountry();
  const [homeUni, awayUni] = [
    await aUniversity({ countryId: home.id }),
    await aUniversity({ countryId: away.id }),
  ];
  const department = await aDepartment();
  for (const [i, [name, description]] of programs.entries()) {
    const abroad = i % 3 === 2;
    made.push(
      await aProgram({
        name,
        description: [description],
        universityId: (abroad ? awayUni : homeUni).id,
        countryId: (abroad ? away : home).id,
        currency: abroad ? 'USD' : 'GBP',
        departmentId: department.id,
        sortOrder: i,
      }),
    );
  }
});

describe('GET /api/subjects', () => {
  it('lists every active subject with _id, countryId and the spec fields', async () => {
    const res = await request('/api/subjects');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/max-age=\d+.*stale-while-revalidate/);
    const body = await res.json<Record<string, unknown>[]>();
    expect(body.map((b) => b._id)).toEqual(made.map((m) => m.id));
    const first = body[0]!;
    for (const key of [
      '_id',
      'name',
      'image',
      'logo',
      'university',
      'universityId',
      'departmentId',
      'countryId',
      'location',
      'code',
      'description',
      'degreeType',
      'duration',
      'students',
      'year',
      'basePrice',
      'currency',
      'updatedAt',
      'universityimage',
      'studyPlan',
      'entryRequirements',
      'careerProspects',
    ]) {
      expect(first, key).toHaveProperty(key);
    }
    expect(first.university).not.toBe('Unknown University');
  });

  it('filters by country', async () => {
    const res = await request(`/api/subjects?countryId=${home.id}`);
    const body = await res.json<{ _id: string; countryId: string; currency: string }[]>();
    expect(body.map((s) => s._id)).toEqual(made.filter((m) => m.countryId === home.id).map((m) => m.id));
    expect(body.every((s) => s.countryId === home.id && s.currency === 'GBP')).toBe(true);
  });
});

describe('GET /api/subjects: the whole list from its stored copy', () => {
  const PREFIX = 'cache/api-subjects/';
  const copies = async () => (await env.FILES.list({ prefix: PREFIX })).objects.map((o) => o.key);
  const names = async () =>
    await (await request('/api/subjects')).json<{ _id: string; name: string; university: string }[]>();

  it('answers from a copy stored under the list version, the same bytes a fresh read gives', async () => {
    const first = await (await request('/api/subjects')).text();
    const [key] = await copies();
    expect(key).toMatch(/^cache\/api-subjects\/\d+\.json$/);
    expect(await (await env.FILES.get(key!))!.text()).toBe(first);
    // The copy answers: changed behind the version's back, what it holds is what is served.
    await env.FILES.put(key!, '[]');
    expect(await (await request('/api/subjects')).text()).toBe('[]');
    await env.FILES.put(key!, first);
  });

  it('shows any change to a subject or a university name at once, however it was written, and keeps one copy', async () => {
    const [one] = made;
    // A console statement, not the back office: no audit entry, no updated_at.
    await env.DB.prepare("update subjects set name = 'Renamed Program' where id = ?").bind(one!.id).run();
    expect((await names()).find((s) => s._id === one!.id)?.name).toBe('Renamed Program');
    const { universityId } = (await env.DB.prepare(
      'select university_id as universityId from subjects where id = ?',
    )
      .bind(one!.id)
      .first<{ universityId: string }>())!;
    await env.DB.prepare("update universities set name = 'Renamed University' where id = ?")
      .bind(universityId)
      .run();
    expect((await names()).find((s) => s._id === one!.id)?.university).toBe('Renamed University');
    await env.DB.prepare('update subjects set is_active = 0 where id = ?').bind(one!.id).run();
    expect((await names()).some((s) => s._id === one!.id)).toBe(false);
    await env.DB.prepare('update subjects set is_active = 1 where id = ?').bind(one!.id).run();
    expect((await names()).some((s) => s._id === one!.id)).toBe(true);
    expect(await copies()).toHaveLength(1);
  });

  it('reads the list from D1 when R2 cannot be reached, and still answers 200', async () => {
    const unreachable = new Proxy(env.FILES, {
      get: (target, prop) =>
        prop === 'get' || prop === 'put'
          ? async () => {
              throw new Error('R2 unavailable');
            }
          : Reflect.get(target, prop, target),
    });
    const res = await app.request(
      '/api/subjects',
      { headers: { 'CF-Connecting-IP': '100.99.0.1' } },
      { ...env, FILES: unreachable },
    );
    expect(res.status).toBe(200);
    expect((await res.json<{ _id: string }[]>()).map((s) => s._id)).toEqual(made.map((m) => m.id));
  });
});

describe('GET /api/subjects/:id', () => {
  it('returns one subject', async () => {
    const list = await (await request('/api/subjects')).json<{ _id: string; name: string }[]>();
    const res = await request(`/api/subjects/${list[3]!._id}`);
    expect(res.status).toBe(200);
    const subject = await res.json<{ _id: string; name: string; studyPlan: { intake: string } }>();
    expect(subject._id).toBe(list[3]!._id);
    expect(subject.name).toBe(list[3]!.name);
    expect(subject.studyPlan.intake).toBeTruthy();
  });

  it('answers 404 JSON for an unknown id', async () => {
    const res = await request('/api/subjects/no-such-subject');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, message: 'Subject not found' });
  });
});

describe('GET /api/subjects/search', () => {
  type Search = { results: { _id: string; name: string; description: string }[]; total: number };
  const all = async () =>
    await (await request('/api/subjects')).json<{ _id: string; name: string; description: string[] }[]>();

  it('matches name or description as a case-insensitive substring, like the full list would', async () => {
    const subjects = await all();
    for (const q of ['DATA sci', 'nursing', 'ürk', 'ing']) {
      const expected = subjects
        .filter((s) => `${s.name} ${JSON.stringify(s.description)}`.toLowerCase().includes(q.toLowerCase()))
        .map((s) => s._id)
        .sort();
      expect(expected.length, `the programs made above match ${q}`).toBeGreaterThan(0);
      const res = await request(`/api/subjects/search?q=${encodeURIComponent(q)}&limit=50`);
      expect(res.status).toBe(200);
      const body = await res.json<Search>();
      expect(body.total, q).toBe(expected.length);
      if (expected.length <= 50) expect(body.results.map((r) => r._id).sort(), q).toEqual(expected);
    }
  });

  it('keeps results small and answers nothing for a blank query', async () => {
    const res = await request('/api/subjects/search?q=science');
    const text = await res.text();
    expect((JSON.parse(text) as Search).results.length).toBeGreaterThan(0);
    expect((JSON.parse(text) as Search).results.length).toBeLessThanOrEqual(20);
    expect(text.length).toBeLessThan(30_000);
    expect(await (await request('/api/subjects/search?q=%20%20')).json()).toEqual({ results: [], total: 0 });
  });

  it('treats FTS syntax and LIKE wildcards as plain text, and short queries match names', async () => {
    for (const q of ['"', 'a OR b', '%%', 'NEAR(', '*']) {
      const res = await request(`/api/subjects/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect((await (await request('/api/subjects/search?q=%25')).json<Search>()).total).toBe(0);
    const two = await (await request('/api/subjects/search?q=ms')).json<Search>();
    expect(
      two.results.every((r) => r.name.toLowerCase().includes('ms') || words(r.description).includes('ms')),
    ).toBe(true);
  });

  it('short queries ("AI", "IT", "UX") match a whole word of the description too, not only names', async () => {
    const subjects = await all();
    for (const q of ['AI', 'ai', 'IT', 'UX', 'R', 'a']) {
      // One character is someone starting to type: names only (as a word it is "a" or "I", everywhere).
      const expected = subjects
        .filter(
          (s) =>
            s.name.toLowerCase().includes(q.toLowerCase()) ||
            (q.length === 2 && words(JSON.stringify(s.description)).includes(q.toLowerCase())),
        )
        .map((s) => s._id)
        .sort();
      const body = await (
        await request(`/api/subjects/search?q=${encodeURIComponent(q)}&limit=50`)
      ).json<Search>();
      expect(body.total, q).toBe(expected.length);
      if (expected.length <= 50) expect(body.results.map((r) => r._id).sort(), q).toEqual(expected);
    }
    // A program about AI whose name does not say so is found by its description.
    const ai = await (await request('/api/subjects/search?q=AI&limit=50')).json<Search>();
    expect(ai.results.some((r) => !/ai/i.test(r.name) && /\bAI\b/.test(r.description))).toBe(true);
    // A word, not a substring: "ai" inside "training" or "said" is not a match on its own.
    const inside = subjects.filter(
      (s) =>
        !s.name.toLowerCase().includes('ai') &&
        !words(JSON.stringify(s.description)).includes('ai') &&
        JSON.stringify(s.description).toLowerCase().includes('ai'),
    );
    expect(inside.length).toBeGreaterThan(0);
    const ids = new Set(
      (await (await request('/api/subjects/search?q=ai&limit=50')).json<Search>()).results.map((r) => r._id),
    );
    expect(inside.filter((s) => ids.has(s._id))).toEqual([]);
    // Punctuation only has no word to look up: names only, never an FTS syntax error.
    for (const q of ['+', '--', '""', '*'])
      expect((await request(`/api/subjects/search?q=${encodeURIComponent(q)}`)).status, q).toBe(200);
  });

  it('a short query finds a description word as soon as a subject is edited (word index triggers)', async () => {
    const before = await (await request('/api/subjects/search?q=qx')).json<Search>();
    expect(before.total).toBe(0);
    await env.DB.prepare(
      `update subjects set description = '["A QX course on quantum experience."]' where id = ?`,
    )
      .bind(made[7]!.id)
      .run();
    const after = await (await request('/api/subjects/search?q=qx')).json<Search>();
    expect(after.total).toBe(1);
    await env.DB.prepare(`update subjects set description = '["Nothing of the kind."]' where id = ?`)
      .bind(made[7]!.id)
      .run();
    expect((await (await request('/api/subjects/search?q=QX')).json<Search>()).total).toBe(0);
  });

  it('stays in step with edits through the triggers', async () => {
    await env.DB.prepare("update subjects set name = 'Zyxwv Studies' where id = ?").bind(made[5]!.id).run();
    const body = await (await request('/api/subjects/search?q=zyxwv')).json<Search>();
    expect(body.results.map((r) => r.name)).toEqual(['Zyxwv Studies']);
  });

  it('returns the first page in catalogue order with the total over every match, active subjects only', async () => {
    type Row = { id: string; name: string; description: string; sort_order: number; is_active: number };
    // Retire one matching subject: it must leave both the page and the total.
    await env.DB.prepare(
      "update subjects set is_active = 0 where id = (select id from subjects where name like '%science%' order by sort_order limit 1 offset 1)",
    ).run();
    const { results } = await env.DB.prepare(
      'select id, name, description, sort_order, is_active from subjects',
    ).all<Row>();
    for (const [q, limit] of [
      ['science', 5],
      ['ing', 3],
      ['ms', 4],
      ['an', 20],
    ] as const) {
      const matches = results
        .filter((r) => r.is_active === 1)
        .filter((r) =>
          q.length >= 3
            ? `${r.name} ${r.description}`.toLowerCase().includes(q)
            : r.name.toLowerCase().includes(q) || (q.length === 2 && words(r.description).includes(q)),
        )
        .sort((a, b) => a.sort_order - b.sort_order || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const body = await (await request(`/api/subjects/search?q=${q}&limit=${limit}`)).json<Search>();
      expect(body.total, q).toBe(matches.length);
      expect(
        body.results.map((r) => r._id),
        q,
      ).toEqual(matches.slice(0, limit).map((r) => r.id));
    }
  });

  it('walks the search index in result order instead of reading and sorting every match (query plan)', async () => {
    const { subjectSearchSql } = await import('#db/queries/catalog.ts');
    const { SQLiteSyncDialect } = await import('drizzle-orm/sqlite-core');
    // With table statistics (D1 may gather them: PRAGMA optimize) the planner would rather drive the
    // search by rowid; the plan must hold with and without them.
    await env.DB.exec('ANALYZE');
    for (const q of ['science', 'ms']) {
      const { sql, params } = new SQLiteSyncDialect().sqlToQuery(subjectSearchSql(q, 20));
      const { results } = await env.DB.prepare(`explain query plan ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const steps = results.map((r) => r.detail);
      // The page (p) and the count (c) both read the covering index only; the rows (s) are fetched by rowid.
      expect(steps, q).toContain('SEARCH p USING COVERING INDEX subjects_search_idx (is_active=?)');
      expect(steps, q).toContain('SEARCH c USING COVERING INDEX subjects_search_idx (is_active=?)');
      expect(
        steps.filter((d) => /^SCAN (p|c|s)\b/.test(d)),
        q,
      ).toEqual([]);
    }
  });

  it('rejects an over-long query with a 400 message', async () => {
    const res = await request(`/api/subjects/search?q=${'x'.repeat(201)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: 'Search text is too long' });
  });
});
