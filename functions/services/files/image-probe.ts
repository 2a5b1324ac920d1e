// What an image is and how big, read from its header only: nothing here decodes pixels, so a
// decompression bomb (a few KB that claim 100,000 × 100,000 pixels) is refused before any decoder
// sees it. Judged by the bytes, never by the file name or the Content-Type the sender claims.

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

export interface ImageProbe {
  kind: ImageKind;
  /** Size as displayed: the EXIF orientation (or HEIF rotation) applied. */
  width: number;
  height: number;
  /** Whether the format says it carries transparency. */
  hasAlpha: boolean;
}

const u16 = (b: Uint8Array, o: number, le = false) =>
  le ? b[o]! | (b[o + 1]! << 8) : (b[o]! << 8) | b[o + 1]!;
const u32 = (b: Uint8Array, o: number, le = false) =>
  le
    ? (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0
    : ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
const ascii = (b: Uint8Array, o: number, n: number) => String.fromCharCode(...b.subarray(o, o + n));
const startsWith = (b: Uint8Array, sig: number[]) => sig.every((v, i) => b[i] === v);

/** The orientation tag (1-8) of a TIFF/EXIF block starting at `o` ("II*\0" or "MM\0*"); 1 when absent. */
function exifOrientation(b: Uint8Array, o: number, end: number): number {
  if (o + 8 > end) return 1;
  const le = ascii(b, o, 2) === 'II';
  if (!le && ascii(b, o, 2) !== 'MM') return 1;
  const ifd = o + u32(b, o + 4, le);
  if (ifd + 2 > end) return 1;
  const count = u16(b, ifd, le);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) break;
    if (u16(b, entry, le) === 0x0112) {
      const v = u16(b, entry + 8, le);
      return v >= 1 && v <= 8 ? v : 1;
    }
  }
  return 1;
}

/** Orientations 5-8 turn the picture a quarter: width and height swap. */
const oriented = (w: number, h: number, orientation: number): [number, number] =>
  orientation >= 5 ? [h, w] : [w, h];

function probeJpeg(b: Uint8Array): ImageProbe | undefined {
  let o = 2;
  let orientation = 1;
  while (o + 4 <= b.length) {
    if (b[o] !== 0xff) return undefined;
    const marker = b[o + 1]!;
    if (marker === 0xff) {
      o++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      o += 2;
      continue;
    }
    const length = u16(b, o + 2);
    if (length < 2) return undefined;
    const body = o + 4;
    if (marker === 0xe1 && ascii(b, body, 6) === 'Exif\0\0')
      orientation = exifOrientation(b, body + 6, Math.min(b.length, o + 2 + length));
    // Start of frame (any coding but the DHT/JPG/DAC markers that share the range).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (body + 5 > b.length) return undefined;
      const [width, height] = oriented(u16(b, body + 3), u16(b, body + 1), orientation);
      return { kind: 'jpeg', width, height, hasAlpha: false };
    }
    if (marker === 0xda) return undefined; // scan data before any frame header
    o += 2 + length;
  }
  return undefined;
}

function probePng(b: Uint8Array): ImageProbe | undefined {
  if (b.length < 33 || ascii(b, 12, 4) !== 'IHDR') return undefined;
  const width = u32(b, 16);
  const height = u32(b, 20);
  const colourType = b[25]!;
  let hasAlpha = colourType === 4 || colourType === 6;
  let orientation = 1;
  // tRNS (transparency) and eXIf (orientation) come before the image data.
  for (let o = 8; o + 8 <= b.length;) {
    const length = u32(b, o);
    const type = ascii(b, o + 4, 4);
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'tRNS') hasAlpha = true;
    if (type === 'eXIf') orientation = exifOrientation(b, o + 8, Math.min(b.length, o + 8 + length));
    o += 12 + length;
  }
  const [w, h] = oriented(width, height, orientation);
  return { kind: 'png', width: w, height: h, hasAlpha };
}

function probeWebp(b: Uint8Array): ImageProbe | undefined {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return undefined;
  let width = 0;
  let height = 0;
  let hasAlpha = false;
  let orientation = 1;
  for (let o = 12; o + 8 <= b.length;) {
    const type = ascii(b, o, 4);
    const size = u32(b, o + 4, true);
    const d = o + 8;
    if (type === 'VP8X' && d + 10 <= b.length) {
      hasAlpha = (b[d]! & 0x10) !== 0;
      width = 1 + (b[d + 4]! | (b[d + 5]! << 8) | (b[d + 6]! << 16));
      height = 1 + (b[d + 7]! | (b[d + 8]! << 8) | (b[d + 9]! << 16));
    } else if (type === 'VP8 ' && !width && d + 10 <= b.length) {
      width = u16(b, d + 6, true) & 0x3fff;
      height = u16(b, d + 8, true) & 0x3fff;
    } else if (type === 'VP8L' && !width && d + 5 <= b.length && b[d] === 0x2f) {
      const bits = u32(b, d + 1, true);
      width = (bits & 0x3fff) + 1;
      height = ((bits >>> 14) & 0x3fff) + 1;
      hasAlpha = ((bits >>> 28) & 1) === 1;
    } else if (type === 'EXIF') {
      const tiff = ascii(b, d, 6) === 'Exif\0\0' ? d + 6 : d;
      orientation = exifOrientation(b, tiff, Math.min(b.length, d + size));
    }
    o = d + size + (size & 1);
  }
  if (!width || !height) return undefined;
  const [w, h] = oriented(width, height, orientation);
  return { kind: 'webp', width: w, height: h, hasAlpha };
}

/** Brands of an HEIF file with HEVC images (what iPhones write); AVIF's own brands are not accepted. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

/** The brands an ISO-BMFF `ftyp` box names (major and compatible). */
function ftypBrands(b: Uint8Array): string[] | undefined {
  if (b.length < 16 || ascii(b, 4, 4) !== 'ftyp') return undefined;
  const size = Math.min(u32(b, 0), b.length);
  const brands = [ascii(b, 8, 4)];
  for (let o = 16; o + 4 <= size; o += 4) brands.push(ascii(b, o, 4));
  return brands;
}

interface Box {
  type: string;
  start: number;
  end: number;
}
/** The child boxes between `start` and `end`. */
function boxes(b: Uint8Array, start: number, end: number): Box[] {
  const out: Box[] = [];
  for (let o = start; o + 8 <= end;) {
    let size = u32(b, o);
    let header = 8;
    if (size === 1) {
      if (o + 16 > end) break;
      size = u32(b, o + 8) * 2 ** 32 + u32(b, o + 12);
      header = 16;
    } else if (size === 0) size = end - o;
    if (size < header || o + size > end) break;
    out.push({ type: ascii(b, o + 4, 4), start: o + header, end: o + size });
    o += size;
  }
  return out;
}

function probeHeif(b: Uint8Array): ImageProbe | undefined {
  const brands = ftypBrands(b);
  if (!brands) return undefined;
  if (brands.some((x) => x === 'avif' || x === 'avis')) return undefined;
  if (!brands.some((x) => HEIC_BRANDS.has(x) || HEIF_BRANDS.has(x))) return undefined;
  const meta = boxes(b, 0, b.length).find((x) => x.type === 'meta');
  if (!meta) return undefined;
  const inMeta = boxes(b, meta.start + 4, meta.end); // meta is a full box: 4 bytes of version/flags
  const pitm = inMeta.find((x) => x.type === 'pitm');
  const primary = pitm ? (b[pitm.start] === 0 ? u16(b, pitm.start + 4) : u32(b, pitm.start + 4)) : 1;
  const iprp = inMeta.find((x) => x.type === 'iprp');
  if (!iprp) return undefined;
  const inIprp = boxes(b, iprp.start, iprp.end);
  const ipco = inIprp.find((x) => x.type === 'ipco');
  if (!ipco) return undefined;
  const properties = boxes(b, ipco.start, ipco.end);
  // ipma: which properties (1-based indexes into ipco) belong to the primary item.
  const associated = new Set<number>();
  for (const ipma of inIprp.filter((x) => x.type === 'ipma')) {
    const version = b[ipma.start]!;
    const flags = b[ipma.start + 3]!;
    let o = ipma.start + 4;
    const count = u32(b, o);
    o += 4;
    for (let i = 0; i < count && o < ipma.end; i++) {
      const item = version < 1 ? u16(b, o) : u32(b, o);
      o += version < 1 ? 2 : 4;
      const n = b[o++]!;
      for (let j = 0; j < n; j++) {
        const index = flags & 1 ? u16(b, o) & 0x7fff : b[o]! & 0x7f;
        o += flags & 1 ? 2 : 1;
        if (item === primary) associated.add(index);
      }
    }
  }
  let width = 0;
  let height = 0;
  let quarterTurns = 0;
  properties.forEach((p, i) => {
    if (!associated.has(i + 1)) return;
    if (p.type === 'ispe') {
      width = u32(b, p.start + 4);
      height = u32(b, p.start + 8);
    }
    if (p.type === 'irot') quarterTurns = b[p.start]! & 3;
  });
  if (!width || !height) return undefined;
  const [w, h] = oriented(width, height, quarterTurns % 2 ? 6 : 1);
  return { kind: 'heic', width: w, height: h, hasAlpha: false };
}

/**
 * What the bytes are and their size as displayed, from the header alone; undefined when they are
 * none of the kinds we accept (or a header too broken to read).
 */
export function probeImage(bytes: Uint8Array): ImageProbe | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return probeJpeg(bytes);
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return probePng(bytes);
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46])) return probeWebp(bytes);
  return probeHeif(bytes);
}
