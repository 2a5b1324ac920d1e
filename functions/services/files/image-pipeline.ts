import { unzlibSync } from 'fflate';
import type { Db } from '#db/client.ts';
import { findImage, insertImage, type ImageRow } from '#db/queries/images.ts';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_FORMATS,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
  MAX_IMAGE_PIXELS,
  imagePixelsMessage,
  imageUrl,
  variantKey,
  variantWidths,
  type ImageFormat,
} from '#schemas/images.ts';
import { Invalid, Unavailable, Unsupported } from '../errors.ts';
import { probeImage, type ImageProbe } from './image-probe.ts';
import { heicToPng } from './heic-decode.ts';

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
 * Worker's own decoder hands it a PNG instead.
 */
async function makeMaster(images: ImagesBinding, bytes: Uint8Array, probe: ImageProbe, width: number) {
  const output: ImageOutputOptions = probe.hasAlpha
    ? { format: 'image/png' }
    : { format: 'image/jpeg', quality: MASTER_QUALITY };
  const steps = width < probe.width ? [{ width }] : [];
  try {
    return await transform(images, bytes, steps, output);
  } catch (error) {
    if (probe.kind !== 'heic') throw error;
    return await transform(images, await heicToPng(bytes), steps, output);
  }
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
 * the stored image. Storage down: Unavailable (503); bytes no decoder can read: Invalid (400).
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
  let master: Uint8Array;
  try {
    master = (await makeMaster(env.IMAGES, bytes, probe, top)).bytes;
  } catch (error) {
    console.error(
      'image master failed',
      probe.kind,
      error instanceof Error ? error.message.slice(0, 200) : error,
    );
    throw new Invalid(IMAGE_UNREADABLE_MESSAGE);
  }
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
    console.error('image variants failed', error instanceof Error ? error.message.slice(0, 200) : error);
    throw new Unavailable('We could not process the image right now. Please try again in a moment.');
  }
}
