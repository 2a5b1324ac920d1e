// The catalogue-at-scale figures on the running Worker (npm run perf -- --scale N --jobs M): what one
// build's snapshot costs per response, how fast the Worker renders a program page no build
// pre-rendered (first request and cached), and how long one edited program takes to show.
import { spawnSync } from 'node:child_process';
import { fetchPagedSnapshot } from '#site/lib/snapshot-fetch.ts';
import { percentile } from './lib/stats.ts';

/** The build token the scale run gives its Worker (a scratch database on this machine only). */
export const SCALE_BUILD_TOKEN = 'scale-run-build-token-0123456789abcdef0123456789';

/** Every response of the paged snapshot: bytes of the largest, of all, how many, and the wall time. */
export async function measureSnapshot(base: string) {
  const sizes: number[] = [];
  const started = performance.now();
  const snapshot = await fetchPagedSnapshot(`${base}/api/build/snapshot`, async (url) => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${SCALE_BUILD_TOKEN}` } });
    const text = await res.text();
    if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
    sizes.push(Buffer.byteLength(text));
    return JSON.parse(text) as unknown;
  });
  return {
    responses: sizes.length,
    largestBytes: Math.max(...sizes),
    totalBytes: sizes.reduce((a, b) => a + b, 0),
    seconds: (performance.now() - started) / 1000,
    subjects: snapshot.subjects.length,
    jobs: snapshot.jobs.length,
  };
}

/** One GET's time to the last byte, and how the page was made (the Worker's X-Page-Render). */
async function timed(url: string) {
  const t0 = performance.now();
  const res = await fetch(url);
  const body = await res.text();
  return { ms: performance.now() - t0, status: res.status, render: res.headers.get('X-Page-Render'), body };
}

/**
 * Program pages past the pre-rendered ones, each fetched twice: the Worker's render (first) and
 * its cached copy (second). Sequential, after a warm-up.
 */
export async function measureRenderedPages(base: string, ids: string[]) {
  await timed(`${base}/subject/${ids[0]}`);
  const first: number[] = [];
  const cached: number[] = [];
  const statuses = new Set<string>();
  for (const id of ids.slice(1)) {
    const a = await timed(`${base}/subject/${id}`);
    const b = await timed(`${base}/subject/${id}`);
    statuses.add(`${a.status}/${a.render}`).add(`${b.status}/${b.render}`);
    first.push(a.ms);
    cached.push(b.ms);
  }
  return {
    n: first.length,
    statuses: [...statuses].join(', '),
    firstP50: percentile(first, 50),
    firstP95: percentile(first, 95),
    cachedP50: percentile(cached, 50),
    cachedP95: percentile(cached, 95),
  };
}

/**
 * One edit, end to end: the program's name changes in the database (as the back office's save
 * writes it), and the clock runs until its public page shows the new name. `persistTo` is the
 * scratch database the Worker serves.
 */
export async function measureEditToLive(base: string, persistTo: string, id: string) {
  const name = `Edited at scale ${Date.now().toString(36)}`;
  const t0 = performance.now();
  const saved = spawnSync(
    'wrangler',
    [
      'd1',
      'execute',
      'DB',
      '--local',
      '--persist-to',
      persistTo,
      '--command',
      `UPDATE subjects SET name = '${name}', updated_at = ${Date.now()} WHERE id = '${id}'`,
    ],
    { env: { ...process.env, CI: 'true' }, stdio: 'pipe' },
  );
  if (saved.status !== 0) throw new Error(`the edit failed: ${saved.stderr.toString().slice(-500)}`);
  const savedMs = performance.now() - t0;
  for (let i = 0; i < 600; i++) {
    const page = await timed(`${base}/subject/${id}`);
    if (page.body.includes(name))
      return { savedMs, liveMs: performance.now() - t0, render: page.render, polls: i + 1 };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the edited program ${id} did not show its new name within a minute`);
}
