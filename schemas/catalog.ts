import { z } from 'zod';

/** `:id` of a public resource. Ids are slugs; anything longer is certainly unknown. */
export const idParam = z.object({ id: z.string().min(1).max(200) });

export const subjectsQuery = z.object({
  countryId: z.string().max(200).optional(),
  /** The first N in catalogue order (the home page shows 4): an extension the spec's clients ignore. */
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(1000, 'limit must be at most 1000').optional(),
});

/** GET /api/subjects/search: the server-side search behind the header search and /search. */
export const subjectSearchQuery = z.object({
  q: z.string().max(200, 'Search text is too long').default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export interface SubjectSearchResponse {
  results: { _id: string; name: string; description: string; university: string; countryId: string; degreeType: string }[];
  total: number;
}

// Response shapes of the public read API (spec 1 sections 3 and 7), shared by the Worker,
// the build-time loaders and the islands.
export interface CountryDto {
  _id: string;
  id: string;
  name: string;
  code: string;
  flag: string;
  image: string;
  details: string;
  capital: string;
  about: { countryOverview: string[]; educationSystem: string[]; studentLife: string[]; visaInfo: string[] };
}

export interface SubjectDto {
  _id: string;
  id: string;
  name: string;
  image: string;
  logo: string;
  university: string;
  universityId: string;
  departmentId: string;
  countryId: string;
  location: string;
  code: string;
  description: string[];
  degreeType: string;
  duration: string;
  students: number;
  year: number;
  basePrice: number | null;
  currency: string;
  updatedAt: string | Date;
  universityimage: string[];
  studyPlan: { degree: string; duration: string; intake: string; futureIntakes: string[] };
  entryRequirements: { description: string; academicRequirements: string[]; englishLanguageRequirements: string[]; additionalRequirements: string[] };
  careerProspects: { description: string; additionalDescription: string; careerPaths: string[]; employmentStatistics: string };
  /** The day staff last checked the fee (ISO date), null until they have. */
  feesVerifiedOn: string | null;
  /** Months of study, read from `duration` by the database (null when it can't be read). */
  durationMonths: number | null;
}

export interface ScholarshipDto {
  name: string;
  amount: string;
  eligibility: string;
  deadline: string;
}

export interface UniversityDto {
  _id: string;
  id: string;
  name: string;
  logo: string;
  image: string;
  location: string;
  universitydetails: string;
  scholarships: string;
  country: string;
  countryId: string;
  website: string | null;
  ranking: string | null;
  scholarshipList: ScholarshipDto[];
}

export interface DepartmentDto {
  _id: string;
  id: string;
  name: string;
  description: string;
  imageUrl: string;
}
