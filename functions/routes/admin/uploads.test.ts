import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import * as t from '#db/schema/index.ts';
import { auth, db, makeStaff, request } from '#functions/test/fixtures/index.ts';
import {
  IMAGE_TYPE_MESSAGE,
  parseImageUrl,
  variantKey,
  variantUrl,
  variantWidths,
  IMAGE_FORMATS,
} from '#schemas/images.ts';
import type { UploadResponse } from '#schemas/admin/index.ts';
import { probeImage } from '#functions/services/files/image-probe.ts';

// The upload rules, each against the real pipeline: the Images binding (sharp in the
// local simulation), R2 and D1. The bytes come from the test images' server (functions/test/image-fixtures).
// The simulation encodes AVIF in wrangler's Node process: seconds per image on a busy two-core
// machine, so these tests get minutes, not the suite's 30 s.

let editor: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  editor = await makeStaff('editor');
});

const fixture = async (name: string) => {
  const res = await fetch(`http://127.0.0.1:${env.IMAGE_FIXTURES_PORT}/${name}`);
  return new Uint8Array(await res.arrayBuffer());
};
const upload = (bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.append('file', new File([bytes], name));
  return request('/api/admin/uploads', { method: 'POST', headers: auth(editor.token), body: form });
};
/** Every stored variant of an image: its key and bytes. */
async function variantsOf(id: string) {
  const listed = await env.FILES.list({ prefix: `image-variants/${id}/` });
  return Promise.all(
    listed.objects.map(async (o) => ({
      key: o.key,
      bytes: new Uint8Array(await (await env.FILES.get(o.key))!.arrayBuffer()),
    })),
  );
}
const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
/** What a phone writes into a photo (scripts/lib/test-photos.ts) and must never leave the pipeline. */
const METADATA = ['Jane Owner', 'SN-C39XK2PLM', 'iPhone 15', 'Exif\0\0', 'II*\0', 'MM\0*', 'xmpmeta'];
/** The mean colour of a region of an image, read back through the binding (1×1 PNG). */
async function meanColour(bytes: Uint8Array, gravity: 'top' | 'bottom') {
  const info = await env.IMAGES.info(new Blob([bytes]).stream());
  if (!('width' in info)) throw new Error('not a bitmap');
  // Two calls: the local simulation keeps only the last resize of a chain.
  const half = await env.IMAGES.input(new Blob([bytes]).stream())
    .transform({ width: info.width, height: Math.floor(info.height / 2), fit: 'cover', gravity })
    .output({ format: 'image/png' });
  const pixel = await env.IMAGES.input(half.image())
    .transform({ width: 1, height: 1, fit: 'squeeze' })
    .output({ format: 'image/png' });
  const png = new Uint8Array(await new Response(pixel.image()).arrayBuffer());
  const { unzlibSync } = await import('fflate');
  const idat = latin1(png).indexOf('IDAT');
  const length = new DataView(png.buffer).getUint32(idat - 4);
  const row = unzlibSync(png.subarray(idat + 4, idat + 4 + length));
  return { r: row[1]!, g: row[2]!, b: row[3]! };
}

describe('image uploads', { timeout: 180_000 }, () => {
  it('turns a phone photo stored sideways into upright variants: EXIF orientation applied', async () => {
    const res = await upload(await fixture('sideways.jpg'), 'IMG_0001.JPG');
    expect(res.status).toBe(201);
    const body = await res.json<UploadResponse>();
    // Stored 96 × 64 with orientation 6: shown upright it is 64 wide and 96 tall.
    expect(body.image).toMatchObject({ width: 64, height: 96, format: 'jpeg' });
    const ref = parseImageUrl(body.url)!;
    expect(ref).toMatchObject({ id: body.key, width: 64, height: 96 });
    const jpeg = (await variantsOf(ref.id)).find((v) => v.key.endsWith('/64.jpg'))!;
    // The pixels themselves are turned (the variant has no EXIF left to turn them): red on top.
    expect(await env.IMAGES.info(new Blob([jpeg.bytes]).stream())).toMatchObject({ width: 64, height: 96 });
    const top = await meanColour(jpeg.bytes, 'top');
    const bottom = await meanColour(jpeg.bytes, 'bottom');
    expect(top.r).toBeGreaterThan(top.b + 100);
    expect(bottom.b).toBeGreaterThan(bottom.r + 100);
  });

  it('keeps no metadata (GPS, owner, camera, serial) in any stored variant, and never stores or serves the upload', async () => {
    const original = await fixture('sideways.jpg');
    // The fixture has them (its GPS position is in the EXIF block).
    for (const m of METADATA.slice(0, 4)) expect(latin1(original)).toContain(m);
    const { key, url } = await (await upload(original, 'IMG_0001.JPG')).json<UploadResponse>();
    const variants = await variantsOf(key);
    expect(variants.length).toBe(IMAGE_FORMATS.length * variantWidths(64).length);
    for (const v of variants)
      for (const m of METADATA) expect(latin1(v.bytes), `${v.key}: ${m}`).not.toContain(m);
    // Nothing else in the bucket holds the upload's bytes.
    const all = await env.FILES.list();
    for (const o of all.objects)
      expect(o.size === original.length && !o.key.startsWith('image-variants/')).toBe(false);
    // The address content stores answers a clean variant, not the upload.
    const served = new Uint8Array(await (await request(url)).arrayBuffer());
    expect(served).not.toEqual(original);
    for (const m of METADATA) expect(latin1(served)).not.toContain(m);
  });

  it('accepts an iPhone HEIC, judged by its ftyp brands, and strips its EXIF', async () => {
    const heic = await fixture('iphone.heic');
    expect(latin1(heic.subarray(4, 12))).toBe('ftypheic');
    expect(latin1(heic)).toContain('Jane Owner');
    const res = await upload(heic, 'IMG_0002.HEIC');
    expect(res.status).toBe(201);
    const body = await res.json<UploadResponse>();
    expect(body.image).toMatchObject({ format: 'heic', width: 96, height: 64 });
    const variants = await variantsOf(body.key);
    expect(variants.map((v) => v.key).sort()).toEqual(
      IMAGE_FORMATS.map((f) => variantKey(body.key, 96, f)).sort(),
    );
    for (const v of variants) for (const m of METADATA) expect(latin1(v.bytes)).not.toContain(m);
    const jpeg = await request(variantUrl(body.key, 96, 'jpg'));
    expect(jpeg.headers.get('Content-Type')).toBe('image/jpeg');
  });

  it.each([
    ['a PNG', 'photo.png', 'png'],
    ['a WebP with EXIF', 'photo.webp', 'webp'],
  ])('accepts %s and makes AVIF, WebP and JPEG at each width up to its own', async (_what, name, format) => {
    const res = await upload(await fixture(name), name);
    expect(res.status).toBe(201);
    const { key, image } = await res.json<UploadResponse>();
    expect(image).toMatchObject({ width: 800, height: 600, format });
    const widths = variantWidths(800);
    expect(widths).toEqual([320, 640, 800]);
    for (const w of widths)
      for (const f of IMAGE_FORMATS) {
        const res = await request(variantUrl(key, w, f));
        expect(res.status, `${w}.${f}`).toBe(200);
        expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
        const bytes = new Uint8Array(await res.arrayBuffer());
        for (const m of METADATA) expect(latin1(bytes)).not.toContain(m);
      }
    // None above the original's width.
    expect((await request(variantUrl(key, 960, 'avif'))).status).toBe(404);
    expect((await request(variantUrl(key, 1920, 'jpg'))).status).toBe(404);
  });

  it.each([
    ['a PNG header claiming 10,000 × 6,000', 'bomb.png', '10000 × 6000 pixels (60 megapixels)'],
    ['a JPEG header claiming 8,000 × 8,000', 'bomb.jpg', '8000 × 8000 pixels (64 megapixels)'],
  ])('refuses %s with 400, decided from the header before anything decodes it', async (_what, name, size) => {
    const before = (await env.FILES.list({ prefix: 'image-variants/' })).objects.length;
    const bomb = await fixture(name);
    expect(bomb.length).toBeLessThan(100); // a header and nothing to decode
    const res = await upload(bomb, name);
    expect(res.status).toBe(400);
    // The pixel-count message (a decoder would have failed on the missing data with another one).
    expect(await res.json()).toEqual({
      success: false,
      message: `This image is ${size}; the limit is 50 megapixels. Make it smaller and upload it again.`,
    });
    expect((await env.FILES.list({ prefix: 'image-variants/' })).objects.length).toBe(before);
  });

  it('refuses what is not an image by its bytes, whatever its name (415)', async () => {
    const res = await upload(await fixture('not-an-image.jpg'), 'photo.jpg');
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, message: IMAGE_TYPE_MESSAGE });
  });

  it('stores the same photo once, even when it arrives twice at the same moment', async () => {
    const photo = await fixture('sideways.jpg');
    const answers = await Promise.all([
      upload(photo, 'a.jpg'),
      upload(photo, 'b.jpg'),
      upload(photo, 'c.jpg'),
    ]);
    const bodies = await Promise.all(answers.map((r) => r.json<UploadResponse>()));
    expect(new Set(bodies.map((b) => b.url)).size).toBe(1);
    const rows = await db.select().from(t.images).where(eq(t.images.id, bodies[0]!.key));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ width: 64, height: 96, bytes: photo.length, createdBy: editor.id });
    // The placeholder is the photo's dominant colour.
    expect(rows[0]!.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(parseImageUrl(bodies[0]!.url)!.color).toBe(rows[0]!.color);
  });

  it('only staff may upload', async () => {
    const form = new FormData();
    form.append('file', new File([await fixture('photo.jpg')], 'photo.jpg'));
    const anonymous = await request('/api/admin/uploads', {
      method: 'POST',
      headers: { Origin: 'http://127.0.0.1:8787' },
      body: form,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('probeImage: the header alone', () => {
  it('reads kind, size as displayed and transparency without decoding', async () => {
    expect(probeImage(await fixture('sideways.jpg'))).toEqual({
      kind: 'jpeg',
      width: 64,
      height: 96,
      hasAlpha: false,
    });
    expect(probeImage(await fixture('photo.png'))).toEqual({
      kind: 'png',
      width: 800,
      height: 600,
      hasAlpha: false,
    });
    expect(probeImage(await fixture('photo.webp'))).toMatchObject({ kind: 'webp', width: 800, height: 600 });
    expect(probeImage(await fixture('iphone.heic'))).toEqual({
      kind: 'heic',
      width: 96,
      height: 64,
      hasAlpha: false,
    });
    expect(probeImage(await fixture('not-an-image.jpg'))).toBeUndefined();
    // AVIF shares HEIF's container but is not among the kinds taken.
    const avif = new Uint8Array([0, 0, 0, 28, ...new TextEncoder().encode('ftypavif\0\0\0\0avifmif1miaf')]);
    expect(probeImage(avif)).toBeUndefined();
  });
});
