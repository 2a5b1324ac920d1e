/**
 * How many programs and jobs the build pre-renders, in the site's order (catalogue order: sort order,
 * then name; the job board's): the first pages people reach. The rest, and anything newer than the
 * build, the Worker renders on request as complete HTML with the Cache API in front
 * (functions/routes/pages/render.ts, docs/decisions/024), which keeps a deployed version under
 * Workers' 20,000 files at 25,000 programs and 10,000 jobs. PRERENDER_PROGRAMS / PRERENDER_JOBS
 * override them (0: none).
 */
export const PRERENDER_PROGRAMS = limit(process.env.PRERENDER_PROGRAMS, 1000);
export const PRERENDER_JOBS = limit(process.env.PRERENDER_JOBS, 500);

function limit(value: string | undefined, fallback: number) {
  const n = value === undefined || value === '' ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`Pre-render limits must be whole numbers ≥ 0 (got "${value}")`);
  return n;
}
