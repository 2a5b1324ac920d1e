import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { aDepartment, aFeature, aService, request } from '#functions/test/fixtures/index.ts';

describe('public content reads', () => {
  it('GET /api/departments is an array of the active departments', async () => {
    const made = await aDepartment({ imageUrl: '/images/departments/testing.svg' });
    const body = await (
      await request('/api/departments')
    ).json<
      {
        _id: string;
        name: string;
        imageUrl: string;
      }[]
    >();
    expect(body.find((d) => d._id === made.id)).toMatchObject({
      _id: made.id,
      name: made.name,
      imageUrl: '/images/departments/testing.svg',
    });
    for (const department of body) expect(department.imageUrl).toMatch(/^\//);
  });

  it('GET /api/features lists the active features with gradients', async () => {
    // Only the features made here (the seed's are removed), so the list is exactly these.
    await env.DB.prepare('delete from features').run();
    const made = [await aFeature(), await aFeature({ gradientFrom: '#111111', gradientTo: '#222222' })];
    await aFeature({ isActive: false });
    const body = await (
      await request('/api/features')
    ).json<
      {
        title: string;
        gradientFrom: string;
        gradientTo: string;
        image: string;
      }[]
    >();
    expect(body.map((f) => f.title).sort()).toEqual(made.map((f) => f.title).sort());
    expect(body.find((f) => f.title === made[0]!.title)).toMatchObject({
      gradientFrom: '#00C9FF',
      gradientTo: '#92FE9D',
    });
    expect(body.find((f) => f.title === made[1]!.title)).toMatchObject({
      gradientFrom: '#111111',
      gradientTo: '#222222',
    });
  });

  it('GET /api/services answers { success, data } with the active services', async () => {
    const plain = await aService();
    const fresh = await aService({ isNew: true });
    const retired = await aService({ isActive: false });
    const body = await (
      await request('/api/services')
    ).json<{
      success: boolean;
      data: { title: string; isNew: boolean }[];
    }>();
    expect(body.success).toBe(true);
    const titles = body.data.map((s) => s.title);
    expect(titles).toEqual(expect.arrayContaining([plain.title, fresh.title]));
    expect(titles).not.toContain(retired.title);
    expect(body.data.find((s) => s.title === fresh.title)!.isNew).toBe(true);
    expect(body.data.find((s) => s.title === plain.title)!.isNew).toBe(false);
  });

  // The single-record documents below (mission/vision, about) are read from the seed on purpose: their
  // subject is the brand's shipped copy that the pages fall back to, and they have no rows to make.
  it.each(['/api/missionvission', '/api/about-mission-vision'])(
    'GET %s answers mission/vision content',
    async (path) => {
      const body = await (
        await request(path)
      ).json<{
        success: boolean;
        data: { vision: { goals: { _id: string; number: string }[] }; values: { items: unknown[] } };
      }>();
      expect(body.success).toBe(true);
      expect(body.data.vision.goals.map((g) => g.number)).toEqual(['10+', '50+', '100%']);
      expect(body.data.vision.goals[0]!._id).toBeTruthy();
      expect(body.data.values.items).toHaveLength(4);
    },
  );

  it('GET /api/about answers the default statistics', async () => {
    const body = await (await request('/api/about')).json();
    expect(body).toMatchObject({
      success: true,
      stats: { yearsExperience: 13, projectsChallenged: 23, positiveReviews: 830, trustedStudents: 100000 },
      companyInfo: { title: expect.any(String) },
    });
  });

  it('unknown API paths are JSON 404s and responses carry security headers', async () => {
    const res = await request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false });
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });
});
