import { z } from 'zod';

/** A processed content image as the back office shows it (size and dimensions beside the field). */
export const imageDetails = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  color: z.string().nullable(),
  /** What was received: jpeg, png, webp or heic. */
  format: z.string(),
  /** Bytes received. */
  bytes: z.number().int(),
  /** Bytes served to a phone (the 960 px AVIF) and in all (every variant). */
  phoneBytes: z.number().int(),
  storedBytes: z.number().int(),
});
export type ImageDetails = z.infer<typeof imageDetails>;
/**
 * POST /api/admin/uploads (201): where the image now lives. `url` is the address content stores
 * (schemas/images.ts), `key` the image's id; `image` what the pipeline made of it.
 */
export const uploadResponse = z.object({
  success: z.literal(true),
  key: z.string(),
  url: z.string(),
  image: imageDetails,
});
/** GET /api/admin/images/:id: one processed image's details. */
export const imageDetailsResponse = z.object({ image: imageDetails });
export type ImageDetailsResponse = z.infer<typeof imageDetailsResponse>;
export type UploadResponse = z.infer<typeof uploadResponse>;
