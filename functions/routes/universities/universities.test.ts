import { describe, expect, it } from 'vitest';
import * as t from '#db/schema/index.ts';
import { aUniversity, db, request } from '#functions/test/fixtures/index.ts';

describe('/api/universities', () => {
  it('is an array of universities with scholarships', async () => {
    const made = await aUniversity();
    await db.insert(t.scholarships).values({
      id: `${made.id}-1`,
      universityId: made.id,
      name: 'Test Scholarship',
      amount: '£1,000',
      eligibility: 'Everyone',
      deadline: '2027-06-30',
    });
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
    const listed = body.find((u) => u._id === made.id);
    expect(listed).toMatchObject({
      name: made.name,
      scholarshipList: [expect.objectContaining({ name: 'Test Scholarship' })],
    });
    const one = await request(`/api/universities/${made.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ _id: made.id, name: made.name });
  });

  it('404s an unknown university', async () => {
    const res = await request('/api/universities/nowhere');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, message: 'University not found' });
  });
});
