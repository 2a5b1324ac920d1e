import { z } from 'zod';

// Response shapes of the public read API (spec 1 sections 3 and 7), shared by the Worker, the
// build-time loaders (the content collections of site/content.config.ts validate with these) and
// the islands (types only: schemas/catalog.ts re-exports them, so no island bundles these objects).
const paragraphList = z.array(z.string());

export const countryDto = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  code: z.string(),
  flag: z.string(),
  /** Alt text of each image: the editor's, else the item's name. */
  flagAlt: z.string(),
  image: z.string(),
  imageAlt: z.string(),
  details: z.string(),
  capital: z.string(),
  about: z.object({
    countryOverview: paragraphList,
    educationSystem: paragraphList,
    studentLife: paragraphList,
    visaInfo: paragraphList,
  }),
});
export type CountryDto = z.infer<typeof countryDto>;

export const subjectDto = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  image: z.string(),
  imageAlt: z.string(),
  logo: z.string(),
  logoAlt: z.string(),
  university: z.string(),
  universityId: z.string(),
  departmentId: z.string(),
  countryId: z.string(),
  location: z.string(),
  code: z.string(),
  description: paragraphList,
  degreeType: z.string(),
  duration: z.string(),
  students: z.number(),
  year: z.number(),
  basePrice: z.number().nullable(),
  currency: z.string(),
  updatedAt: z.union([z.string(), z.date()]),
  universityimage: z.array(z.string()),
  /** One alt text per campus image, in the same order. */
  universityimageAlt: z.array(z.string()),
  studyPlan: z.object({
    degree: z.string(),
    duration: z.string(),
    intake: z.string(),
    futureIntakes: z.array(z.string()),
  }),
  entryRequirements: z.object({
    description: z.string(),
    academicRequirements: paragraphList,
    englishLanguageRequirements: paragraphList,
    additionalRequirements: paragraphList,
  }),
  careerProspects: z.object({
    description: z.string(),
    additionalDescription: z.string(),
    careerPaths: z.array(z.string()),
    employmentStatistics: z.string(),
  }),
  /** The day staff last checked the fee (ISO date), null until they have. */
  feesVerifiedOn: z.string().nullable(),
  /** Months of study, read from `duration` by the database (null when it can't be read). */
  durationMonths: z.number().nullable(),
});
export type SubjectDto = z.infer<typeof subjectDto>;

export const scholarshipDto = z.object({
  name: z.string(),
  amount: z.string(),
  eligibility: z.string(),
  deadline: z.string(),
});

export const universityDto = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  logo: z.string(),
  logoAlt: z.string(),
  image: z.string(),
  imageAlt: z.string(),
  location: z.string(),
  universitydetails: z.string(),
  scholarships: z.string(),
  country: z.string(),
  countryId: z.string(),
  website: z.string().nullable(),
  ranking: z.string().nullable(),
  scholarshipList: z.array(scholarshipDto),
});
export type UniversityDto = z.infer<typeof universityDto>;

export const departmentDto = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  imageUrlAlt: z.string(),
});
export type DepartmentDto = z.infer<typeof departmentDto>;

/** GET /api/subjects (?countryId, ?limit). */
export const subjectsResponse = z.array(subjectDto);
/** GET /api/universities. */
export const universitiesResponse = z.array(universityDto);

/** GET /api/subjects/search: the server-side search behind the header search and /search. */
export const subjectSearchResponse = z.object({
  results: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      description: z.string(),
      university: z.string(),
      countryId: z.string(),
      degreeType: z.string(),
    }),
  ),
  total: z.number().int(),
});
export type SubjectSearchResponse = z.infer<typeof subjectSearchResponse>;
