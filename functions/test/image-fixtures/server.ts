/**
 * Images for the API tests, served over HTTP on loopback (there is no internet here): the upload
 * tests fetch their bytes from it, and the tests of linked (remote) images point content at it.
 *
 * - GET /sideways.jpg  a phone's photo stored sideways (EXIF orientation 6) with GPS, owner, serial
 * - GET /photo.jpg, /photo.png, /photo.webp  photo-like images (the WebP with EXIF)
 * - GET /iphone.heic   an HEIC (HEVC) with a phone's EXIF, committed beside this file (made with
 *                      libheif's heif-enc: `heif-enc -q 80 -o iphone.heic sideways.jpg`)
 * - GET /bomb.png, /bomb.jpg  headers claiming 60 and 64 megapixels, a few hundred bytes each
 * - GET /not-an-image.jpg  text
 * - GET /slow.jpg      answers after 30 s (the fetch's time cap is shorter)
 * - GET /endless.jpg   a JPEG header then bytes without end and without Content-Length
 * - GET /redirect?to=URL  a 302 to URL
 * - GET /missing.jpg   404
 *
 * Run alone: `node functions/test/image-fixtures/server.ts [port]`.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { sidewaysPhoto, testPhoto } from '#scripts/lib/test-photos.ts';

/** A PNG that is only a header: IHDR says `width` × `height`, then an empty IDAT and IEND. */
export function pngHeaderOnly(width: number, height: number) {
  const b = Buffer.alloc(8 + 25 + 12 + 12);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.set([8, 2, 0, 0, 0], 24);
  b.writeUInt32BE(0, 33);
  b.write('IDAT', 37, 'latin1');
  b.write('IEND', 49, 'latin1');
  return b;
}

/** A JPEG that is only a header: SOI and a baseline frame header of `width` × `height`. */
export function jpegHeaderOnly(width: number, height: number) {
  return Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0,
    11,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    1,
    1,
    0x11,
    0,
  ]);
}

async function fixtures() {
  const photo = await testPhoto({ width: 800, height: 600, seed: 7 });
  return {
    '/sideways.jpg': { type: 'image/jpeg', body: await sidewaysPhoto() },
    '/photo.jpg': { type: 'image/jpeg', body: photo },
    '/photo.png': { type: 'image/png', body: await sharp(photo).png().toBuffer() },
    '/photo.webp': {
      type: 'image/webp',
      body: await sharp(photo)
        .webp()
        .withExif({ IFD0: { Artist: 'Jane Owner' } })
        .toBuffer(),
    },
    '/iphone.heic': { type: 'image/heic', body: readFileSync(new URL('./iphone.heic', import.meta.url)) },
    '/bomb.png': { type: 'image/png', body: pngHeaderOnly(10_000, 6_000) },
    '/bomb.jpg': { type: 'image/jpeg', body: jpegHeaderOnly(8_000, 8_000) },
    '/not-an-image.jpg': { type: 'image/jpeg', body: Buffer.from('This is not a picture.') },
  } as Record<string, { type: string; body: Buffer }>;
}

export async function startImageServer(port = 0): Promise<Server> {
  const files = await fixtures();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = files[url.pathname];
    if (file) {
      res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': file.body.length });
      res.end(file.body);
    } else if (url.pathname === '/redirect') {
      res.writeHead(302, { Location: url.searchParams.get('to') ?? '/' });
      res.end();
    } else if (url.pathname === '/slow.jpg') {
      const timer = setTimeout(() => res.end(files['/photo.jpg']!.body), 30_000);
      res.on('close', () => clearTimeout(timer));
    } else if (url.pathname === '/endless.jpg') {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      res.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      const pump = () => {
        while (res.write(chunk)) if (res.destroyed) return;
        res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startImageServer(Number(process.argv[2] ?? 0));
  console.log(`Test images on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}
