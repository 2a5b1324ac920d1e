import { createDb } from '#db/client.ts';
import { getSubject, pageItemVersion } from '#db/queries/catalog.ts';
import { getJob } from '#db/queries/jobs.ts';
import { programCosts } from '#db/queries/costs.ts';
import { renderJobPage, renderSubjectPage } from '#functions/render/site-pages.js';

/** A kind of page the Worker renders itself: its address prefix, its built shell page and its table. */
export interface RenderedKind {
  prefix: string;
  shell: string;
  table: 'subjects' | 'jobs';
}

/** How long a rendered page stays in the Worker's cache when nothing it shows changes. */
const CACHED_SECONDS = 24 * 60 * 60;
/** Response header saying how the page was made (tests and the scale run read it). */
export const RENDER_HEADER = 'X-Page-Render';

/**
 * A program's or job's page the build did not pre-render (the long tail past the
 * pre-rendered programs and jobs, and items newer than the last build), as complete HTML: the
 * built shell page of its kind filled with the item (site/render/worker-pages.tsx).
 *
 * The Cache API is in front. Its key is the page's address, the item's version (its last edit, and
 * for a program its university's) and the shell page's ETag (the deployed build), so an edit or a
 * deploy replaces exactly the pages it changed: only that item is rendered again, nothing is purged
 * by hand, and every data centre sees the change at its next request. Undefined when there is no
 * such item (the caller answers 404).
 */
export async function renderedPage(
  env: Env,
  ctx: Pick<ExecutionContext, 'waitUntil'> | undefined,
  url: URL,
  kind: RenderedKind,
  id: string,
): Promise<Response | undefined> {
  const db = createDb(env.DB);
  const { prefix, shell, table } = kind;
  const [version, frame] = await Promise.all([
    pageItemVersion(db, table, id),
    env.ASSETS.fetch(new URL(shell, url)),
  ]);
  if (!version || !frame.ok) return undefined;
  const build = frame.headers.get('ETag') ?? frame.headers.get('Content-Length') ?? '';
  const key = new Request(
    `${url.origin}${prefix}${encodeURIComponent(id)}?render=${encodeURIComponent(`${version}-${build}`)}`,
  );
  const cache = await caches.open('rendered-pages');
  const hit = await cache.match(key);
  if (hit) {
    await frame.body?.cancel();
    return withHeaders(hit, 'cache');
  }
  const origin = env.SITE_URL || url.origin;
  const html =
    table === 'subjects'
      ? await subjectHtml(db, await frame.text(), origin, id)
      : await jobHtml(db, await frame.text(), origin, id);
  if (html === undefined) return undefined;
  const stored = new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': `max-age=${CACHED_SECONDS}` },
  });
  const put = cache.put(key, stored.clone());
  if (ctx) ctx.waitUntil(put);
  else await put;
  return withHeaders(stored, 'worker');
}

async function subjectHtml(db: ReturnType<typeof createDb>, frame: string, origin: string, id: string) {
  const [subject, costs] = await Promise.all([getSubject(db, id), programCosts(db, id)]);
  if (!subject) return undefined;
  return renderSubjectPage(frame, origin, {
    subject,
    universityName: subject.university ?? 'Unknown University',
    costs: costs ?? null,
  });
}

async function jobHtml(db: ReturnType<typeof createDb>, frame: string, origin: string, id: string) {
  const job = await getJob(db, id);
  return job ? renderJobPage(frame, origin, job) : undefined;
}

/** What the visitor gets: revalidated on every visit (an edit shows at once), and how it was made. */
function withHeaders(res: Response, how: 'cache' | 'worker') {
  return new Response(res.body, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
      [RENDER_HEADER]: how,
    },
  });
}
