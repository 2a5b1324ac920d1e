import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { app } from '#functions/index.ts';
import * as t from '#db/schema/index.ts';
import { auth, db, makeStaff } from '#functions/test/fixtures/index.ts';
import { heicFallback } from '#functions/services/files/image-pipeline.ts';
import {
  HEIC_REFUSED_MESSAGE,
  IMAGE_ALLOWANCE_MESSAGE,
  IMAGE_ALLOWANCE_SAVED_MESSAGE,
  IMAGE_SERVICE_MESSAGE,
} from '#schemas/images.ts';
import type { ContentSavedResponse, UploadResponse } from '#schemas/admin/index.ts';
import type { CountryDto } from '#schemas/catalog.ts';

// What Cloudflare Images' limits mean for an editor: once the month's allowance of transformations
// is spent (Images Free: 5,000; a new image takes 17) the binding refuses new ones with error 9422
// or 9423, and a busy service with 95xx. The binding here is wrangler's local simulation, wrapped to
// fail as Cloudflare's does from a given call on. And the production bundle has no HEIC decoder of
// its own: a HEIC the binding refuses is refused, clearly (the local simulation refuses every HEIC).

let editor: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  editor = await makeStaff('editor');
});
afterEach(() => vi.restoreAllMocks());

const fixture = async (name: string) => {
  const res = await fetch(`http://127.0.0.1:${env.IMAGE_FIXTURES_PORT}/${name}`);
  return new Uint8Array(await res.arrayBuffer());
};

/** An error as the Images binding throws it: Cloudflare's code in `code` and in the message. */
const imagesError = (code: number, text: string) =>
  Object.assign(new Error(`IMAGES_TRANSFORM_ERROR ${code}: ERROR ${code}: ${text}`), { code });
const ALLOWANCE_SPENT = () => imagesError(9423, 'Free transformation is rejected');
const FREE_EXHAUSTED = () => imagesError(9422, 'Free unique transformations by account has been exhausted');
const BUSY = () => imagesError(9522, 'The service in this colo is too busy');

/**
 * The local Images binding, refusing every transformation from the `from`-th on (1: all of them)
 * with `error`: as Cloudflare's does when the allowance runs out, possibly in the middle of an image.
 */
function failingImages(from: number, error: () => Error) {
  let calls = 0;
  const wrap = (transformer: ImageTransformer): ImageTransformer => ({
    transform: (step) => wrap(transformer.transform(step)),
    draw: (image, options) => wrap(transformer.draw(image, options)),
    output: async (options) => {
      if (++calls >= from) throw error();
      return transformer.output(options);
    },
  });
  const images: ImagesBinding = {
    info: (stream, options) => env.IMAGES.info(stream, options),
    input: (stream, options) => wrap(env.IMAGES.input(stream, options)),
    text: (content, options) => wrap(env.IMAGES.text(content, options)),
    hosted: env.IMAGES.hosted,
  };
  return { bindings: { ...env, IMAGES: images } as Env, calls: () => calls };
}

const upload = (bytes: Uint8Array, name: string, bindings: Env = env) => {
  const form = new FormData();
  form.append('file', new File([bytes], name));
  return app.request(
    '/api/admin/uploads',
    { method: 'POST', headers: auth(editor.token), body: form },
    bindings,
  );
};

/** What an image left behind: its row and its variants in R2. */
const storedImages = async () => ({
  rows: (await db.select({ id: t.images.id }).from(t.images)).length,
  variants: (await env.FILES.list({ prefix: 'image-variants/' })).objects.length,
});

describe('the Images allowance spent (9422, 9423)', { timeout: 180_000 }, () => {
  it.each([
    ['9423 from the first transformation', 1, ALLOWANCE_SPENT],
    ['9422 from the first transformation', 1, FREE_EXHAUSTED],
    // The master and the colour made, then the allowance runs out among the variants.
    ['9423 in the middle of the variants', 4, ALLOWANCE_SPENT],
  ])(
    'refuses an upload with %s in words an editor acts on, and keeps nothing half-made',
    async (_when, from, error) => {
      const before = await storedImages();
      const images = failingImages(from, error);
      const res = await upload(await fixture('photo.jpg'), 'campus.jpg', images.bindings);
      // Not a 5xx: "try again in a moment" would be wrong for a month; the upload field shows it as it is.
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: IMAGE_ALLOWANCE_MESSAGE });
      expect(images.calls()).toBeGreaterThanOrEqual(from);
      expect(await storedImages()).toEqual(before);
    },
  );

  it('saves the rest of an edit whose linked photo met the spent allowance, and says so beside the field', async () => {
    const link = `http://127.0.0.1:${env.IMAGE_FIXTURES_PORT}/photo.png`;
    const item = {
      id: 'allowance-land',
      name: 'Allowance Land',
      code: 'AL',
      flag: '/images/flags/ca.svg',
      image: link,
      details: 'Saved although its photograph could not be processed this month.',
      capital: 'Quotaville',
      about: { countryOverview: ['O.'], educationSystem: ['E.'], studentLife: ['S.'], visaInfo: ['V.'] },
    };
    const res = await app.request(
      '/api/admin/content/countries',
      {
        method: 'POST',
        headers: { ...auth(editor.token), 'Content-Type': 'application/json' },
        body: JSON.stringify(item),
      },
      failingImages(1, ALLOWANCE_SPENT).bindings,
    );
    expect(res.status).toBe(201);
    expect((await res.json<ContentSavedResponse>()).imageWarnings).toEqual([
      { field: 'image', message: IMAGE_ALLOWANCE_SAVED_MESSAGE },
    ]);
    const saved = await (await app.request(`/api/countries/${item.id}`, {}, env)).json<CountryDto>();
    expect(saved).toMatchObject({ name: item.name, details: item.details, capital: item.capital });
    // The link is kept (the pages show the placeholder), to be fetched by a later save.
    expect(saved.image).toBe(link);
    // Edited again next month, the photo is added and nothing else needs typing again.
    const next = await app.request(
      `/api/admin/content/countries/${item.id}`,
      {
        method: 'PUT',
        headers: { ...auth(editor.token), 'Content-Type': 'application/json' },
        body: JSON.stringify(item),
      },
      env,
    );
    expect((await next.json<ContentSavedResponse>()).imageWarnings).toEqual([]);
  });
});

describe('the Images service down (95xx)', { timeout: 180_000 }, () => {
  it('answers 503 saying the photo can be tried again soon, nothing stored', async () => {
    const before = await storedImages();
    const res = await upload(await fixture('photo.webp'), 'busy.webp', failingImages(1, BUSY).bindings);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ success: false, message: IMAGE_SERVICE_MESSAGE });
    expect(await storedImages()).toEqual(before);
  });
});

describe('HEIC without the in-Worker decoder (the production bundle)', { timeout: 180_000 }, () => {
  it('refuses a HEIC the binding cannot convert with 415 and what to do instead', async () => {
    // The bundle `wrangler deploy` makes has no decoder (scripts/lib/deploy-dry-run.test.ts).
    const load = vi.spyOn(heicFallback, 'load').mockResolvedValue(null);
    const before = await storedImages();
    const res = await upload(await fixture('iphone.heic'), 'IMG_0003.HEIC');
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ success: false, message: HEIC_REFUSED_MESSAGE });
    expect(load).toHaveBeenCalled();
    expect(await storedImages()).toEqual(before);
  });

  it('says the allowance is spent, not that the HEIC is wrong, when that is why', async () => {
    vi.spyOn(heicFallback, 'load').mockResolvedValue(null);
    const res = await upload(
      await fixture('iphone.heic'),
      'IMG_0004.HEIC',
      failingImages(1, ALLOWANCE_SPENT).bindings,
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, message: IMAGE_ALLOWANCE_MESSAGE });
  });

  it('converts it with the decoder where the bundle has one (development and tests)', async () => {
    expect(await heicFallback.load()).toEqual(expect.any(Function));
    const res = await upload(await fixture('iphone.heic'), 'IMG_0005.HEIC');
    expect(res.status).toBe(201);
    const { key } = await res.json<UploadResponse>();
    expect(await db.select().from(t.images).where(eq(t.images.id, key))).toHaveLength(1);
  });
});
