/**
 * The recruitment contract's texts and constants without zod: what islands need on their first
 * render (schemas/recruitment.ts re-exports all of it, and loads zod).
 */

export const DEFAULT_COUNTRY = 'United Kingdom';
export const TERMS_MESSAGE = 'You must accept the Terms & Conditions!';
export const CATEGORY_MESSAGE = 'Please select a category!';

/** Jobs per page of GET /api/applyjobs when filtered or paged. */
export const JOBS_PAGE_SIZE = 3;

/** The job list's filter terms, as they travel in its URL (`/job?q=&category=&location=`). */
export interface JobFilterTerms {
  q?: string | undefined;
  category?: string | undefined;
  location?: string | undefined;
}

/**
 * Whether a job passes the job list's filter (spec 2 section 5): the text trimmed and matched
 * case-insensitively in the title, company, location or description; the category compared
 * case-insensitively ("" is all categories); the location found within the job's location. The
 * list on /job and the built-in jobs of the job board both filter with this.
 */
export function jobMatches(
  job: { title: string; company: string; location: string; description: string; category: string },
  terms: JobFilterTerms,
) {
  const q = terms.q?.trim().toLowerCase() ?? '';
  const category = terms.category?.trim().toLowerCase() ?? '';
  const location = terms.location?.trim().toLowerCase() ?? '';
  return (
    (!q ||
      [job.title, job.company, job.location, job.description].some((f) => f.toLowerCase().includes(q))) &&
    (!category || job.category.toLowerCase() === category) &&
    (!location || job.location.toLowerCase().includes(location))
  );
}
