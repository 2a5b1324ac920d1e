import { describe, expect, it } from 'vitest';
import { request } from '../../test/request.ts';

describe('GET /api/subjects', () => {
  it('lists the 80 seeded subjects with _id, countryId and the spec fields', async () => {
    const res = await request('/api/subjects');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/max-age=\d+.*stale-while-revalidate/);
    const body = (await res.json()) as Record<string, unknown>[];
    expect(body).toHaveLength(80);
    const first = body[0]!;
    for (const key of ['_id', 'name', 'image', 'logo', 'university', 'universityId', 'departmentId', 'countryId', 'location', 'code', 'description', 'degreeType', 'duration', 'students', 'year', 'basePrice', 'currency', 'updatedAt', 'universityimage', 'studyPlan', 'entryRequirements', 'careerProspects']) {
      expect(first, key).toHaveProperty(key);
    }
    expect(first.university).not.toBe('Unknown University');
  });

  it('filters by country', async () => {
    const res = await request('/api/subjects?countryId=united-kingdom');
    const body = (await res.json()) as { countryId: string; currency: string }[];
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((s) => s.countryId === 'united-kingdom' && s.currency === 'GBP')).toBe(true);
  });
});

describe('GET /api/subjects/:id', () => {
  it('returns one subject', async () => {
    const list = (await (await request('/api/subjects')).json()) as { _id: string; name: string }[];
    const res = await request(`/api/subjects/${list[3]!._id}`);
    expect(res.status).toBe(200);
    const subject = (await res.json()) as { _id: string; name: string; studyPlan: { intake: string } };
    expect(subject._id).toBe(list[3]!._id);
    expect(subject.name).toBe(list[3]!.name);
    expect(subject.studyPlan.intake).toBeTruthy();
  });

  it('answers 404 JSON for an unknown id', async () => {
    const res = await request('/api/subjects/no-such-subject');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: 'Subject not found' });
  });
});
