import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { IMAGE_TYPE_MESSAGE, type UploadResponse } from '#schemas/admin.ts';
import { checkUpload, storeFile } from '#functions/services/files.ts';
import { uploadBodyLimit } from '#functions/middleware/body-limit.ts';
import { writeAudit } from '#functions/services/audit.ts';
import { staffOnly } from './shared.ts';

/** Image upload for content (JPG or PNG, judged by the bytes), stored in R2, served at /api/files/<key>. */
export const adminUploads = new Hono<AppEnv>().use(staffOnly).post('/', uploadBodyLimit, async (c) => {
  const form = await c.req.formData().catch(() => {
    throw new HTTPException(400, { message: 'Send the image as multipart form data in the field "file"' });
  });
  const file = form.get('file');
  if (!(file instanceof File)) throw new HTTPException(400, { message: 'Choose an image to upload' });
  const checked = await checkUpload(file, ['jpg', 'png'], IMAGE_TYPE_MESSAGE);
  const key = await storeFile(c.env.FILES, 'images', checked);
  const url = `/api/files/${key}`;
  await writeAudit(c.var.db, {
    staffId: c.var.auth.sub,
    action: 'upload.image',
    entity: 'file',
    entityId: key,
    after: { name: checked.name, size: checked.size, url },
  });
  return c.json({ success: true, key, url } satisfies UploadResponse, 201);
});
