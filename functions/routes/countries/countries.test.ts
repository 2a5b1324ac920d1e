import { describe, expect, it } from 'vitest';
import { aCountry, request } from '#functions/test/fixtures/index.ts';

describe('/api/countries', () => {
  it('lists every active country with its capital and the four sections, leaving retired ones out', async () => {
    const made = [await aCountry(), await aCountry()];
    const retired = await aCountry({ isActive: false });
    const res = await request('/api/countries');
    expect(res.status).toBe(200);
    const body = await res.json<{ _id: string; capital: string; about: Record<string, string[]> }[]>();
    const ids = body.map((c) => c._id);
    for (const { id } of made) expect(ids).toContain(id);
    expect(ids).not.toContain(retired.id);
    for (const country of body) {
      expect(country.capital).toBeTruthy();
      for (const list of ['countryOverview', 'educationSystem', 'studentLife', 'visaInfo'])
        expect(country.about[list]!.length).toBeGreaterThan(0);
    }
  });

  it('returns one country and 404s an unknown one', async () => {
    const country = await aCountry({ capital: 'Capital City' });
    const res = await request(`/api/countries/${country.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      _id: country.id,
      name: country.name,
      capital: 'Capital City',
    });
    const missing = await request('/api/countries/atlantis');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, message: 'Country not found' });
  });
});
