// `npm run perf -- --photos`: the site with real-size photographs. In a scratch
// local database (.wrangler/photos, the normal one untouched): the seed, an editor, and through the
// back office's own API a 4032 × 3024 photo-like JPEG (scripts/lib/test-photos.ts: no internet here)
// as the United Kingdom's hero, another as the first subject's hero and six as the first six
// destinations cards. Then it publishes (astro build into dist/ from that database) and prints:
//   - Lighthouse (mobile preset, median of --runs) on the country, subject and destinations pages
//     beside the floor page, same server, same run: LCP ÷ floor (goal ≤ 1.3×) and CLS (goal 0);
//   - the bytes of every content image a 375 px phone at DPR 2 loads on those pages, scrolled to the
//     end (goal: none over 150 KB).
// It overwrites dist/ (a publish does); `npm run build` restores the normal one.
import { rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { run } from '../lib/run.ts';
import { startServer, type RunningServer } from './lib/server.ts';
import { machine, median, table } from './lib/stats.ts';
import { testPhoto } from '../lib/test-photos.ts';
import { chromiumArgs, ensureChromium, fullChromium } from '../lib/chromium.ts';
import { FLOOR_HTML, FLOOR_PATH, printFloorTable, runLighthouse, type LhResult } from './lighthouse.ts';
import { STAFF_SESSION_COOKIE } from '#functions/lib/staff-cookies.ts';

const DIR = '.wrangler/photos';
const EDITOR = {
  email: 'photos-editor@example.com',
  name: 'Photo Editor',
  password: 'photos-editor-password-2026',
};
const PHOTO = { width: 4032, height: 3024 };
const COUNTRY = 'united-kingdom';
const SUBJECT = 'msc-data-science-university-of-leeds';

interface Staff {
  url: string;
  cookie: string;
}

async function signIn(url: string): Promise<Staff> {
  const res = await fetch(`${url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ email: EDITOR.email, password: EDITOR.password }),
  });
  if (!res.ok) throw new Error(`Editor sign-in failed: ${res.status} ${await res.text()}`);
  // The session cookie by its name: a sign-in sets others too (the browser's device cookie).
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${STAFF_SESSION_COOKIE}=`));
  if (!cookie) throw new Error('Editor sign-in set no session cookie');
  return { url, cookie };
}

const staffFetch = (s: Staff, path: string, init: RequestInit = {}) =>
  fetch(`${s.url}/api/admin${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), Cookie: s.cookie, Origin: s.url },
  });

/** Uploads one generated photo; answers its address and what the pipeline took. */
async function upload(s: Staff, seed: number) {
  const bytes = await testPhoto({ ...PHOTO, seed, quality: 92, exif: true, orientation: 1 });
  const form = new FormData();
  form.append('file', new File([bytes], `IMG_${seed}.JPG`, { type: 'image/jpeg' }));
  const started = Date.now();
  const res = await staffFetch(s, '/uploads', { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`Upload failed: ${res.status} ${await res.text()}`);
  const { url } = await res.json<{ url: string }>();
  console.log(
    `  photo ${seed}: ${(bytes.length / 1e6).toFixed(1)} MB, processed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return url;
}

/** Sets one content item's image (and its alt text) through the back office, as an editor's save does. */
async function setImage(s: Staff, kind: string, id: string, url: string, alt: string) {
  const got = await staffFetch(s, `/content/${kind}/${id}`);
  const { item } = await got.json<{ item: Record<string, unknown> }>();
  const res = await staffFetch(s, `/content/${kind}/${id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...item, image: url, imageAlt: alt }),
  });
  if (!res.ok) throw new Error(`Saving ${kind}/${id} failed: ${res.status} ${await res.text()}`);
}

/** Bytes of every content image a 375 px phone at DPR 2 loads on `path`, scrolled to the end. */
async function phoneImageBytes(url: string, path: string) {
  const browser = await chromium.launch({
    executablePath: await ensureChromium(fullChromium),
    args: chromiumArgs,
  });
  try {
    // bypassCSP: Playwright runs a string predicate through eval, which the pages' CSP refuses; the
    // count of image bytes does not depend on it.
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      bypassCSP: true,
    });
    const page = await context.newPage();
    const sizes = new Map<string, number>();
    const bodies: Promise<void>[] = [];
    page.on('response', (res) => {
      if (!res.url().includes('/api/images/')) return;
      bodies.push(
        res.body().then(
          (body) => void sizes.set(new URL(res.url()).pathname, body.length),
          () => void sizes.set(new URL(res.url()).pathname, 0),
        ),
      );
    });
    await page.goto(url + path, { waitUntil: 'networkidle' });
    // Down the page a screen at a time, as a person reads it: each screen's images (the lazy ones
    // asked for as they come near) have loaded before the next wheel turn. In-page code as strings:
    // the scripts' type program has no DOM.
    const screenLoaded = () =>
      page.waitForFunction(`[...document.images].every((img) => {
        const box = img.getBoundingClientRect();
        return !(box.width > 0 && box.bottom >= 0 && box.top <= innerHeight) || img.complete;
      })`);
    await screenLoaded();
    for (let turn = 0; turn < 40; turn++) {
      const at = await page.evaluate<number>(
        'Math.ceil(innerHeight + scrollY) < document.documentElement.scrollHeight - 1 ? scrollY : -1',
      );
      if (at < 0) break; // the end of the page
      await page.mouse.wheel(0, 700);
      await page.waitForFunction(`scrollY !== ${at}`);
      await screenLoaded();
    }
    await Promise.all(bodies);
    return [...sizes.entries()];
  } finally {
    await browser.close();
  }
}

export async function photosRun(port: number, runs: number) {
  console.log(
    `\n== Photographs: ${PHOTO.width} × ${PHOTO.height} JPEGs as heroes and cards (scratch database ${DIR}) ==`,
  );
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const env = { WRANGLER_PERSIST_TO: DIR };
  await run('node', ['scripts/prepare-db.ts'], env);
  await run(
    'node',
    ['scripts/create-admin.ts', '--email', EDITOR.email, '--name', EDITOR.name, '--role', 'editor'],
    {
      ...env,
      STAFF_PASSWORD: EDITOR.password,
    },
  );

  let server: RunningServer = await startServer({ port, persistTo: DIR });
  try {
    const staff = await signIn(server.url);
    const countries = (
      await (await fetch(`${server.url}/api/countries`)).json<{ _id: string; name: string }[]>()
    ).slice(0, 6);
    console.log('Uploading (each through the pipeline: AVIF, WebP and JPEG at five widths) ...');
    await setImage(
      staff,
      'countries',
      COUNTRY,
      await upload(staff, 101),
      'The Houses of Parliament across the Thames at dusk',
    );
    await setImage(
      staff,
      'subjects',
      SUBJECT,
      await upload(staff, 102),
      'Students working together in a bright university library',
    );
    let seed = 103;
    for (const c of countries)
      if (c._id !== COUNTRY)
        await setImage(staff, 'countries', c._id, await upload(staff, seed++), `A street in ${c.name}`);
  } finally {
    await server.stop();
  }

  console.log('\nPublishing: astro build from the scratch database into dist/ ...');
  await run('astro', ['build'], env);
  mkdirSync(`dist${FLOOR_PATH}`, { recursive: true });
  writeFileSync(`dist${FLOOR_PATH}/index.html`, FLOOR_HTML);
  server = await startServer({ port, persistTo: DIR });
  try {
    const pages = [
      { name: 'country', path: `/country-details/${COUNTRY}` },
      { name: 'subject', path: `/subject/${SUBJECT}` },
      { name: 'destinations', path: '/destinations' },
    ];
    const floorPage = [{ name: 'floor', path: FLOOR_PATH }];
    console.log(`\nLighthouse (mobile preset, median of ${runs}):`);
    const [before] = await runLighthouse(server.url, floorPage, runs);
    const ours: LhResult[] = await runLighthouse(server.url, pages, runs, { diagnose: true });
    const [after] = await runLighthouse(server.url, floorPage, runs);
    const samples = [...(before?.lcpSamples ?? []), ...(after?.lcpSamples ?? [])];
    const floor = { ...before!, lcp: median(samples) };
    console.log(
      `\nLCP against the floor with photographs (floor ${floor.lcp?.toFixed(0)} ms; load ${(await machine()).load}):`,
    );
    printFloorTable(
      ours,
      pages.map((p) => p.name),
      floor,
    );

    console.log('\nContent images a 375 px phone at DPR 2 loads (scrolled to the end):');
    const rows: string[][] = [];
    let over = 0;
    for (const p of pages) {
      for (const [path, bytes] of await phoneImageBytes(server.url, p.path)) {
        if (bytes > 150 * 1024) over++;
        rows.push([
          p.name,
          path.replace(/^\/api\/images\//, ''),
          (bytes / 1024).toFixed(1),
          bytes > 150 * 1024 ? 'OVER' : 'ok',
        ]);
      }
    }
    table(['page', 'variant', 'KB', '≤ 150 KB'], rows);
    console.log(over ? `${over} image(s) over 150 KB.` : 'No image over 150 KB.');
    return { floor, ours, images: rows };
  } finally {
    await server.stop();
    rmSync(`dist${FLOOR_PATH}`, { recursive: true, force: true });
  }
}
