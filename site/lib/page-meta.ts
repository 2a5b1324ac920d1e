import type { SubjectDto } from '#schemas/catalog.ts';
import type { JobDetail } from '#schemas/recruitment.ts';
import { paragraphs } from './format.ts';
import { courseJsonLd, jobPostingJsonLd, type JsonLd } from './structured-data.ts';

/** What a content page passes to SiteLayout: one definition for the build and the Worker's own render. */
export interface PageMeta {
  title: string;
  description: string;
  image: string;
  jsonLd: JsonLd[];
  crumb: string;
}

/** A program's page (site/pages/subject/[id].astro, and the Worker's render of the long tail). */
export function subjectPageMeta(subject: SubjectDto, universityName: string, origin: URL | string): PageMeta {
  return {
    title: `${subject.name} — ${universityName}`,
    description:
      `${subject.name} at ${universityName}, ${subject.location}. ${paragraphs(subject.description)[0] ?? ''}`.slice(
        0,
        155,
      ),
    image: subject.image,
    jsonLd: [courseJsonLd(subject, universityName, new URL(`/subject/${subject._id}`, origin).href)],
    crumb: subject.name,
  };
}

/**
 * A job's page (site/pages/job/[id].astro, and the Worker's render). Open jobs only carry the
 * JobPosting markup: a closed or expired job keeps its page but drops it.
 */
export function jobPageMeta(job: JobDetail, origin: URL | string, image: string): PageMeta {
  const posting = jobPostingJsonLd(job, origin);
  return {
    title: `${job.position} at ${job.company}`,
    description: `${job.position} in ${job.location}: ${job.payment}. ${job.schedule}.`,
    image,
    jsonLd: posting ? [posting] : [],
    crumb: job.position,
  };
}
