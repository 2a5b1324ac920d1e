import { test, expect, type Page } from '@playwright/test';
import { signInNewEditor } from './helpers/staff.ts';
import { sql } from './helpers/rows.ts';
import { createCountry } from './helpers/new-country.ts';
import { uniqueEmail } from './helpers/mailbox.ts';
import { testPhoto } from '#scripts/lib/test-photos.ts';
import { parseImageUrl, variantWidths } from '#schemas/images.ts';
import { CARD_SIZES, HERO_SIZES } from '#site/lib/image-sizes.ts';
import { LARGEST_IMAGE_TIMING } from '#site/lib/largest-image.ts';

// A photograph uploaded in the back office is drawn by the one image component:
// <picture> with AVIF and WebP sources and a JPEG <img>, srcset and sizes, the stored width and
// height, fetchpriority on the page's largest image and lazy loading below the first screen, its
// dominant colour until the image arrives, and the placeholder when a variant is missing. The test
// makes its own country (newer than the build: the page is the fallback shell, drawn by the same
// component) and a program in it, and removes them afterwards.

test.describe.configure({ timeout: 240_000 });

const cleanups: (() => void)[] = [];
test.afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

/** Uploads a photo-like JPEG as the signed-in editor; answers the address content stores. */
async function uploadPhoto(page: Page, width: number, height: number, seed: number) {
  const res = await page.request.post('/api/admin/uploads', {
    headers: { Origin: new URL(page.url()).origin },
    multipart: {
      file: {
        name: `photo-${seed}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await testPhoto({ width, height, seed }),
      },
    },
    timeout: 180_000,
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

/** A country with the photo as its hero, and a program in it with the photo as its card. */
async function countryWithPhotos(page: Page, hero: string, card: string) {
  const { id, remove } = await createCountry(page, 'photo-land', {
    name: 'Photo Land',
    code: 'PL',
    capital: 'Pictureville',
    image: hero,
    imageAlt: 'Students crossing a sunlit university square',
    details: 'A country with a photograph.',
  });
  const subject = `${id}-msc`;
  sql(`INSERT INTO subjects (id, name, university_id, department_id, country_id, location, code, description, degree_type, duration, students, year, base_price, currency, image, image_alt, logo, universityimage, study_plan, entry_requirements, career_prospects, sort_order, is_active, created_at, updated_at)
SELECT '${subject}', 'MSc Photography', university_id, department_id, '${id}', location, code, description, degree_type, duration, students, year, base_price, currency,
  '${card}', 'A lecture theatre seen from the back row', logo, universityimage, study_plan, entry_requirements, career_prospects, sort_order, is_active, created_at, updated_at
FROM subjects WHERE id = 'msc-data-science-university-of-leeds';`);
  cleanups.push(() => {
    sql(`DELETE FROM subjects WHERE id = '${subject}';`);
    remove();
  });
  return id;
}

test('a photograph is drawn responsively: srcset, sizes, priority, lazy below the fold, the placeholder until it arrives', async ({
  page,
  browser,
}) => {
  await signInNewEditor(page, {
    email: uniqueEmail('images'),
    name: 'Ivy Images',
    password: 'images-editor-2026',
  });
  const hero = await uploadPhoto(page, 2000, 1333, 31);
  const card = await uploadPhoto(page, 1000, 750, 32);
  const id = await countryWithPhotos(page, hero, card);
  const ref = parseImageUrl(hero)!;

  // Hold every variant back until the test has seen the placeholder.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route('**/api/images/*/*', async (route) => {
    await released;
    await route.continue();
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/country-details/${id}`);

  const heroImg = page.locator('.hero__media picture img');
  await expect(heroImg).toHaveAttribute('alt', 'Students crossing a sunlit university square');
  const widths = variantWidths(2000);
  expect(widths).toEqual([320, 640, 960, 1280, 1920]);
  for (const [type, ext] of [
    ['image/avif', 'avif'],
    ['image/webp', 'webp'],
  ] as const) {
    const source = page.locator(`.hero__media picture source[type="${type}"]`);
    await expect(source).toHaveAttribute(
      'srcset',
      widths.map((w) => `/api/images/${ref.id}/${w}.${ext} ${w}w`).join(', '),
    );
    await expect(source).toHaveAttribute('sizes', HERO_SIZES);
  }
  await expect(heroImg).toHaveAttribute(
    'srcset',
    widths.map((w) => `/api/images/${ref.id}/${w}.jpg ${w}w`).join(', '),
  );
  await expect(heroImg).toHaveAttribute('sizes', HERO_SIZES);
  // The page's largest image: requested first and at once; its box from the stored dimensions.
  await expect(heroImg).toHaveAttribute('fetchpriority', 'high');
  await expect(heroImg).toHaveAttribute('loading', 'eager');
  await expect(heroImg).toHaveAttribute('width', '2000');
  await expect(heroImg).toHaveAttribute('height', '1333');

  // Until the image arrives, its box is filled with its dominant colour.
  expect(ref.color).toMatch(/^#[0-9a-f]{6}$/);
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  expect(await heroImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
  expect(await heroImg.evaluate((img) => getComputedStyle(img).backgroundColor)).toBe(rgb(ref.color!));
  const box = await heroImg.boundingBox();
  expect(box!.width).toBeGreaterThan(300);
  expect(Math.round((box!.width / box!.height) * 100) / 100).toBeCloseTo(16 / 9, 1);

  // Below the first screen: the program card is lazy, with the cards' sizes.
  const cardImg = page.locator('[data-testid="country-programs"] picture img');
  await expect(cardImg).toHaveAttribute('loading', 'lazy');
  await expect(cardImg).not.toHaveAttribute('fetchpriority', 'high');
  await expect(cardImg).toHaveAttribute('sizes', CARD_SIZES);
  await expect(cardImg).toHaveAttribute('alt', 'A lecture theatre seen from the back row');

  // Released: the phone (375 px wide, DPR 1 here) picks a variant near its box, as AVIF.
  release();
  await expect
    .poll(() => heroImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const current = await heroImg.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(current).toMatch(new RegExp(`/api/images/${ref.id}/(320|640)\\.avif$`));
  const served = await page.request.get(current);
  expect(served.headers()['content-type']).toBe('image/avif');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // On a page whose largest element is a photograph (the program's page, which the
  // Worker renders whole: it is newer than the build), the page's whole stylesheet (and with it the
  // page script and the islands: one task starts them) is asked for once the photograph has painted,
  // not beside it. A fresh browser: nothing cached.
  const fresh = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: { width: 375, height: 812 },
  });
  const program = await fresh.newPage();
  await program.goto(`/subject/${id}-msc`);
  await expect(program.locator('img[fetchpriority="high"]')).toHaveAttribute(
    'elementtiming',
    LARGEST_IMAGE_TIMING,
  );
  const painted = await program.evaluate(
    (identifier) =>
      new Promise<number>((resolve) =>
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            identifier: string;
            renderTime: number;
          })[])
            if (e.identifier === identifier) resolve(e.renderTime);
        }).observe({ type: 'element', buffered: true }),
      ),
    LARGEST_IMAGE_TIMING,
  );
  expect(painted).toBeGreaterThan(0);
  const stylesRequested = () =>
    program.evaluate(
      () =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) =>
          /\/_astro\/styles\/[^/]+\.css$/.test(r.name),
        )?.startTime ?? 0,
    );
  await expect.poll(stylesRequested, { message: 'the whole stylesheet is asked for' }).toBeGreaterThan(0);
  expect(await stylesRequested(), 'the whole stylesheet, after the photograph paints').toBeGreaterThan(
    painted,
  );
  // So are the images below the first screen (site/lib/deferred-image.ts): the campus gallery, lazy
  // and within the browser's lazy-loading distance, is fetched after the photograph's paint, and
  // then drawn.
  const gallery = program.getByTestId('campus-gallery').locator('img');
  await expect(gallery).toHaveCount(3);
  // In one step in the page: the program's island may redraw the gallery meanwhile.
  await expect
    .poll(() =>
      gallery.evaluateAll((imgs: HTMLImageElement[]) =>
        imgs.every((i) => (i.scrollIntoView(), i.complete && i.naturalWidth > 0)),
      ),
    )
    .toBe(true);
  const galleryRequested = await program.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.name.includes('/images/campus/'))
      .map((r) => r.startTime),
  );
  expect(galleryRequested).toHaveLength(3);
  expect(Math.min(...galleryRequested), 'the gallery, after the photograph paints').toBeGreaterThan(painted);
  await fresh.close();
});

test('without JavaScript the images below the first screen are drawn all the same', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const fetched: string[] = [];
  page.on('requestfinished', (r) => {
    if (r.url().includes('/images/campus/')) fetched.push(new URL(r.url()).pathname);
  });
  await page.goto('/subject/msc-data-science-university-of-leeds');
  const shown = page.getByTestId('campus-gallery').locator('img:visible');
  await expect(shown).toHaveCount(3);
  for (const [i, img] of (await shown.all()).entries()) {
    await img.scrollIntoViewIfNeeded();
    await expect(img).toHaveAttribute('src', `/images/campus/${i + 1}.svg`);
  }
  await expect.poll(() => fetched.sort()).toEqual([1, 2, 3].map((i) => `/images/campus/${i}.svg`));
  await context.close();
});

test('a processed image whose variants are missing falls back to the placeholder in the same box', async ({
  page,
}) => {
  await signInNewEditor(page, {
    email: uniqueEmail('images'),
    name: 'Ivo Images',
    password: 'images-editor-2026',
  });
  const hero = await uploadPhoto(page, 1000, 750, 33);
  const id = await countryWithPhotos(page, hero, hero);
  await page.route('**/api/images/*/*', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/country-details/${id}`);
  const heroImg = page.locator('.hero__media img');
  await expect(heroImg).toHaveAttribute('data-fallback', '');
  await expect(heroImg).toHaveAttribute('src', '/images/placeholder.svg');
  // The <source>s went with the srcset, or they would still win over the placeholder.
  await expect(page.locator('.hero__media picture source')).toHaveCount(0);
  const box = await heroImg.boundingBox();
  expect(Math.round((box!.width / box!.height) * 100) / 100).toBeCloseTo(16 / 9, 1);
});
