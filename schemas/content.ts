import { z } from 'zod';
import { slug, contentLink, nonEmpty, isoDate } from './common.ts';
import { playableVideo, VIDEO_URL_MESSAGE } from './video.ts';

/**
 * The shape of the seed content in content/*.json, also the shape staff edit in the back office.
 * Every file is validated with these before anything is written to the database.
 */
const paragraphs = z.array(nonEmpty()).min(1);
const list = z.array(z.string()); // lists may carry blank entries: the pages drop them

/** A video link staff may set (or null): YouTube, Vimeo or an .mp4/.webm file (schemas/video.ts). */
const videoLink = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine((link) => playableVideo(link) !== null, VIDEO_URL_MESSAGE)
  .nullable()
  .default(null);

/**
 * The brand: the one place the company's name, logo, contacts and legal identity live (content/
 * site.json, edited in the back office). Pages, e-mails, receipts and the Stripe description read
 * it; the footer shows the registered details UK trading-disclosure rules ask of a website.
 */
export const siteSchema = z.object({
  /** The trading name people know the company by (page titles, e-mails, receipts). */
  companyName: nonEmpty(120),
  brandLine: nonEmpty(120),
  tagline: nonEmpty(200),
  phone: nonEmpty(40),
  email: z.email(),
  admissionsEmail: z.email(),
  staffNotificationEmail: z.email(),
  logo: contentLink,
  address: nonEmpty(300),
  social: z.object({ facebook: contentLink, instagram: contentLink }),
  footerBlurb: nonEmpty(500),
  /** The registered name at Companies House (may differ from the trading name). */
  legalName: nonEmpty(160),
  companyNumber: z.string().trim().regex(/^(?:\d{8}|[A-Z]{2}\d{6})$/, 'must be a Companies House number: 8 digits, or 2 letters and 6 digits (SC123456)'),
  /** The part of the UK the company is registered in. */
  registeredIn: z.enum(['England and Wales', 'Wales', 'Scotland', 'Northern Ireland'], 'must be England and Wales, Wales, Scotland or Northern Ireland'),
  registeredOffice: nonEmpty(300),
  /**
   * The company's videos, each played in place from its poster (site/components/VideoPoster.astro);
   * null (or absent) leaves the poster as an image. Links: schemas/video.ts.
   */
  videos: z
    .object({
      homeSupport: videoLink,
      coursesHero: videoLink,
      coursesIntro: videoLink,
      higherEducationHero: videoLink,
    })
    .default({ homeSupport: null, coursesHero: null, coursesIntro: null, higherEducationHero: null }),
});
export type SiteContent = z.output<typeof siteSchema>;

export const countrySchema = z.object({
  id: slug,
  name: nonEmpty(120),
  code: z.string().regex(/^[A-Z]{2,3}$/, 'must be a country code like GB'),
  flag: contentLink,
  image: contentLink,
  details: nonEmpty(2000),
  capital: nonEmpty(120),
  about: z.object({
    countryOverview: paragraphs,
    educationSystem: paragraphs,
    studentLife: paragraphs,
    visaInfo: paragraphs,
  }),
});

export const scholarshipSchema = z.object({
  name: nonEmpty(200),
  amount: nonEmpty(120),
  eligibility: nonEmpty(1000),
  deadline: isoDate,
});

export const universitySchema = z.object({
  id: slug,
  name: nonEmpty(200),
  countryId: slug,
  location: nonEmpty(200),
  logo: contentLink,
  image: contentLink,
  universitydetails: nonEmpty(3000),
  scholarships: nonEmpty(500),
  scholarshipList: z.array(scholarshipSchema).default([]),
  website: contentLink.optional(),
  ranking: z.string().max(120).optional(),
});

export const departmentSchema = z.object({
  id: slug,
  name: nonEmpty(120),
  description: nonEmpty(1000),
  imageUrl: contentLink,
});

export const subjectSchema = z.object({
  id: slug,
  name: nonEmpty(200),
  universityId: slug,
  departmentId: slug,
  countryId: slug,
  location: nonEmpty(200),
  code: nonEmpty(20),
  description: paragraphs,
  degreeType: nonEmpty(60),
  duration: nonEmpty(60),
  students: z.number().int().min(0),
  year: z.number().int().min(2000).max(2100),
  basePrice: z.number().int().positive().nullable(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO currency code like GBP'),
  image: contentLink,
  logo: contentLink,
  // The subject page also keeps only usable URLs (spec 1 section 2.7), for rows stored before this rule.
  universityimage: z.array(contentLink),
  studyPlan: z.object({
    degree: nonEmpty(120),
    duration: nonEmpty(120),
    intake: nonEmpty(60),
    futureIntakes: z.array(nonEmpty(60)),
  }),
  entryRequirements: z.object({
    description: z.string().max(3000),
    academicRequirements: list,
    englishLanguageRequirements: list,
    additionalRequirements: list,
  }),
  careerProspects: z.object({
    description: z.string().max(3000),
    additionalDescription: z.string().max(3000),
    careerPaths: list,
    employmentStatistics: z.string().max(500),
  }),
});

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #00C9FF');

export const featureSchema = z.object({
  title: nonEmpty(120),
  description: nonEmpty(2000),
  gradientFrom: color.default('#00C9FF'),
  gradientTo: color.default('#92FE9D'),
  image: contentLink,
  icon: nonEmpty(40),
  learnMoreLink: contentLink,
});

export const serviceSchema = z.object({
  id: slug,
  title: nonEmpty(120),
  description: nonEmpty(2000),
  icon: contentLink,
  iconBg: color,
  link: contentLink,
  isNew: z.boolean(),
  isActive: z.boolean(),
});

export const missionVisionSchema = z.object({
  sectionTitle: z.object({ subtitle: nonEmpty(200), title: nonEmpty(200) }),
  mission: z.object({ title: nonEmpty(120), description: nonEmpty(2000), points: z.array(nonEmpty(500)) }),
  vision: z.object({
    title: nonEmpty(120),
    description: nonEmpty(2000),
    goals: z.array(z.object({ number: nonEmpty(20), text: nonEmpty(500) })),
  }),
  values: z.object({
    title: nonEmpty(120),
    items: z.array(z.object({ icon: nonEmpty(40), title: nonEmpty(120), desc: nonEmpty(1000) })),
  }),
  missionTitle: nonEmpty(200),
  visionTitle: nonEmpty(200),
  missionDescription: nonEmpty(2000),
});

export const aboutSchema = z.object({
  stats: z.object({
    yearsExperience: z.number().int().min(0),
    projectsChallenged: z.number().int().min(0),
    positiveReviews: z.number().int().min(0),
    trustedStudents: z.number().int().min(0),
  }),
  companyInfo: z.object({ title: nonEmpty(200), subtitle: nonEmpty(300), description: nonEmpty(3000) }),
  story: paragraphs,
  milestones: z.array(z.object({ year: z.union([z.string(), z.number()]).transform(String), text: nonEmpty(500) })),
});

export const officeSchema = z.object({
  id: slug,
  name: nonEmpty(120),
  country: nonEmpty(120),
  city: nonEmpty(120),
  address: nonEmpty(300),
  phone: z.string().max(40).nullable(),
  email: z.email(),
  mapX: z.number().min(0).max(100),
  mapY: z.number().min(0).max(100),
});

export const teamMemberSchema = z.object({
  id: slug,
  name: nonEmpty(120),
  position: nonEmpty(120),
  image: contentLink,
  bio: nonEmpty(1000),
});

export const employerCategoriesSchema = z.array(nonEmpty(120)).length(16);

export const recruitmentServicesSchema = z.object({
  title: nonEmpty(200),
  description: nonEmpty(2000),
  mainImage: contentLink,
  services: z.array(z.object({ id: slug, title: nonEmpty(120), description: nonEmpty(1000), icon: nonEmpty(40) })),
});

export const strategySchema = z.object({
  id: z.number().int().positive(),
  title: nonEmpty(120),
  icon: z.enum(['users', 'refresh', 'clipboard', 'check']),
  description: nonEmpty(1000),
  extendedDescription: paragraphs,
});

export const jobSchema = z.object({
  id: slug,
  title: nonEmpty(200),
  position: nonEmpty(200),
  description: nonEmpty(5000),
  category: nonEmpty(120),
  company: nonEmpty(200),
  location: nonEmpty(200),
  address: nonEmpty(300),
  startDate: isoDate,
  endDate: isoDate,
  recruitmentType: nonEmpty(60),
  employment: z.array(nonEmpty(60)).min(1),
  schedule: nonEmpty(200),
  payment: nonEmpty(120),
  hiring: nonEmpty(200),
  urgent: z.boolean(),
  tags: z.array(nonEmpty(60)),
  type: nonEmpty(60),
  requirements: z.array(nonEmpty(500)),
  companyInfo: z.object({
    name: nonEmpty(200),
    // None for a job made from a partner's request without one (the page then shows no link).
    website: contentLink.optional(),
    about: nonEmpty(2000),
    logo: contentLink.optional(),
  }),
  status: z.enum(['open', 'closed']).default('open'),
});

export const faqSchema = z.object({
  destinations: z.array(z.object({ question: nonEmpty(300), answer: nonEmpty(3000) })).length(5),
  support: z.array(z.object({ question: nonEmpty(300), answer: nonEmpty(3000) })).length(5),
  higherEducation: z.array(z.object({ title: nonEmpty(200), body: nonEmpty(3000) })).length(5),
  higherEducationQuote: z.object({ text: nonEmpty(1000), author: nonEmpty(200) }),
});

export const partnerSchoolSchema = z.object({
  id: slug,
  name: nonEmpty(200),
  logo: contentLink,
  location: nonEmpty(200),
});

/** Every content file, its schema, and whether it holds a list. */
export const contentFiles = {
  'site.json': siteSchema,
  'countries.json': z.array(countrySchema).min(1),
  'universities.json': z.array(universitySchema).min(1),
  'departments.json': z.array(departmentSchema).min(1),
  'subjects.json': z.array(subjectSchema).min(1),
  'features.json': z.array(featureSchema),
  'services.json': z.array(serviceSchema),
  'mission-vision.json': missionVisionSchema,
  'about.json': aboutSchema,
  'offices.json': z.array(officeSchema),
  'team.json': z.array(teamMemberSchema),
  'employer-categories.json': employerCategoriesSchema,
  'recruitment-services.json': recruitmentServicesSchema,
  'strategies.json': z.array(strategySchema),
  'jobs.json': z.array(jobSchema),
  'faq.json': faqSchema,
  'partners.json': z.array(partnerSchoolSchema),
} as const;

export type ContentFileName = keyof typeof contentFiles;
export type Content = { [K in ContentFileName]: z.output<(typeof contentFiles)[K]> };

export type Country = z.output<typeof countrySchema>;
export type Subject = z.output<typeof subjectSchema>;
export type Job = z.output<typeof jobSchema>;
