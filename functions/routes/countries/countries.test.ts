import { describe, expect, it } from 'vitest';
import { request } from '#functions/test/fixtures/index.ts';

describe('/api/countries', () => {
  it('lists at least 12 countries including the six main destinations', async () => {
    const res = await request('/api/countries');
    expect(res.status).toBe(200);
    const body = await res.json<{ _id: string; capital: string; about: Record<string, string[]> }[]>();
    expect(body.length).toBeGreaterThanOrEqual(12);
    const ids = body.map((c) => c._id);
    for (const id of ['united-kingdom', 'united-states', 'canada', 'australia', 'germany', 'ireland'])
      expect(ids).toContain(id);
    for (const country of body) {
      expect(country.capital).toBeTruthy();
      for (const list of ['countryOverview', 'educationSystem', 'studentLife', 'visaInfo'])
        expect(country.about[list]!.length).toBeGreaterThan(0);
    }
  });

  it('returns one country and 404s an unknown one', async () => {
    const res = await request('/api/countries/united-kingdom');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      _id: 'united-kingdom',
      name: 'United Kingdom',
      capital: 'London',
    });
    const missing = await request('/api/countries/atlantis');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, message: 'Country not found' });
  });
});
