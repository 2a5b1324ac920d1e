// Photo-like test images, made on this machine (there is no internet to fetch real ones): the
// speed measurement (`npm run perf -- --photos`), the API tests' image server and the browser tests
// upload these. What makes them photo-like for an encoder: large soft shapes (sky, walls, lawns),
// mid-frequency texture and fine sensor noise, so they compress the way a phone's photo does, not
// the way a flat test card does. With `exif` they carry what a phone writes: the camera, the owner's
// name, a serial number and the GPS position, for the tests that prove none of it survives.
import sharp from 'sharp';

/** A deterministic pseudo-random sequence (the same seed, the same photo). */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

export interface PhotoOptions {
  width: number;
  height: number;
  seed?: number;
  /** EXIF orientation to write (the pixels are stored as given; 6 = a phone held upright). */
  orientation?: number;
  /** Write a phone's metadata: camera, owner, serial number, GPS position. */
  exif?: boolean;
  quality?: number;
}

/** Bytes a phone would write, marked where the metadata is: what the tests look for after processing. */
export const PHONE_METADATA = { owner: 'Jane Owner', serial: 'SN-C39XK2PLM', latitude: '51/1 30/1 26/1' };

/** Raw RGB pixels of a photo-like scene. */
async function scene(width: number, height: number, seed: number) {
  const rnd = random(seed);
  // Soft shapes: a coarse random field scaled up (bicubic) gives sky-like gradients and blobs.
  const cw = 12;
  const ch = Math.max(2, Math.round((cw * height) / width));
  const coarse = Buffer.alloc(cw * ch * 3);
  const base = [rnd() * 160 + 40, rnd() * 160 + 40, rnd() * 160 + 40];
  for (let i = 0; i < coarse.length; i++)
    coarse[i] = Math.max(0, Math.min(255, base[i % 3]! + (rnd() - 0.5) * 140));
  const soft = await sharp(coarse, { raw: { width: cw, height: ch, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  // Texture and noise: a mid-scale field and per-pixel grain.
  const tw = Math.max(8, Math.round(width / 24));
  const th = Math.max(8, Math.round(height / 24));
  const tex = Buffer.alloc(tw * th);
  for (let i = 0; i < tex.length; i++) tex[i] = rnd() * 255;
  const texture = await sharp(tex, { raw: { width: tw, height: th, channels: 1 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const out = Buffer.alloc(width * height * 3);
  for (let p = 0, i = 0; p < width * height; p++) {
    const t = (texture[p]! - 128) * 0.35;
    for (let c = 0; c < 3; c++, i++) {
      const grain = (rnd() - 0.5) * 18;
      out[i] = Math.max(0, Math.min(255, soft[i]! + t + grain));
    }
  }
  return out;
}

/** A JPEG photo-like image (see the module's header). */
export async function testPhoto({ width, height, seed = 1, orientation, exif, quality = 90 }: PhotoOptions) {
  let image = sharp(await scene(width, height, seed), { raw: { width, height, channels: 3 } }).jpeg({
    quality,
  });
  if (orientation) image = image.withMetadata({ orientation });
  if (exif)
    image = image.withExif({
      IFD0: {
        Make: 'Apple',
        Model: 'iPhone 15',
        Artist: PHONE_METADATA.owner,
        Copyright: PHONE_METADATA.owner,
      },
      IFD2: { BodySerialNumber: PHONE_METADATA.serial },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: PHONE_METADATA.latitude,
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 39/1',
      },
    });
  return image.toBuffer();
}

/**
 * A small JPEG whose left half is red and right half blue, stored sideways with EXIF orientation 6
 * (as a phone held upright writes it) and a phone's metadata: shown upright it is taller than wide,
 * red on top. The orientation test reads exactly that back from the variants.
 */
export async function sidewaysPhoto(width = 96, height = 64) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      raw.set(x < width / 2 ? [220, 30, 30] : [30, 30, 220], (y * width + x) * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', Artist: PHONE_METADATA.owner },
      IFD2: { BodySerialNumber: PHONE_METADATA.serial },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: PHONE_METADATA.latitude },
    })
    .toBuffer();
}
