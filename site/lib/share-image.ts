// Share images (og:image) rendered at build time: 1200 × 630 PNG, because social networks do not
// render SVG. satori lays the card out and turns its text into paths with Inter from the project's
// own font package; sharp (libvips, prebuilt in its npm package) rasterises the SVG to PNG.
// Nothing is downloaded. Each image is cached on disk by a hash of what it shows, so a rebuild only
// renders the cards whose data changed.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { SHARE_IMAGE_HEIGHT as H, SHARE_IMAGE_WIDTH as W } from './share-image-paths.ts';

/** What one card shows. */
export interface ShareCard {
  /** Small line above the title ("Study abroad", "Job"). */
  eyebrow: string;
  title: string;
  /** One or two short lines under the title. */
  lines: string[];
  /** Shown bottom left (the company name). */
  brand: string;
  /** Shown bottom right (the site's host). */
  footer: string;
}

// Bump when the layout below changes, so cached images are rendered again.
const TEMPLATE_VERSION = 2;
const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'share-images');

const require = createRequire(join(process.cwd(), 'package.json'));
let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;
function loadFonts() {
  // WOFF (satori reads TTF, OTF and WOFF, not WOFF2), Latin subset, from @fontsource/inter.
  fonts ??= ([400, 700] as const).map((weight) => ({
    name: 'Inter',
    data: readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
    weight,
    style: 'normal' as const,
  }));
  return fonts;
}

type Node = {
  type: string;
  props: { style?: Record<string, unknown>; children?: Node | string | (Node | string)[] };
};
const el = (type: string, style: Record<string, unknown>, children?: Node['props']['children']): Node => ({
  type,
  props: { style, ...(children === undefined ? {} : { children }) },
});

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

function layout(card: ShareCard): Node {
  const title = clip(card.title, 90);
  // The margin sits on an inner box: satori adds an outer box's padding to its height.
  return el(
    'div',
    { width: W, height: H, display: 'flex', background: '#0b1f3a', color: '#ffffff', fontFamily: 'Inter' },
    el(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        flexGrow: 1,
        margin: '60px 72px 56px',
      },
      [
        el('div', { display: 'flex', flexDirection: 'column' }, [
          el(
            'div',
            {
              display: 'flex',
              fontSize: 30,
              fontWeight: 700,
              color: '#ffb547',
              letterSpacing: 2,
              textTransform: 'uppercase',
            },
            clip(card.eyebrow, 40),
          ),
          el(
            'div',
            {
              display: 'flex',
              marginTop: 28,
              fontSize: title.length > 48 ? 60 : 76,
              fontWeight: 700,
              lineHeight: 1.1,
            },
            title,
          ),
          ...card.lines
            .slice(0, 2)
            .map((line) =>
              el('div', { display: 'flex', marginTop: 22, fontSize: 34, color: '#c9d6ea' }, clip(line, 70)),
            ),
        ]),
        el(
          'div',
          {
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            borderTop: '3px solid #2b4a75',
            paddingTop: 28,
            fontSize: 30,
          },
          [
            el('div', { display: 'flex', fontWeight: 700 }, clip(card.brand, 40)),
            el('div', { display: 'flex', color: '#c9d6ea' }, clip(card.footer, 40)),
          ],
        ),
      ],
    ),
  );
}

async function render(card: ShareCard): Promise<Buffer> {
  // satori's types want a React element; the plain { type, props } tree is what it reads.
  const svg = await satori(layout(card) as unknown as Parameters<typeof satori>[0], {
    width: W,
    height: H,
    fonts: loadFonts(),
  });
  // Flat colours: a palette PNG is a third of the size of a truecolour one and looks the same.
  return sharp(Buffer.from(svg)).png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer();
}

/** The card as PNG bytes, from the cache when the same card was rendered before. */
export async function shareImagePng(card: ShareCard): Promise<Buffer> {
  const key = createHash('sha256')
    .update(JSON.stringify([TEMPLATE_VERSION, card]))
    .digest('hex')
    .slice(0, 32);
  const file = join(CACHE_DIR, `${key}.png`);
  if (existsSync(file)) return readFileSync(file);
  const png = await render(card);
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(file, png);
  return png;
}

/** An Astro endpoint's answer for a PNG. */
export const pngResponse = (png: Buffer) =>
  new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
