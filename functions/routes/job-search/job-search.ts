import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { validate } from '#functions/lib/validate.ts';
import { publicCache } from '#functions/middleware/cache.ts';
import { jobsQuery, type JobSummary, type JobsPage } from '#schemas/recruitment.ts';
import { listOpenJobs, searchOpenJobs } from '#db/queries/jobs.ts';

/**
 * The open jobs. Without parameters: the spec's plain array. With `q`, `category` or `page`:
 * one page filtered in the database, `{ jobs, total, page, pageSize, totalPages, categories }`.
 */
export const jobSearch = new Hono<AppEnv>().get('/', publicCache, validate('query', jobsQuery), async (c) => {
  const query = c.req.valid('query');
  if (query.q === undefined && query.category === undefined && query.page === undefined) {
    return c.json((await listOpenJobs(c.var.db)) satisfies JobSummary[]);
  }
  return c.json((await searchOpenJobs(c.var.db, query)) satisfies JobsPage);
});
