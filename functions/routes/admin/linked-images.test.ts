import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import * as t from '#db/schema/index.ts';
import { auth, db, makeStaff, request } from '#functions/test/fixtures/index.ts';
import { parseImageUrl } from '#schemas/images.ts';
import type { ContentSavedResponse } from '#schemas/admin/index.ts';
import type { CountryDto } from '#schemas/catalog.ts';
import { REMOTE_IMAGE_REFUSED } from '#functions/services/files/remote-images.ts';

// Images content names by a link to another site are fetched once, at save time,
// checked and processed like uploads; a link that fails keeps the placeholder and warns beside its
// field. The "other site" is the test images' server on loopback (functions/test/image-fixtures),
// which the test environment may reach; production refuses private and loopback addresses
// (functions/services/files/remote-images.test.ts).

let editor: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  editor = await makeStaff('editor');
});

const remote = (path: string) => `http://127.0.0.1:${env.IMAGE_FIXTURES_PORT}${path}`;
let n = 0;
const country = (image: string) => ({
  id: `linked-land-${++n}`,
  name: `Linked Land ${n}`,
  code: 'LL',
  flag: '/images/flags/ca.svg',
  image,
  details: 'A country whose photograph is on another site.',
  capital: 'Linkton',
  about: { countryOverview: ['O.'], educationSystem: ['E.'], studentLife: ['S.'], visaInfo: ['V.'] },
});
const save = (body: unknown) =>
  request('/api/admin/content/countries', {
    method: 'POST',
    headers: { ...auth(editor.token), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const publicCountry = async (id: string) => (await request(`/api/countries/${id}`)).json<CountryDto>();

describe('linked images', { timeout: 180_000 }, () => {
  it('fetches a linked photo at save time and stores our copy in its place, once', async () => {
    const link = remote('/photo.jpg');
    const item = country(link);
    const res = await save(item);
    expect(res.status).toBe(201);
    expect(await res.json<ContentSavedResponse>()).toMatchObject({ imageWarnings: [] });
    const served = await publicCountry(item.id);
    const ref = parseImageUrl(served.image)!;
    expect(ref).toMatchObject({ width: 800, height: 600 });
    // The page and the API name our copy: the link is never shown (or hot-linked).
    expect(JSON.stringify(served)).not.toContain(String(env.IMAGE_FIXTURES_PORT));
    const [row] = await db.select().from(t.images).where(eq(t.images.id, ref.id));
    expect(row).toMatchObject({ sourceUrl: link, createdBy: editor.id });
    // Saved again elsewhere: the same image, from the row, not fetched and processed again.
    const again = country(link);
    await save(again);
    expect((await publicCountry(again.id)).image).toBe(served.image);
    expect(await db.select().from(t.images).where(eq(t.images.sourceUrl, link))).toHaveLength(1);
  });

  it.each([
    // A failed fetch says one thing whatever went wrong (functions/services/files/remote-images.ts).
    ['a missing image', '/missing.jpg', REMOTE_IMAGE_REFUSED],
    ['a decompression bomb', '/bomb.png', /60 megapixels\); the limit is 50 megapixels/],
    ['text that is not an image', '/not-an-image.jpg', /Only JPEG, PNG, WebP and HEIC images are allowed/],
    ['an endless body', '/endless.jpg', REMOTE_IMAGE_REFUSED],
  ])(
    'saves %s as the link, shows the placeholder and warns beside the field',
    async (_what, path, message) => {
      const item = country(remote(path));
      const res = await save(item);
      expect(res.status).toBe(201);
      const body = await res.json<ContentSavedResponse>();
      expect(body.imageWarnings).toHaveLength(1);
      expect(body.imageWarnings[0]!.field).toBe('image');
      expect(body.imageWarnings[0]!.message).toMatch(message);
      expect(body.imageWarnings[0]!.message).toMatch(/^The image could not be fetched: /);
      expect((await publicCountry(item.id)).image).toBe(remote(path));
    },
  );

  it('gives up on a site that takes longer than the time cap', async () => {
    const started = Date.now();
    const res = await save(country(remote('/slow.jpg')));
    const body = await res.json<ContentSavedResponse>();
    expect(body.imageWarnings[0]?.message).toBe(`The image could not be fetched: ${REMOTE_IMAGE_REFUSED}`);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 40_000);

  it('follows a redirect, checking the address it leads to', async () => {
    const res = await save(country(remote(`/redirect?to=${encodeURIComponent(remote('/photo.png'))}`)));
    expect((await res.json<ContentSavedResponse>()).imageWarnings).toEqual([]);
  });
});
