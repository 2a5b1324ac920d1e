// The Worker's own render of a program or job page that no build pre-rendered (the long
// tail of 25,000 programs and 10,000 jobs, and items newer than the last build). It starts from the
// built shell page of that kind (site/pages/shell/*.astro: the layout, header, footer, the page's
// stylesheet and CSP, and the shell island) and fills in what the pre-rendered page would carry:
// title, description, canonical URL, share image, structured data, and the page's body rendered by
// the same React view the island hydrates, with the data as the island's props. The result is
// complete HTML in the first response, like a pre-rendered page (docs/decisions/024).
//
// Bundled into the Worker through functions/render/site-pages.js (its types in site-pages.d.ts), so
// the Worker's type program never takes in the DOM-typed site code.
import { renderToReadableStream } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { serializeProps } from 'astro/runtime/server/serialize.js';
import type { JobDetail } from '#schemas/recruitment.ts';
import { SubjectShellView, type SubjectShellData } from '#site/islands/subject/SubjectShell.tsx';
import { JobShellView } from '#site/islands/recruitment/JobShell.tsx';
import { jobPageMeta, subjectPageMeta, type PageMeta } from '#site/lib/page-meta.ts';
import { breadcrumbTrail } from '#site/lib/indexing.ts';
import { breadcrumbJsonLd, serializeJsonLd } from '#site/lib/structured-data.ts';
import { DEFAULT_SHARE_IMAGE } from '#site/lib/share-image-paths.ts';
import type * as Declared from '#functions/render/site-pages.js';

/** Text for an attribute or an element, escaped as Astro escapes it. */
const escape = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/**
 * The island's markup as React renders it, each render with a client of its own (nothing shared
 * between requests). Streamed and awaited whole: the view's lazily loaded parts (Save, the cost
 * estimate) are in the Worker's bundle, so their Suspense boundaries resolve on the server and the
 * page carries them; the browser hydrates each once its chunk arrives.
 */
async function markup(node: ReactNode) {
  let failed: unknown;
  const stream = await renderToReadableStream(
    <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>,
    { onError: (error) => void (failed ??= error) },
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  // A boundary that failed on the server would be left for the browser to render: not complete HTML.
  if (failed) throw failed instanceof Error ? failed : new Error('the view failed to render on the server');
  return html;
}

/** A thrown error when the frame is not the shell page this code expects (a build of other code). */
class FrameError extends Error {}

/** Replaces the one match of `pattern` in `html`, or fails: a frame missing a part must not go out half-filled. */
function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string) {
  if (!pattern.test(html)) throw new FrameError(`the shell page has no ${what}`);
  return html.replace(pattern, () => replacement);
}

/**
 * The shell page with the page's head and body: the head as SiteLayout and BaseLayout write it for a
 * pre-rendered page (title with the company's name, canonical URL instead of noindex, og:*, JSON-LD
 * with the breadcrumb trail), the island given `props` and its server-rendered `body`.
 */
function fill(
  frame: string,
  path: string,
  origin: string,
  meta: PageMeta,
  island: string,
  props: object,
  body: string,
) {
  const canonical = new URL(path, origin).href;
  // Social networks do not render SVG: a page naming an SVG shares the default image (BaseLayout).
  const image = new URL(/\.svg$/i.test(meta.image) ? DEFAULT_SHARE_IMAGE : meta.image, origin).href;
  const trail = breadcrumbTrail(path, meta.crumb);
  const jsonLd = trail.length > 1 ? [...meta.jsonLd, breadcrumbJsonLd(trail, origin)] : meta.jsonLd;
  // The shell's title is "<its name> | <company>": the page's own name goes before the company's (SiteLayout).
  const brand = /<title>[^<|]*\|\s*([^<]*)<\/title>/.exec(frame)?.[1]?.trim();
  const title = !brand || meta.title.includes(brand) ? meta.title : `${meta.title} | ${brand}`;
  let html = replaceOnce(frame, /<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`, 'title');
  html = replaceOnce(
    html,
    /<meta name="description" content="[^"]*">/,
    `<meta name="description" content="${escape(meta.description)}">`,
    'description',
  );
  html = replaceOnce(
    html,
    /<meta name="robots" content="noindex, nofollow">/,
    `<link rel="canonical" href="${escape(canonical)}">`,
    'noindex',
  );
  html = replaceOnce(
    html,
    /<meta property="og:title" content="[^"]*">/,
    `<meta property="og:title" content="${escape(title)}">`,
    'og:title',
  );
  html = replaceOnce(
    html,
    /<meta property="og:description" content="[^"]*">/,
    `<meta property="og:description" content="${escape(meta.description)}">`,
    'og:description',
  );
  html = replaceOnce(
    html,
    /<meta property="og:url" content="[^"]*">/,
    `<meta property="og:url" content="${escape(canonical)}">`,
    'og:url',
  );
  html = replaceOnce(
    html,
    /<meta property="og:image" content="[^"]*">/,
    `<meta property="og:image" content="${escape(image)}">`,
    'og:image',
  );
  html = replaceOnce(
    html,
    /<meta name="twitter:image" content="[^"]*">/,
    `<meta name="twitter:image" content="${escape(image)}">`,
    'twitter:image',
  );
  // React writes resource hints (an image to preload) before the markup: they go in the head.
  const hints: string[] = [];
  const content = body.replace(/<link rel="preload"[^>]*>/g, (hint) => {
    hints.push(hint);
    return '';
  });
  const structured = jsonLd
    .map((item) => `<script type="application/ld+json">${serializeJsonLd(item)}</script>`)
    .join('');
  html = replaceOnce(html, /<\/head>/, `${hints.join('')}${structured}</head>`, '</head>');
  // The island: its props (Astro's serialization, which the island runtime reads) and its markup.
  const tag = new RegExp(
    `(<astro-island\\b[^>]*?component-url="[^"]*\\/${island}\\.[^"]*"[^>]*>)([\\s\\S]*?)(</astro-island>)`,
  );
  const match = tag.exec(html);
  if (!match) throw new FrameError(`the shell page has no ${island} island`);
  const open = match[1]!.replace(
    /\sprops="[^"]*"/,
    ` props="${escape(serializeProps(props, { displayName: island, astroStaticSlot: true }))}"`,
  );
  // Kept: the runtime hydrates an island that awaits its children once it sees this marker.
  const end = match[2]!.endsWith('<!--astro:end-->') ? '<!--astro:end-->' : '';
  return html.replace(match[0], () => `${open}${content}${end}${match[3]}`);
}

/** A program's page from the shell page `/shell/subject` and the program's data. */
export async function renderSubjectPage(
  frame: string,
  origin: string,
  data: SubjectShellData,
): Promise<string> {
  const meta = subjectPageMeta(data.subject, data.universityName, origin);
  const body = await markup(<SubjectShellView {...data} />);
  return fill(frame, `/subject/${data.subject._id}`, origin, meta, 'SubjectShell', { initial: data }, body);
}

/** A job's page from the shell page `/shell/job` and the job (the default share image: no job image of its own). */
export async function renderJobPage(frame: string, origin: string, job: JobDetail): Promise<string> {
  const meta = jobPageMeta(job, origin, DEFAULT_SHARE_IMAGE);
  const body = await markup(<JobShellView job={job} />);
  return fill(frame, `/job/${job._id}`, origin, meta, 'JobShell', { initial: job }, body);
}

// The Worker imports this module through declarations of its own: they must describe it.
({ renderSubjectPage, renderJobPage }) satisfies typeof Declared;
