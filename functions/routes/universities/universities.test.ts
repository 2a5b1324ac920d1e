import { describe, expect, it } from 'vitest';
import { request } from '#functions/test/fixtures/index.ts';

describe('/api/universities', () => {
  it('is an array of universities with scholarships', async () => {
    const body = await (
      await request('/api/universities')
    ).json<
      {
        _id: string;
        name: string;
        scholarshipList: unknown[];
        country: string;
      }[]
    >();
    expect(Array.isArray(body)).toBe(true);
    expect(body.length).toBeGreaterThanOrEqual(15);
    expect(body.some((u) => u.scholarshipList.length > 0)).toBe(true);
    const one = await request(`/api/universities/${body[0]!._id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ _id: body[0]!._id, name: body[0]!.name });
  });

  it('404s an unknown university', async () => {
    const res = await request('/api/universities/nowhere');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, message: 'University not found' });
  });
});
