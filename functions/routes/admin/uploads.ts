import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import type { AppEnv } from '#functions/lib/app-env.ts';
import type { ImageDetails, ImageDetailsResponse, UploadResponse } from '#schemas/admin/index.ts';
import { IMAGE_SIZE_MESSAGE, MAX_IMAGE_BYTES } from '#schemas/images.ts';
import { imageUploadBodyLimit } from '#functions/middleware/body-limit.ts';
import { checkImage, processImage } from '#functions/services/files/image-pipeline.ts';
import { findImage, type ImageRow } from '#db/queries/images.ts';
import { writeAudit } from '#db/queries/audit.ts';
import { validate } from '#functions/lib/validate.ts';
import { staffOnly } from './shared.ts';

/** What the back office shows of a processed image (size and dimensions beside its field). */
export function imageDetailsOf(row: ImageRow): ImageDetails {
  const sizes = Object.values(row.variantBytes);
  const phone = Object.entries(row.variantBytes)
    .filter(([k]) => k.endsWith('.avif') && Number(k.split('.')[0]) <= 960)
    .sort((a, b) => Number(b[0].split('.')[0]) - Number(a[0].split('.')[0]))[0];
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    color: row.color,
    format: row.format,
    bytes: row.bytes,
    phoneBytes: phone?.[1] ?? 0,
    storedBytes: sizes.reduce((n, b) => n + b, 0),
  };
}

/**
 * Image upload for content: JPEG, PNG, WebP or HEIC up to 15 MB, judged by the bytes and refused
 * over 50 megapixels from the header. What is stored is the pipeline's variants, never the upload
 * (docs/decisions/023-image-pipeline.md); `url` is what content fields store.
 */
export const adminUploads = new Hono<AppEnv>().use(staffOnly).post('/', imageUploadBodyLimit, async (c) => {
  const form = await c.req.formData().catch(() => {
    throw new HTTPException(400, { message: 'Send the image as multipart form data in the field "file"' });
  });
  const file = form.get('file');
  if (!(file instanceof File)) throw new HTTPException(400, { message: 'Choose an image to upload' });
  if (file.size > MAX_IMAGE_BYTES) throw new HTTPException(413, { message: IMAGE_SIZE_MESSAGE });
  if (file.size === 0) throw new HTTPException(400, { message: 'The file is empty' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const probe = checkImage(bytes);
  const { row, url } = await processImage(c.env, c.var.db, bytes, probe, { staffId: c.var.auth.sub });
  await writeAudit(c.var.db, {
    staffId: c.var.auth.sub,
    action: 'upload.image',
    entity: 'image',
    entityId: row.id,
    after: { name: file.name.slice(-200), size: file.size, url },
  });
  return c.json(
    { success: true, key: row.id, url, image: imageDetailsOf(row) } satisfies UploadResponse,
    201,
  );
});

/** GET /api/admin/images/:id: a processed image's size and dimensions, for the field that shows it. */
export const adminImages = new Hono<AppEnv>()
  .use(staffOnly)
  .get(
    '/:id',
    validate('param', z.object({ id: z.string().regex(/^[0-9a-f]{20}$/, 'Unknown image') })),
    async (c) => {
      const row = await findImage(c.var.db, c.req.valid('param').id);
      if (!row) throw new HTTPException(404, { message: 'Unknown image' });
      return c.json({ image: imageDetailsOf(row) } satisfies ImageDetailsResponse);
    },
  );
