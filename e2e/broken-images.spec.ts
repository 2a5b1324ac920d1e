import { test, expect, type Page } from '@playwright/test';
import { sql } from './helpers/rows.ts';

// A broken image falls back to the placeholder everywhere, with one mechanism
// (site/lib/image-fallback.ts), in pre-rendered pages and islands alike, without a layout shift.

const PLACEHOLDER = '/images/placeholder.svg';
/**
 * Records every layout shift in which an image changed size (not merely moved because text above
 * it reflowed as a web font arrived): what a fallback that did not keep the box would cause.
 */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const resized: string[] = [];
    (window as unknown as { __resized: string[] }).__resized = resized;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        for (const { node, previousRect: a, currentRect: b } of entry.sources) {
          const img =
            node instanceof HTMLImageElement
              ? node
              : node instanceof Element
                ? node.querySelector('img')
                : null;
          if (
            img &&
            node === img &&
            (Math.abs(a.width - b.width) > 0.5 || Math.abs(a.height - b.height) > 0.5)
          )
            resized.push(`${img.outerHTML.slice(0, 100)}: ${a.width}x${a.height} -> ${b.width}x${b.height}`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const cleanups: (() => void)[] = [];
test.afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

/**
 * The images resized so far, once the page has drawn what it holds now: a shift is reported with
 * the frame that shows it, and reaches the observer in a task after it.
 */
const resizedImages = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))),
    );
    return (window as unknown as { __resized: string[] }).__resized;
  });

test('a missing image in a pre-rendered page becomes the placeholder in the same box', async ({ page }) => {
  // The hero's small SVG is inlined into the HTML at build (site/lib/inline-image.ts), so it cannot
  // go missing; the gallery's images are files fetched as the visitor scrolls, as uploads are.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/country-details/united-kingdom');
  const scenes = page.locator('.gallery img');
  await scenes.first().scrollIntoViewIfNeeded();
  await expect(scenes.first()).toHaveJSProperty('complete', true);
  const healthy = await scenes.first().boundingBox();

  // The files are gone (as when content points at a deleted upload).
  await watchShifts(page);
  await page.route('**/images/scenes/uk-*.svg', (r) => r.fulfill({ status: 404, body: 'Not found' }));
  await page.goto('/country-details/united-kingdom');
  await scenes.first().scrollIntoViewIfNeeded();
  await expect(scenes).toHaveCount(6);
  for (const img of await scenes.all()) {
    await expect(img).toHaveAttribute('src', PLACEHOLDER);
    await expect(img).toHaveAttribute('data-fallback', '');
  }
  await expect
    .poll(() => scenes.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // The placeholder fills the box the page reserved for the image: the healthy image's size.
  const broken = await scenes.first().boundingBox();
  expect(broken!.width).toBe(healthy!.width);
  expect(Math.abs(broken!.height - healthy!.height)).toBeLessThanOrEqual(1);
  expect(await resizedImages(page)).toEqual([]);
});

test('content edited to point at a missing file: a subject newer than the build (rendered by the Worker) shows the placeholder', async ({
  page,
}) => {
  const id = `e2e-broken-images-${Date.now()}`;
  // The browser tests share one database: the subject goes again, so the finder and the
  // layout-stability specs still see the programs the site was built with.
  cleanups.push(() => sql(`DELETE FROM subjects WHERE id = '${id}';`));
  // A subject added in the back office after the last publish, whose images were never uploaded.
  sql(`INSERT INTO subjects (id, name, university_id, department_id, country_id, location, code, description, degree_type, duration, students, year, base_price, currency, image, logo, universityimage, study_plan, entry_requirements, career_prospects, sort_order, is_active, created_at, updated_at)
SELECT '${id}', name || ' (new)', university_id, department_id, country_id, location, code, description, degree_type, duration, students, year, base_price, currency,
  '/api/files/images/deleted-hero.jpg', '/images/universities/no-such-logo.svg', '["/images/campus/no-such-campus.jpg"]', study_plan, entry_requirements, career_prospects, sort_order, is_active, created_at, updated_at
FROM subjects WHERE id = 'msc-data-science-university-of-leeds';`);
  await watchShifts(page);
  const response = await page.goto(`/subject/${id}`);
  // Not pre-rendered: the Worker renders it from the database (docs/decisions/024).
  expect(response!.headers()['x-page-render']).toMatch(/^(worker|cache)$/);
  const hero = page.locator('.hero__media img');
  await expect(hero).toHaveAttribute('src', PLACEHOLDER);
  await expect(page.locator('.subject-uni img')).toHaveAttribute('src', PLACEHOLDER);
  const campus = page.getByRole('img', { name: /campus, photo 1$/ });
  await campus.scrollIntoViewIfNeeded();
  await expect(campus).toHaveAttribute('src', PLACEHOLDER);
  const box = await hero.boundingBox();
  expect(Math.round((box!.width / box!.height) * 100) / 100).toBeCloseTo(560 / 315, 1);
  expect(await resizedImages(page)).toEqual([]);
});

test('the fallback script is allowed by the page CSP (no violation) and the placeholder never loops', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/.test(m.text())) violations.push(m.text());
  });
  let placeholderRequests = 0;
  await page.route('**/images/placeholder.svg', (r) => {
    placeholderRequests += 1;
    return r.fulfill({ status: 404, body: '' });
  });
  await page.route('**/images/scenes/germany-1.svg', (r) => r.fulfill({ status: 404, body: '' }));
  await page.goto('/country-details/germany');
  const scene = page.locator('.gallery img').first();
  await scene.scrollIntoViewIfNeeded();
  await expect(scene).toHaveAttribute('data-fallback', '');
  // The placeholder failed too, and the page has handled that failure (its error event ran, and
  // anything it asked for was asked): the image rests, broken, without asking again.
  await expect(scene).toHaveJSProperty('complete', true);
  await scene.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  await expect(scene).toHaveJSProperty('complete', true);
  expect(placeholderRequests).toBe(1);
  expect(violations).toEqual([]);
});
