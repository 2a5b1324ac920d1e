import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { request, somePrograms } from '#functions/test/fixtures/index.ts';
import { makeStudent, tokenFor } from '#functions/test/fixtures/index.ts';
import {
  savedProgramsResponse,
  SAVED_FULL_MESSAGE,
  type SavedProgramsResponse,
} from '#schemas/saved-programs.ts';
import { SAVED_PROGRAMS_MAX } from '#schemas/finder-terms.ts';

/** Students carry their token as a bearer header; the cookie is the back office's. */
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function student() {
  const s = await makeStudent();
  return { ...s, headers: auth(await tokenFor('student', s.id, 'student')) };
}
/** The ids of `n` programs made for the test (not the seed's). */
const subjectIds = async (n: number) => (await somePrograms(n)).map((r) => r.id);

const put = (id: string, headers: Record<string, string>) =>
  request(`/api/users/saved-programs/${encodeURIComponent(id)}`, { method: 'PUT', headers });
const list = async (headers: Record<string, string>) =>
  savedProgramsResponse.parse(await (await request('/api/users/saved-programs', { headers })).json());
const merge = (subjectIds: unknown, headers: Record<string, string>) =>
  request('/api/users/saved-programs/merge', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ subjectIds }),
  });

describe('/api/users/saved-programs', () => {
  it('saves (201, then 200: idempotent), lists newest first with the program card, and removes', async () => {
    const { headers } = await student();
    const [a, b] = await subjectIds(2);
    expect((await put(a!, headers)).status).toBe(201);
    expect((await put(a!, headers)).status).toBe(200);
    const saved = await put(b!, headers);
    expect(await saved.json()).toEqual({ success: true, saved: true, count: 2 });
    const body = await list(headers);
    expect(body.max).toBe(SAVED_PROGRAMS_MAX);
    expect(body.items.map((i) => i.subjectId)).toEqual([b, a]);
    expect(body.items[0]!.program).toMatchObject({
      _id: b,
      university: expect.any(String),
      currency: expect.any(String),
    });

    const removed = await request(`/api/users/saved-programs/${a}`, { method: 'DELETE', headers });
    expect(await removed.json()).toEqual({ success: true, saved: false, count: 1 });
    expect((await request(`/api/users/saved-programs/${a}`, { method: 'DELETE', headers })).status).toBe(200);
    expect((await list(headers)).items.map((i) => i.subjectId)).toEqual([b]);
  });

  it("keeps each student's list to themselves, and asks visitors to sign in", async () => {
    const one = await student();
    const two = await student();
    const [a] = await subjectIds(1);
    await put(a!, one.headers);
    expect((await list(two.headers)).items).toEqual([]);
    const anonymous = await request('/api/users/saved-programs');
    expect(anonymous.status).toBe(401);
    expect((await put(a!, {})).status).toBe(401);
    const partner = await request('/api/users/saved-programs', {
      headers: auth(await tokenFor('partner', one.id, 'partner')),
    });
    expect(partner.status).toBe(403);
  });

  it('answers 404 for an unknown or retired program', async () => {
    const { headers } = await student();
    const res = await put('no-such-program', headers);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, message: 'Subject not found' });
    const res2 = await put('x'.repeat(201), headers);
    expect(res2.status).toBe(400);
  });

  it(`holds at most ${SAVED_PROGRAMS_MAX}: ${SAVED_PROGRAMS_MAX + 10} saves sent at once store exactly ${SAVED_PROGRAMS_MAX}`, async () => {
    const { headers } = await student();
    const ids = await subjectIds(SAVED_PROGRAMS_MAX + 10);
    expect(ids).toHaveLength(SAVED_PROGRAMS_MAX + 10);
    const results = await Promise.all(ids.map((id) => put(id, headers)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SAVED_PROGRAMS_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const full = results.find((r) => r.status === 409)!;
    expect(await full.json()).toMatchObject({ success: false, message: SAVED_FULL_MESSAGE });
    expect((await list(headers)).items).toHaveLength(SAVED_PROGRAMS_MAX);
    // At the cap, saving one already saved still answers 200.
    const already = (await list(headers)).items[0]!.subjectId;
    expect((await put(already, headers)).status).toBe(200);
  });

  it("merges a visitor's list at sign-in: new ones added in order, known ones kept, unknown and retired skipped, the cap kept", async () => {
    const { headers } = await student();
    const ids = await subjectIds(6);
    await put(ids[0]!, headers);
    const res = await merge([ids[0], ids[1], 'no-such-program', ids[2], ids[1]], headers);
    expect(res.status).toBe(200);
    const body = await res.json<SavedProgramsResponse & { added: number; skipped: number }>();
    expect(body).toMatchObject({ added: 2, skipped: 2 });
    expect(new Set(body.items.map((i) => i.subjectId))).toEqual(new Set([ids[0], ids[1], ids[2]]));

    // Near the cap: only the places left are filled, even with two merges at once.
    const full = await student();
    const many = await subjectIds(SAVED_PROGRAMS_MAX + 6);
    await Promise.all(many.slice(0, SAVED_PROGRAMS_MAX - 3).map((id) => put(id, full.headers)));
    const both = await Promise.all([
      merge(many.slice(-6), full.headers),
      merge(many.slice(-6).reverse(), full.headers),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await list(full.headers)).items).toHaveLength(SAVED_PROGRAMS_MAX);
  });

  it('validates the merge body (400 naming the field)', async () => {
    const { headers } = await student();
    for (const [body, message] of [
      ['not a list', 'subjectIds must be a list of program ids'],
      [[1, 2], 'subjectIds must be program ids'],
      [
        Array.from({ length: SAVED_PROGRAMS_MAX + 1 }, (_, i) => `p-${i}`),
        `subjectIds: at most ${SAVED_PROGRAMS_MAX} programs`,
      ],
    ] as const) {
      const res = await merge(body, headers);
      expect(res.status, message).toBe(400);
      expect((await res.json<{ message: string }>()).message).toContain(message);
    }
  });

  it('lists a program retired since it was saved, without its card', async () => {
    const { headers } = await student();
    const [id] = await subjectIds(1);
    await put(id!, headers);
    await env.DB.prepare('update subjects set is_active = 0 where id = ?').bind(id).run();
    expect((await list(headers)).items).toEqual([expect.objectContaining({ subjectId: id, program: null })]);
  });
});
