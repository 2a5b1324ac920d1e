import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import * as t from '#db/schema/index.ts';
import { aJob, aProgram, db } from '#functions/test/fixtures/index.ts';
import site from '#content/site.json';
import { RENDER_HEADER, renderedPage } from './render.ts';

// Programs and jobs past the pre-rendered ones are complete HTML from the Worker,
// the built shell page of their kind filled in, with the Cache API in front. The shell page here is
// a stand-in with the parts the real one has (the browser tests, e2e/rendered-pages.spec.ts, use
// the built one), so these run without a build.

const ORIGIN = 'http://127.0.0.1:8787';

/** A shell page as BaseLayout and SiteLayout write it (noindex, a generic title) with its island. */
const frame = (island: string) =>
  `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><title>Program details | ${site.companyName}</title>` +
  '<meta name="description" content="Study-abroad program details."><meta name="robots" content="noindex, nofollow">' +
  `<meta property="og:type" content="website"><meta property="og:title" content="Program details | ${site.companyName}">` +
  '<meta property="og:description" content="Study-abroad program details."><meta property="og:url" content="http://127.0.0.1:8787/shell/x">' +
  '<meta property="og:image" content="http://127.0.0.1:8787/og/default.png"><meta name="twitter:image" content="http://127.0.0.1:8787/og/default.png">' +
  '</head><body><main id="main">' +
  `<astro-island prefix="r1" component-url="/_astro/${island}.AbC123.js" renderer-url="/_astro/client.x.js" props="{}" ssr client="load" opts="{}" await-children>` +
  '<div class="spinner"></div><!--astro:end--></astro-island></main></body></html>';

/** The Worker's bindings with a stand-in assets server that answers the shell pages. */
function withShells(etag = '"build-1"') {
  const fetched: string[] = [];
  const bindings = {
    ...env,
    SITE_URL: ORIGIN,
    ASSETS: {
      fetch: async (input: RequestInfo | URL) => {
        const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
        fetched.push(path);
        const island = { '/shell/subject': 'SubjectShell', '/shell/job': 'JobShell' }[path];
        return island
          ? new Response(frame(island), { headers: { ETag: etag, 'Content-Type': 'text/html' } })
          : new Response('Not found', { status: 404 });
      },
    },
  } as unknown as Env;
  return { bindings, fetched };
}

const page = (bindings: Env, path: string) => {
  const url = new URL(path, ORIGIN);
  const [, kind, id] = url.pathname.split('/') as [string, 'subject' | 'job', string];
  const table = kind === 'subject' ? 'subjects' : 'jobs';
  return renderedPage(bindings, undefined, url, { prefix: `/${kind}/`, shell: `/shell/${kind}`, table }, id);
};

/** The JSON-LD nodes of a page. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as { '@type': string; name?: string; url?: string; title?: string },
  );

describe('the Worker’s render of programs and jobs no build pre-rendered', () => {
  it('a program: title, description, canonical URL, JSON-LD and the body, complete in the first response', async () => {
    const program = await aProgram({ name: 'MSc Rendered Studies </script><b>x</b>' });
    const { bindings } = withShells();
    const res = (await page(bindings, `/subject/${program.id}`))!;
    expect(res.status).toBe(200);
    expect(res.headers.get(RENDER_HEADER)).toBe('worker');
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    const name = 'MSc Rendered Studies &lt;/script&gt;&lt;b&gt;x&lt;/b&gt;';
    expect(html).toContain(`<title>${name} — University of Testing`);
    expect(html).toMatch(new RegExp(`<title>[^<]* \\| ${site.companyName}</title>`));
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/subject/${program.id}">`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/subject/${program.id}">`);
    expect(html).not.toContain('noindex');
    expect(html).toContain(`<meta name="description" content="${name} at University of Testing`);
    // The body as the island renders it, and the data the island hydrates with.
    expect(html).toContain(`<h1`);
    expect(html).toContain('A program made by a test.');
    expect(html).not.toContain('class="spinner"');
    expect(html).toContain('<!--astro:end--></astro-island>');
    // React's resource hints belong in the head, not as the island's first element.
    expect(html).toMatch(/await-children><section /);
    expect(html.slice(0, html.indexOf('</head>'))).toContain(
      '<link rel="preload" as="image" href="/images/placeholder.svg"/>',
    );
    expect(html).toMatch(/props="\{&quot;initial&quot;:\[0,\{&quot;subject&quot;/);
    // Nothing in the item's text ends an element early: no live markup came from the data.
    expect(html).not.toContain('<b>x</b>');
    const nodes = jsonLd(html);
    expect(nodes.map((n) => n['@type'])).toEqual(['Course', 'BreadcrumbList']);
    expect(nodes[0]).toMatchObject({ name: program.name, url: `${ORIGIN}/subject/${program.id}` });
  });

  it('a job: its JobPosting and breadcrumb, the job in the body', async () => {
    const job = await aJob();
    const { bindings } = withShells();
    const html = await (await page(bindings, `/job/${job.id}`))!.text();
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/job/${job.id}">`);
    expect(html).toContain(`<title>${job.title} at ${job.company} | ${site.companyName}</title>`);
    expect(jsonLd(html).map((n) => n['@type'])).toEqual(['JobPosting', 'BreadcrumbList']);
    expect(html).toContain('A job made by a test.');
    expect(html).toMatch(/component-url="\/_astro\/JobShell\.AbC123\.js"[^>]*props="\{&quot;initial&quot;/);
  });

  it('no page for an unknown, retired or malformed item (the caller answers 404)', async () => {
    const { bindings } = withShells();
    expect(await page(bindings, '/subject/no-such-program')).toBeUndefined();
    const retired = await aProgram({ isActive: false });
    expect(await page(bindings, `/subject/${retired.id}`)).toBeUndefined();
    expect(await page(bindings, '/job/no-such-job')).toBeUndefined();
  });

  it('the Cache API serves it again until the item is edited or another build is deployed', async () => {
    const program = await aProgram();
    const { bindings } = withShells('"build-2"');
    expect((await page(bindings, `/subject/${program.id}`))!.headers.get(RENDER_HEADER)).toBe('worker');
    const again = (await page(bindings, `/subject/${program.id}`))!;
    expect(again.headers.get(RENDER_HEADER)).toBe('cache');
    expect(await again.text()).toContain(program.name);

    // An edit: the next request renders the edited program, and only it.
    const other = await aProgram();
    await page(bindings, `/subject/${other.id}`);
    await db
      .update(t.subjects)
      .set({ name: 'MSc Edited Name', updatedAt: new Date(Date.now() + 1000) })
      .where(eq(t.subjects.id, program.id));
    const edited = (await page(bindings, `/subject/${program.id}`))!;
    expect(edited.headers.get(RENDER_HEADER)).toBe('worker');
    expect(await edited.text()).toContain('MSc Edited Name');
    expect((await page(bindings, `/subject/${other.id}`))!.headers.get(RENDER_HEADER)).toBe('cache');

    // A deploy (another shell page): rendered again with the new build's page.
    const deployed = withShells('"build-3"').bindings;
    expect((await page(deployed, `/subject/${other.id}`))!.headers.get(RENDER_HEADER)).toBe('worker');
  });

  it('serves the page through the Worker: a program with no built page is complete HTML, an unknown one 404', async () => {
    const program = await aProgram();
    const { bindings } = withShells();
    const { app } = await import('#functions/index.ts');
    const res = await app.request(`/subject/${program.id}`, {}, bindings);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<link rel="canonical" href="${ORIGIN}/subject/${program.id}">`);
    expect((await app.request('/subject/no-such-program', {}, bindings)).status).toBe(404);
  });
});
