import { unzlibSync } from 'fflate';
import type { Db } from '#db/client.ts';
import { findImage, insertImage, type ImageRow } from '#db/queries/images.ts';
import {
  HEIC_REFUSED_MESSAGE,
  IMAGE_ALLOWANCE_MESSAGE,
  IMAGE_CONTENT_TYPES,
  IMAGE_FORMATS,
  IMAGE_SERVICE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
  MAX_IMAGE_PIXELS,
  imagePixelsMessage,
  imageUrl,
  variantKey,
  variantWidths,
  type ImageFormat,
} from '#schemas/images.ts';
import { Forbidden, Invalid, Unavailable, Unsupported } from '../errors.ts';
import { probeImage, type ImageProbe } from './image-probe.ts';

// The image pipeline (docs/decisions/023-image-pipeline.md): bytes an editor uploaded, or a linked
// image fetched at save time, become one `images` row and its variants in R2: AVIF, WebP and JPEG at
// each width of schemas/images.ts, orientation applied and no metadata. The original is not kept.
// The resizing and encoding is Cloudflare's Images binding (sharp in wrangler's simulation).

type Bindings = Pick<Env, 'IMAGES' | 'FILES'>;

/**
 * Encoder settings: what keeps a photo sharp on a phone at the fewest bytes (docs/decisions/023). The
 * bytes a phone loads are measured by `npm run perf -- --photos` (docs/performance.md §7).
 */
const QUALITY: Record<ImageFormat, number> = { avif: 55, webp: 75, jpg: 78 };
/** The intermediate every variant is made from: the image at its largest variant's width, near-lossless. */
const MASTER_QUALITY = 92;

const stream = (bytes: Uint8Array) => new Blob([bytes]).stream() as ReadableStream<Uint8Array>;
const collect = async (body: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(body).arrayBuffer());

/** The first 20 hex digits of the SHA-256 of the bytes: the same file is one image. */
async function imageId(bytes: Uint8Array) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest.subarray(0, 10)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Checks bytes as an image to accept, from the header only: a kind we take (by the bytes, not the
 * name) and at most 50 megapixels. Nothing has decoded a pixel when this throws.
 */
export function checkImage(bytes: Uint8Array): ImageProbe {
  const probe = probeImage(bytes);
  if (!probe) throw new Unsupported(IMAGE_TYPE_MESSAGE);
  if (probe.width * probe.height > MAX_IMAGE_PIXELS)
    throw new Invalid(imagePixelsMessage(probe.width, probe.height));
  return probe;
}

/** Removes what a JPEG may carry besides its pixels and colour profile: EXIF, XMP, IPTC, comments. */
export function stripJpegMetadata(jpeg: Uint8Array): Uint8Array {
  const keep: Uint8Array[] = [jpeg.subarray(0, 2)];
  let o = 2;
  while (o + 4 <= jpeg.length && jpeg[o] === 0xff) {
    const marker = jpeg[o + 1]!;
    if (marker === 0xda) break; // start of scan: the rest is image data
    const end = o + 2 + ((jpeg[o + 2]! << 8) | jpeg[o + 3]!);
    const iccProfile =
      marker === 0xe2 && String.fromCharCode(...jpeg.subarray(o + 4, o + 15)) === 'ICC_PROFILE';
    const metadata = (marker >= 0xe1 && marker <= 0xef && !iccProfile) || marker === 0xfe;
    if (!metadata) keep.push(jpeg.subarray(o, end));
    o = end;
  }
  keep.push(jpeg.subarray(o));
  const out = new Uint8Array(keep.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of keep) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Byte patterns of EXIF and XMP blocks; a variant carrying one is never stored. */
export function carriesMetadata(bytes: Uint8Array) {
  const text = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 256 * 1024)));
  return (
    text.includes('Exif\0\0') || text.includes('<x:xmpmeta') || text.includes('http://ns.adobe.com/xap/')
  );
}

/** The mean colour of a 1×1 PNG (the binding's output of a squeezed image), as #rrggbb. */
function pngPixel(png: Uint8Array): string | null {
  let o = 8;
  const idat: Uint8Array[] = [];
  let colourType = 2;
  while (o + 8 <= png.length) {
    const length = new DataView(png.buffer, png.byteOffset + o).getUint32(0);
    const type = String.fromCharCode(...png.subarray(o + 4, o + 8));
    if (type === 'IHDR') colourType = png[o + 8 + 9]!;
    if (type === 'IDAT') idat.push(png.subarray(o + 8, o + 8 + length));
    o += 12 + length;
  }
  const joined = new Uint8Array(idat.reduce((n, p) => n + p.length, 0));
  idat.reduce((at, p) => (joined.set(p, at), at + p.length), 0);
  const row = unzlibSync(joined); // filter byte, then the one pixel
  const hex = (v: number) => v.toString(16).padStart(2, '0');
  if (colourType === 0 || colourType === 4) return `#${hex(row[1]!)}${hex(row[1]!)}${hex(row[1]!)}`;
  if (colourType !== 2 && colourType !== 6) return null;
  return `#${hex(row[1]!)}${hex(row[2]!)}${hex(row[3]!)}`;
}

/**
 * The account's monthly Images allowance is spent (Images Free: 5,000 transformations; each new
 * image takes 17). Nothing is wrong with the photo and trying again this month changes nothing,
 * so it is not a 503: 403, as Cloudflare itself answers it.
 */
export class ImageAllowanceSpent extends Forbidden {
  override name = 'ImageAllowanceSpent';
  constructor() {
    super(IMAGE_ALLOWANCE_MESSAGE);
  }
}

/** The Cloudflare error code of an Images binding failure: its `code`, or the one its message names. */
export function imagesErrorCode(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'number') return code;
  const named = /\b(9\d{3})\b/.exec(error.message);
  return named ? Number(named[1]) : null;
}

/**
 * Images' quota errors: 9422 (the free unique transformations are used up), 9423 (a free
 * transformation refused). New transformations fail until the month turns or the account moves to
 * Images Paid; what is already made stays served.
 */
const ALLOWANCE_CODES = new Set([9422, 9423]);
/**
 * The service's own failures, whatever the photo: access to the binding denied (Images not enabled
 * for the account), busy, aborted, timed out. (9523, "internal error while processing the image",
 * is also what a refused input looks like, so it is not counted here.)
 */
const SERVICE_CODES = new Set([9430, 9522, 9527, 9528, 9529]);

const isAllowanceSpent = (error: unknown) => ALLOWANCE_CODES.has(imagesErrorCode(error) ?? 0);
const isServiceDown = (error: unknown) => SERVICE_CODES.has(imagesErrorCode(error) ?? 0);

/** Decodes an HEIC file into a PNG the binding can read. */
type HeicDecoder = (bytes: Uint8Array) => Promise<Uint8Array>;

/**
 * The Worker's own HEIC decoder (libheif compiled to WebAssembly, 1.4 MB), for where the Images
 * binding cannot decode HEIC: wrangler's local simulation, under `npm start`, the tests and the
 * rehearsal. `wrangler deploy` bundles with process.env.NODE_ENV defined as "production", which
 * makes the import dead code there: the decoder never reaches the production bundle (nor its
 * memory limit), Cloudflare's binding decodes HEIC itself, and a HEIC it refuses is refused with
 * HEIC_REFUSED_MESSAGE. An object, so a test can take the production path (spy on `load`).
 */
export const heicFallback = {
  async load(): Promise<HeicDecoder | null> {
    if (process.env.NODE_ENV !== 'production') return (await import('./heic-decode.ts')).heicToPng;
    return null;
  },
};

/** Runs one transformation; a refusal by the binding is an image we cannot read. */
async function transform(
  images: ImagesBinding,
  input: Uint8Array,
  steps: ImageTransform[],
  output: ImageOutputOptions,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  let t = images.input(stream(input));
  for (const step of steps) t = t.transform(step);
  const result = await t.output(output);
  return { bytes: await collect(result.image()), contentType: result.contentType() };
}

/**
 * The master: upright, at most 1920 px wide, re-encoded (so no byte of the original survives). HEIC
 * goes to the binding as it is; where the binding cannot decode HEVC (its local simulation), the
 * Worker's own decoder hands it a PNG instead, where this bundle has one (heicFallback).
 * Throws the domain error an editor reads: the allowance spent, the service down, a HEIC nothing
 * here can convert, or an image that cannot be read.
 */
async function makeMaster(images: ImagesBinding, bytes: Uint8Array, probe: ImageProbe, width: number) {
  const output: ImageOutputOptions = probe.hasAlpha
    ? { format: 'image/png' }
    : { format: 'image/jpeg', quality: MASTER_QUALITY };
  const steps = width < probe.width ? [{ width }] : [];
  let failure: unknown;
  try {
    return await transform(images, bytes, steps, output);
  } catch (error) {
    failure = error;
  }
  if (isAllowanceSpent(failure)) throw new ImageAllowanceSpent();
  if (isServiceDown(failure)) throw new Unavailable(IMAGE_SERVICE_MESSAGE);
  logBindingFailure('image master failed', probe.kind, failure);
  if (probe.kind !== 'heic') throw new Invalid(IMAGE_UNREADABLE_MESSAGE);
  const decode = await heicFallback.load();
  if (!decode) throw new Unsupported(HEIC_REFUSED_MESSAGE);
  let png: Uint8Array;
  try {
    png = await decode(bytes);
  } catch (error) {
    logBindingFailure('HEIC decoding failed', probe.kind, error);
    throw new Invalid(IMAGE_UNREADABLE_MESSAGE);
  }
  try {
    return await transform(images, png, steps, output);
  } catch (error) {
    if (isAllowanceSpent(error)) throw new ImageAllowanceSpent();
    logBindingFailure('image master failed', 'png from heic', error);
    throw new Unavailable(IMAGE_SERVICE_MESSAGE);
  }
}

/** One log line for a failure of the binding or the decoder: the kind and the start of its message. */
function logBindingFailure(what: string, kind: string, error: unknown) {
  console.error(what, kind, error instanceof Error ? error.message.slice(0, 200) : error);
}

export interface ProcessedImage {
  row: ImageRow;
  /** The address content stores (schemas/images.ts). */
  url: string;
  /** True when these bytes had been processed before (nothing new was stored). */
  existing: boolean;
}

/**
 * Processes checked image bytes into their variants and row. The same bytes a second time answer
 * the stored image. The Images allowance spent: ImageAllowanceSpent (403); the service or storage
 * down: Unavailable (503); a HEIC nothing here converts: Unsupported (415); bytes no decoder can
 * read: Invalid (400).
 */
export async function processImage(
  env: Bindings,
  db: Db,
  bytes: Uint8Array,
  probe: ImageProbe,
  origin: { sourceUrl?: string | null; staffId?: string | null } = {},
): Promise<ProcessedImage> {
  const id = await imageId(bytes);
  const found = await findImage(db, id);
  if (found) return { row: found, url: imageUrl(found), existing: true };

  const widths = variantWidths(probe.width);
  const top = widths[widths.length - 1]!;
  const master = (await makeMaster(env.IMAGES, bytes, probe, top)).bytes;
  const variantBytes: Record<string, number> = {};
  const stored: string[] = [];
  try {
    const pixel = await transform(env.IMAGES, master, [{ width: 1, height: 1, fit: 'squeeze' }], {
      format: 'image/png',
    });
    const color = probe.hasAlpha ? null : pngPixel(pixel.bytes);
    for (const width of widths) {
      const made = await Promise.all(
        IMAGE_FORMATS.map(async (format) => {
          const out = await transform(env.IMAGES, master, width < top ? [{ width }] : [], {
            format: IMAGE_CONTENT_TYPES[format] as ImageOutputOptions['format'],
            quality: QUALITY[format],
            // JPEG has no transparency: a transparent logo's fallback sits on white.
            ...(format === 'jpg' && probe.hasAlpha && { background: '#ffffff' }),
          });
          let body = out.contentType === 'image/jpeg' ? stripJpegMetadata(out.bytes) : out.bytes;
          // Where the platform cannot make this format at this width (Cloudflare encodes AVIF up to
          // 1,200 px), the address keeps its name and serves what it made, typed as what it is: every
          // browser that asks for AVIF decodes WebP too.
          if (carriesMetadata(body)) throw new Error(`metadata left in the ${format} variant`);
          if (format === 'jpg' && out.contentType !== 'image/jpeg') throw new Error('no JPEG fallback made');
          body = new Uint8Array(body);
          return { format, body, contentType: out.contentType };
        }),
      );
      for (const { format, body, contentType } of made) {
        const key = variantKey(id, width, format);
        await env.FILES.put(key, body, {
          httpMetadata: { contentType, cacheControl: 'public, max-age=31536000, immutable' },
        });
        stored.push(key);
        variantBytes[`${width}.${format}`] = body.length;
      }
    }
    const row = await insertImage(db, {
      id,
      width: probe.width,
      height: probe.height,
      color,
      format: probe.kind,
      bytes: bytes.length,
      variantBytes,
      sourceUrl: origin.sourceUrl ?? null,
      createdBy: origin.staffId ?? null,
    });
    return { row, url: imageUrl(row), existing: false };
  } catch (error) {
    // Nothing half-made stays behind: the variants go with the failure (the row is written last).
    if (stored.length) await env.FILES.delete(stored).catch(() => undefined);
    if (error instanceof Invalid) throw error;
    // The allowance can run out between two of an image's transformations: the photo is not added
    // (nothing half-made is kept), and the editor is told why.
    if (isAllowanceSpent(error)) throw new ImageAllowanceSpent();
    logBindingFailure('image variants failed', probe.kind, error);
    // The variants are made from our own master: a failure here is the service's, never the photo's.
    throw new Unavailable(IMAGE_SERVICE_MESSAGE);
  }
}
