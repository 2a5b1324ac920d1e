// Where the share images (og:image) live. Kept apart from the renderer (site/lib/share-image.ts,
// Node-only) so the layout can name an image without importing satori or sharp.

/** The size Facebook, LinkedIn and X expect for a large summary card (1.91:1). */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

export const DEFAULT_SHARE_IMAGE = '/og/default.png';
export const countryShareImage = (id: string) => `/og/country/${encodeURIComponent(id)}.png`;
export const jobShareImage = (id: string) => `/og/job/${encodeURIComponent(id)}.png`;

/**
 * At most this many countries and this many jobs get an image of their own per build (in the
 * collection's order: the job board's); the rest share the default. Rendering is ~20–60 ms an image,
 * so 10,000 jobs would add minutes to every cold build (`npm run perf -- --scale 10000`).
 * SHARE_IMAGE_LIMIT overrides it.
 */
export const SHARE_IMAGE_LIMIT = Number(process.env.SHARE_IMAGE_LIMIT ?? 300);
