// The image pipeline's contract (docs/decisions/023-image-pipeline.md): what an uploaded
// or linked content image becomes, and the one way every page, island and the Worker name its
// variants. Plain TypeScript, no zod: the image component renders in pages and islands alike.
//
// An image's address carries what a page needs to draw it without asking anything else:
//   /api/images/<id>-<width>x<height>-<placeholder>.jpg[?focus=<x>,<y>]
// <id> is the first 20 hex digits of the SHA-256 of the bytes as received (the same file is stored
// once), <width>×<height> its size as displayed (orientation applied), <placeholder> its dominant
// colour (6 hex digits, or "t" when it has transparency), and focus the point (in % of the width and
// height) that crops keep in view. The variants live at /api/images/<id>/<w>.<avif|webp|jpg>. Every
// part is derived from the bytes, so each URL names one immutable file: cached for a year.

/** The widths made for every image (none above the image's own width). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The formats made for every width, in the order a <picture> offers them (JPEG is the fallback). */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/** The largest upload or linked image, in bytes. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Above this many pixels an image is refused from its header, before anything decodes it. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const IMAGE_TYPE_MESSAGE = 'Only JPEG, PNG, WebP and HEIC images are allowed';
export const IMAGE_SIZE_MESSAGE = 'The image must be at most 15 MB';
export const IMAGE_UNREADABLE_MESSAGE =
  'This image could not be read. Open it, save it again as JPEG or PNG, and upload that.';
/**
 * Cloudflare Images refuses new transformations once the account's monthly allowance is spent (Images
 * Free: 5,000 a month, about 290 new photos): said to the editor with what still stands and what to
 * do. Beside an upload, the rest of the form is untouched; after a save naming a linked photo, the
 * rest of the item is stored.
 */
export const IMAGE_ALLOWANCE_MESSAGE =
  "Image processing is over this month's allowance, so this photo was not added. The rest of your edit is kept: save it, and add the photo again next month, or ask an administrator to move the account to Cloudflare Images Paid.";
export const IMAGE_ALLOWANCE_SAVED_MESSAGE =
  "Image processing is over this month's allowance, so the linked photo was not added (the page shows a placeholder). The rest of your edit is saved; add the photo again next month, or ask an administrator to move the account to Cloudflare Images Paid.";
/** The image service is busy or failing for now: nothing is wrong with the photo. */
export const IMAGE_SERVICE_MESSAGE =
  'Image processing is not available right now, so this photo was not added. The rest of your edit is kept: try the photo again in a few minutes.';
export const IMAGE_SERVICE_SAVED_MESSAGE =
  'Image processing is not available right now, so the linked photo was not added (the page shows a placeholder). The rest of your edit is saved; save again in a few minutes to add the photo.';
/** A HEIC photo the image service cannot convert (where no decoder of our own stands in). */
export const HEIC_REFUSED_MESSAGE =
  'This HEIC photo could not be converted here. Save or export it as JPEG and upload that (an iPhone takes JPEG photos with Settings → Camera → Formats → "Most Compatible").';
/** The 400 for a decompression bomb (or a panorama too big to be worth it), named in people's terms. */
export const imagePixelsMessage = (width: number, height: number) =>
  `This image is ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels); the limit is 50 megapixels. Make it smaller and upload it again.`;

/** Where an image is used, and how wide it must be there to stay sharp on a large screen. */
export const IMAGE_MIN_WIDTH = { hero: 1200, card: 640, gallery: 800, portrait: 400, logo: 80 } as const;
export type ImageUse = keyof typeof IMAGE_MIN_WIDTH;
/** The warning beside an image that is too small for its use (an editor may still save it). */
export const imageTooSmallMessage = (width: number, use: ImageUse) =>
  `This image is ${width} px wide; ${use === 'hero' ? 'a page header' : `a ${use}`} needs at least ${IMAGE_MIN_WIDTH[use]} px to look sharp on large screens.`;
/** Guidance beside every alt-text field. */
export const ALT_GUIDANCE =
  'Say what the picture shows, as you would to someone on the phone (e.g. "Students on the lawn outside the main library"). Not "image of…", and not the file name.';

/** The focal point crops keep in view, in % of the width and height (50,50: the centre). */
export interface Focus {
  x: number;
  y: number;
}
export const CENTRE: Focus = { x: 50, y: 50 };

/** A processed image, as its address describes it. */
export interface ImageRef {
  id: string;
  width: number;
  height: number;
  /** Dominant colour as #rrggbb, or null when the image has transparency. */
  color: string | null;
  focus: Focus;
}

const IMAGE_URL =
  /^\/api\/images\/([0-9a-f]{20})-(\d{1,5})x(\d{1,5})-([0-9a-f]{6}|t)\.jpg(?:\?focus=(\d{1,3}),(\d{1,3}))?$/;

/** The address content stores for a processed image (the upload's `url`). */
export function imageUrl(ref: Omit<ImageRef, 'focus'> & { focus?: Focus }) {
  const base = `/api/images/${ref.id}-${ref.width}x${ref.height}-${ref.color ? ref.color.slice(1) : 't'}.jpg`;
  const f = ref.focus;
  return f && (f.x !== 50 || f.y !== 50) ? `${base}?focus=${Math.round(f.x)},${Math.round(f.y)}` : base;
}

/** The image an address names, or undefined when it is not a processed image (an SVG of ours, an old upload, a link). */
export function parseImageUrl(src: string | null | undefined): ImageRef | undefined {
  const m = src ? IMAGE_URL.exec(src) : null;
  if (!m) return undefined;
  const [, id, w, h, color, fx, fy] = m;
  const clamp = (v: string | undefined) => Math.min(100, Math.max(0, Number(v ?? 50)));
  return {
    id: id!,
    width: Number(w),
    height: Number(h),
    color: color === 't' ? null : `#${color}`,
    focus: { x: clamp(fx), y: clamp(fy) },
  };
}

/** The same image with another focal point (what the back office's focus picker writes). */
export const withFocus = (src: string, focus: Focus) => {
  const ref = parseImageUrl(src);
  return ref ? imageUrl({ ...ref, focus }) : src;
};

/** The widths made for an image `width` px wide: the standard ones below it, and its own when smaller than 1920. */
export function variantWidths(width: number): number[] {
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  const below = IMAGE_WIDTHS.filter((w) => w < Math.min(width, largest));
  return [...below, Math.min(width, largest)];
}

/** One variant's address. */
export const variantUrl = (id: string, width: number, format: ImageFormat) =>
  `/api/images/${id}/${width}.${format}`;

/** The R2 key of one variant (never the original: it is not kept). */
export const variantKey = (id: string, width: number, format: ImageFormat) =>
  `image-variants/${id}/${width}.${format}`;
