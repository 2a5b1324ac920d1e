/// <reference lib="dom" />
// A program or job the build did not pre-render (past the first PRERENDER_PROGRAMS /
// PRERENDER_JOBS, or newer than the build, as here) is complete HTML in the Worker's first response,
// with its canonical URL and JSON-LD, and works in the browser like a pre-rendered page: the island
// hydrates the server's markup (no error, no refetch of the program), the tabs, Apply and the cost estimate work.
import { test, expect, type Page } from '@playwright/test';
import { getTableColumns } from 'drizzle-orm';
import { subjects } from '#db/schema/index.ts';
import { insertJob, sql } from './helpers/rows.ts';
import { hydrated } from './helpers/islands.ts';
import { cspViolations } from './helpers/csp.ts';

const stamp = Date.now().toString(36);
const programId = `rendered-program-${stamp}`;
const programName = `MSc Worker Rendering ${stamp}`;
const jobId = `rendered-job-${stamp}`;
const jobTitle = `Render Operative ${stamp}`;

/** A program made after the build: a copy of a seeded one under a new id, name and code. */
function insertProgram() {
  const columns = Object.values(getTableColumns(subjects)).map((c) => c.name);
  const values = columns.map((c) =>
    c === 'id' ? `'${programId}'` : c === 'name' ? `'${programName}'` : c === 'code' ? `'R${stamp}'` : c,
  );
  sql(
    `INSERT INTO subjects (${columns.join(', ')}) SELECT ${values.join(', ')} FROM subjects WHERE id = 'msc-data-science-university-of-leeds'`,
  );
  return () =>
    sql(
      `DELETE FROM saved_programs WHERE subject_id = '${programId}'; DELETE FROM subjects WHERE id = '${programId}'`,
    );
}

let cleanups: (() => unknown)[] = [];
test.beforeAll(() => {
  cleanups = [insertProgram(), insertJob({ id: jobId, title: jobTitle })];
});
test.afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

/** Errors the page logs (a hydration mismatch is one). */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const ldOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown> & { '@type': string },
  );

test('a program no build pre-rendered is complete HTML in the first response: title, canonical URL, JSON-LD, body', async ({
  request,
  baseURL,
}) => {
  const res = await request.get(`/subject/${programId}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['x-page-render']).toMatch(/^(worker|cache)$/);
  const html = await res.text();
  expect(html).toContain(`<title>${programName} — University of Leeds | `);
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/subject/${programId}">`);
  expect(html).not.toContain('name="robots"');
  expect(html).toMatch(new RegExp(`<h1[^>]*>[^<]*${programName}`));
  expect(html).toContain('Program overview');
  // The parts the view loads lazily in the browser (Save, the cost estimate) are in the page too.
  expect(html).toContain('total-cost-section');
  const nodes = ldOf(html);
  expect(nodes.map((n) => n['@type'])).toEqual(['Course', 'BreadcrumbList']);
  expect(nodes[0]).toMatchObject({ name: programName, url: `${baseURL}/subject/${programId}` });
  const crumbs = nodes[1]!.itemListElement as { name: string; item: string }[];
  expect(crumbs.map((c) => c.name)).toEqual(['Home', 'Courses', programName]);
  expect(crumbs.at(-1)!.item).toBe(`${baseURL}/subject/${programId}`);
  // The second request is the Worker's cached copy.
  expect((await request.get(`/subject/${programId}`)).headers()['x-page-render']).toBe('cache');
});

test('the rendered program hydrates without a mismatch or a refetch, and its tabs, Apply and cost estimate work (375 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const errors = consoleErrors(page);
  const violations = cspViolations(page);
  const programReads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/subjects/${programId}`)) programReads.push(r.url());
  });
  await page.goto(`/subject/${programId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(programName);
  await hydrated(page, 'SubjectShell');
  await page.getByRole('tab', { name: 'Requirements' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Academic requirements');
  // Signed out, the Apply panel asks the visitor to sign in first, as on a pre-rendered program.
  await expect(page.getByRole('button', { name: 'Log In to Continue' })).toBeVisible();
  // The cost estimate (a lazily loaded part of the view) hydrates and converts.
  const estimate = page.getByRole('region', { name: 'Estimated total cost' });
  await estimate.scrollIntoViewIfNeeded();
  // Its chunk hydrates after the page's island: choosing again until it answers.
  await expect(async () => {
    await estimate.getByLabel('Show costs in').selectOption('USD');
    await expect(estimate).toContainText('$', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(programReads, 'the island starts from the page’s data').toEqual([]);
  expect(errors).toEqual([]);
  expect(violations).toEqual([]);
});

test('a job no build pre-rendered: JobPosting in the first response, and the page works', async ({
  page,
  request,
  baseURL,
}) => {
  const html = await (await request.get(`/job/${jobId}`)).text();
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/job/${jobId}">`);
  const posting = ldOf(html).find((n) => n['@type'] === 'JobPosting');
  expect(posting).toMatchObject({ title: jobTitle, url: `${baseURL}/job/${jobId}` });
  expect(html).toContain('A job made by a browser test.');
  const errors = consoleErrors(page);
  await page.goto(`/job/${jobId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(jobTitle);
  await hydrated(page, 'JobShell');
  await expect(page.getByRole('button', { name: /apply/i }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('an edit to a rendered program shows at the next request (its cached copy is keyed by the edit)', async ({
  request,
}) => {
  expect(await (await request.get(`/subject/${programId}`)).text()).toContain(programName);
  sql(
    `UPDATE subjects SET name = '${programName} (edited)', updated_at = ${Date.now() + 1000} WHERE id = '${programId}'`,
  );
  const res = await request.get(`/subject/${programId}`);
  expect(res.headers()['x-page-render']).toBe('worker');
  expect(await res.text()).toContain(`${programName} (edited)`);
  sql(`UPDATE subjects SET name = '${programName}' WHERE id = '${programId}'`);
});
