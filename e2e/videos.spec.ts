import { test, expect, type Locator, type Page } from '@playwright/test';
import { signInNewEditor } from './helpers/staff.ts';
import { axeViolations } from './helpers/axe.ts';
import { VIDEO_URL_MESSAGE } from '#schemas/video.ts';
import { publishSite } from './helpers/own-stack-scripts.ts';

// Staff set video links in the back office (validated); after a publish, each
// poster plays its video in place on click, with no third-party script, frame or file before the
// click, a CSP allowing exactly the sources used, and a poster that stays an image without a link.
// It publishes: once done, it takes the links out and publishes again, so that the pages a later
// spec on this worker's stack sees (a screen state's layout record of /courses, say) are the seed's.

const stamp = Date.now();
const editor = {
  email: `video.editor.${stamp}@example.com`,
  name: 'Vera Editor',
  password: 'a long editor password 42',
};
const links = {
  homeSupport: 'https://media.example.com/videos/support.mp4',
  coursesHero: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  coursesIntro: 'https://vimeo.com/76979871',
};

const thirdParty = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (/youtube|vimeo|media\.example\.com/.test(new URL(r.url()).hostname)) urls.push(r.url());
  });
  return urls;
};
const csp = (page: Page) =>
  page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(300_000);
  const page = await browser.newPage();
  await signInNewEditor(page, { ...editor, email: `video.restorer.${stamp}@example.com` });
  await page.goto('/admin/content?kind=site');
  for (const label of ['Courses Hero', 'Courses Intro', 'Home Support'])
    await page.getByLabel(label).fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. Publish to update the static pages.')).toBeVisible();
  publishSite();
  await page.close();
});

test('staff set the video links in the content editor; a link that cannot play is refused beside its field', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInNewEditor(page, editor);
  await page.goto('/admin/content?kind=site');
  await expect(page.getByRole('heading', { name: 'Site settings' })).toBeVisible();

  const hero = page.getByLabel('Courses Hero');
  await hero.fill('https://example.com/some-page.html');
  await page.getByLabel('Home Support').fill(links.homeSupport);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText(
    'one field needs attention',
  );
  await expect(hero).toHaveAttribute('aria-invalid', 'true');
  await expect(hero).toHaveAccessibleDescription(VIDEO_URL_MESSAGE);
  await expect(hero).toBeFocused();
  expect(await axeViolations(page, { include: '.admin-detail', atLeast: 'serious' })).toEqual([]);

  await hero.fill(links.coursesHero);
  await page.getByLabel('Courses Intro').fill(links.coursesIntro);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. Publish to update the static pages.')).toBeVisible();
  publishSite();
});

test('a YouTube poster plays in place on click, nothing from YouTube before it, the same box', async ({
  page,
  browser,
}) => {
  const requests = thirdParty(page);
  await page.route('https://www.youtube-nocookie.com/**', (r) =>
    r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>Fake player</p>' }),
  );
  await page.route('https://player.vimeo.com/**', (r) =>
    r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>Fake player</p>' }),
  );
  await page.goto('/courses');
  const policy = await csp(page);
  expect(policy).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com(;|$)/);
  expect(policy).not.toContain('media-src');

  const hero = page.locator('.hero .video-poster');
  const poster = hero.locator('img');
  await expect(poster).toHaveAttribute('fetchpriority', 'high');
  // The largest paint is the poster image itself, painted with the page (never waiting for a video).
  const lcp = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element };
          resolve(last.element?.closest('.video-poster') ? 'poster' : String(last.element?.nodeName));
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  expect(lcp).toBe('poster');
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);

  const box = await hero.boundingBox();
  const play = playsInPlace(hero, 'Students on a university campus');
  await expect(play).toHaveAttribute('href', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await play.click();
  const frame = hero.locator('iframe');
  await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  await expect(frame).toHaveAttribute('title', 'Video: Students on a university campus');
  await expect(frame).toBeFocused();
  expect(page.url()).toMatch(/\/courses$/);
  const after = await hero.boundingBox();
  expect(after!.width).toBeCloseTo(box!.width, 0);
  expect(after!.height).toBeCloseTo(box!.height, 0);
  expect(requests.some((u) => u.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
  expect(requests.some((u) => u.includes('vimeo'))).toBe(false);

  // Without the script the same control opens the player in a new tab, and its name says so.
  // On a phone, where the poster is narrow, its words stay on one line.
  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const plain = await noJs.newPage();
  await plain.goto('/courses');
  const newTab = plain.locator('.hero .video-poster').getByRole('link', {
    name: 'Play video: Students on a university campus (opens in a new tab)',
    exact: true,
  });
  await expect(newTab).toHaveAttribute('target', '_blank');
  const lines = await newTab.evaluate((link) => {
    const words = document.createRange();
    words.selectNodeContents(link);
    const tops = [...words.getClientRects()].map((r) => r.top).sort((a, b) => a - b);
    return 1 + tops.filter((top, i) => i > 0 && top - tops[i - 1]! > 8).length;
  });
  expect(lines, '"Play video" on one line at 375 px').toBe(1);
  await noJs.close();
});

/**
 * A poster's play control once it plays in place. The page script loads its code after the first
 * paint (site/client-scripts/page.ts); until then, as without JavaScript, it opens the player in a
 * new tab and is named "… (opens in a new tab)". A click on this waits for the name that drops it.
 */
const playsInPlace = (poster: Locator, alt: string) =>
  poster.getByRole('link', { name: `Play video: ${alt}`, exact: true });

test('with reduced motion or Save-Data the player loads paused (Vimeo, privacy-enhanced)', async ({
  page,
}) => {
  await page.route('https://player.vimeo.com/**', (r) =>
    r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  await page.route('https://www.youtube-nocookie.com/**', (r) =>
    r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/courses');
  const intro = page.locator('.section--alt .video-poster');
  await playsInPlace(intro, 'A lecture theatre with international students').click();
  await expect(intro.locator('iframe')).toHaveAttribute(
    'src',
    'https://player.vimeo.com/video/76979871?dnt=1',
  );

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', { value: { saveData: true } }),
  );
  await page.goto('/courses');
  await playsInPlace(page.locator('.hero .video-poster'), 'Students on a university campus').click();
  await expect(page.locator('.hero iframe')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  );
});

test('a video file plays in a native player with no script, loading nothing before play; no link, no player', async ({
  page,
}) => {
  const requests = thirdParty(page);
  await page.route('https://media.example.com/**', (r) =>
    r.fulfill({ status: 200, contentType: 'video/mp4', body: Buffer.alloc(0) }),
  );
  await page.goto('/');
  const policy = await csp(page);
  expect(policy).toContain("media-src 'self' https://media.example.com");
  expect(policy).not.toContain('frame-src');
  const video = page.locator('.support-banner video');
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video).toHaveAttribute('poster', '/images/posters/support.svg');
  await expect(video.locator('source')).toHaveAttribute('src', links.homeSupport);
  await expect(video).not.toHaveAttribute('autoplay');
  await video.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);
  // Pressing play (the promise is left alone: the fake file never plays).
  await video.evaluate((v: HTMLVideoElement) => {
    void v.play().catch(() => undefined);
  });
  await expect.poll(() => requests.length).toBeGreaterThan(0);

  // The Higher Education hero has no link: the poster stays an image, the page frames nothing.
  await page.goto('/higher-education');
  expect(await csp(page)).not.toMatch(/frame-src|media-src/);
  await expect(page.locator('.hero .video-poster img')).toBeVisible();
  await expect(page.locator('.video-poster [data-play], .video-poster video, iframe')).toHaveCount(0);
});
