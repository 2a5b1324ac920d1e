import { describe, expect, it } from 'vitest';
import { aJob, aProgram, auth, makeStaff, request } from '#functions/test/fixtures/index.ts';
import { searchText } from '#schemas/common.ts';
import type { ProgramsResponse } from '#schemas/programs.ts';
import type { JobsPage } from '#schemas/recruitment.ts';
import type { SubjectSearchResponse } from '#schemas/catalog.ts';

// A NUL in the search text answered 500 from all three searches (SQLite's FTS5
// refuses it: "unterminated string"). Control characters are removed from every free-text query
// parameter by one schema helper (schemas/common.ts searchText): each run becomes one space.

/** C0 controls (NUL, SOH, tab, LF, CR LF, ESC, US), DEL and C1 controls (U+0080, NEL U+0085, U+009F), percent-encoded. */
const CONTROLS = ['%00', '%01', '%09', '%0A', '%0D%0A', '%1B', '%1F', '%7F', '%C2%80', '%C2%85', '%C2%9F'];

const searches = ['/api/subjects/search', '/api/programs', '/api/applyjobs'];

describe('control characters in search text', () => {
  it.each(searches)(
    '%s answers a NUL before the search text (q = NUL + "abc") with 200, not 500',
    async (path) => {
      const res = await request(`${path}?q=%00abc`);
      expect(res.status).toBe(200);
    },
  );

  it.each(searches)(
    '%s answers every control character, leading, inside and trailing, without a 5xx',
    async (path) => {
      for (const control of CONTROLS) {
        for (const q of [`${control}abc`, `ab${control}cd`, `abc${control}`, control]) {
          const res = await request(`${path}?q=${q}`);
          expect(res.status, `${path}?q=${q}`).toBe(200);
        }
      }
    },
  );

  it('finds a program and a job when the search text carries control characters around the words', async () => {
    const program = await aProgram();
    const job = await aJob();
    const programWord = program.name.split(' ').at(-1)!;
    const jobWord = job.title.split(' ').at(-1)!;

    const found = await (
      await request(`/api/subjects/search?q=%00${programWord}%0D%0A`)
    ).json<SubjectSearchResponse>();
    expect(found.results.map((r) => r._id)).toContain(program.id);
    const finder = await (await request(`/api/programs?q=%1B${programWord}%00`)).json<ProgramsResponse>();
    expect(finder.items.map((r) => r._id)).toContain(program.id);
    const jobs = await (await request(`/api/applyjobs?q=%00${jobWord}%7F`)).json<JobsPage>();
    expect(jobs.jobs.map((j) => j._id)).toEqual([job.id]);
  });

  it('cleans the other free-text filters the same way (finder level, job category, staff list search)', async () => {
    expect((await request('/api/programs?level=%00Master')).status).toBe(200);
    const job = await aJob({ category: `Category ${crypto.randomUUID().slice(0, 8)}` });
    const byCategory = await (
      await request(`/api/applyjobs?category=${encodeURIComponent(job.category)}%00`)
    ).json<JobsPage>();
    expect(byCategory.jobs.map((j) => j._id)).toEqual([job.id]);
    const admin = await makeStaff('admin');
    for (const list of ['staff', 'inbox', 'payments', 'audit', 'content/subjects']) {
      const res = await request(`/api/admin/${list}?q=%00abc%0A`, { headers: auth(admin.token) });
      expect(res.status, list).toBe(200);
    }
  });

  it('searchText turns each run of control characters into one space, trims, and measures what was typed', () => {
    const q = searchText(20, { tooLong: 'too long' });
    expect(q.parse('\u0000data\u0000\u0001science\r\n')).toBe('data science');
    expect(q.parse('\u0085\u009f\t')).toBe('');
    // Not control characters: format characters and other scripts stay as typed.
    expect(q.parse('a\u200bb é')).toBe('a\u200bb é');
    expect(q.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe('too long');
  });
});
