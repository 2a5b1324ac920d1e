import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { request } from '#functions/test/fixtures/index.ts';
import * as t from '#db/schema/index.ts';
import { VIDEO_URL_MESSAGE } from '#schemas/video.ts';
import { auth, db, makeStaff } from '#functions/test/fixtures/index.ts';

let editor: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  editor = await makeStaff('editor');
});

const put = (body: unknown, token = editor.token) =>
  request('/api/admin/site-settings', {
    method: 'PUT',
    headers: { ...auth(token), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const current = async () =>
  (
    await (
      await request('/api/admin/site-settings', { headers: auth(editor.token) })
    ).json<{
      item: Record<string, unknown> & { videos: Record<string, string | null> };
    }>()
  ).item;

describe('site settings (the brand and the video links)', () => {
  it('needs a staff session', async () => {
    expect((await request('/api/admin/site-settings')).status).toBe(401);
  });

  it('saves video links staff may set (audited), and none means posters only', async () => {
    const site = await current();
    expect(site.videos).toEqual({
      homeSupport: null,
      coursesHero: null,
      coursesIntro: null,
      higherEducationHero: null,
    });
    const videos = {
      homeSupport: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      coursesHero: 'https://media.example.com/courses/hero.mp4',
      coursesIntro: 'https://vimeo.com/76979871',
      higherEducationHero: '/api/files/videos/higher-education.webm',
    };
    const res = await put({ ...site, videos });
    expect(res.status).toBe(200);
    expect((await current()).videos).toEqual(videos);
    const [entry] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'content.update'), eq(t.auditLog.entity, 'site')));
    expect(entry).toMatchObject({ staffId: editor.id, after: expect.objectContaining({ videos }) });
  });

  it.each([
    ['http://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=short'],
    ['https://example.com/page.html'],
    ['https://evil.example/player.js'],
    ['javascript:alert(1)'],
    ['//cdn.example.com/a.mp4'],
    [''],
  ])('refuses the video link %j beside its field, and stores nothing', async (link) => {
    const site = await current();
    const res = await put({ ...site, videos: { ...site.videos, coursesHero: link } });
    expect(res.status).toBe(400);
    const body = await res.json<{ success: boolean; message: string; fields: Record<string, string> }>();
    expect(body.fields).toEqual({ 'videos.coursesHero': VIDEO_URL_MESSAGE });
    expect((await current()).videos.coursesHero).toBe(site.videos.coursesHero);
  });

  it('names every invalid field of the brand at once', async () => {
    const site = await current();
    const res = await put({ ...site, companyName: '', companyNumber: '123', registeredIn: 'Mars' });
    expect(res.status).toBe(400);
    const { fields } = await res.json<{ fields: Record<string, string> }>();
    expect(Object.keys(fields).sort()).toEqual(['companyName', 'companyNumber', 'registeredIn']);
    expect(fields.companyNumber).toMatch(/Companies House number/);
  });
});
