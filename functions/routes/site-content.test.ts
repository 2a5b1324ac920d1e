import { describe, expect, it } from 'vitest';
import { request } from '../test/fixtures/index.ts';

describe('public content reads', () => {
  it('GET /api/departments is an array of at least 10', async () => {
    const body = await (
      await request('/api/departments')
    ).json<
      {
        _id: string;
        name: string;
        imageUrl: string;
      }[]
    >();
    expect(body.length).toBeGreaterThanOrEqual(10);
    expect(body[0]).toMatchObject({
      _id: expect.any(String),
      name: expect.any(String),
      imageUrl: expect.stringMatching(/^\//),
    });
  });

  it('GET /api/features lists the six features with gradients', async () => {
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
    expect(body).toHaveLength(6);
    expect(body[0]).toMatchObject({ gradientFrom: '#00C9FF', gradientTo: '#92FE9D' });
  });

  it('GET /api/services answers { success, data } with the three default services', async () => {
    const body = await (
      await request('/api/services')
    ).json<{
      success: boolean;
      data: { title: string; isNew: boolean }[];
    }>();
    expect(body.success).toBe(true);
    const titles = body.data.map((s) => s.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Visa Application Support',
        'Study-to-PR Pathways',
        'Abroad Education Advisory',
      ]),
    );
    expect(body.data.find((s) => s.title === 'Study-to-PR Pathways')!.isNew).toBe(true);
  });

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
