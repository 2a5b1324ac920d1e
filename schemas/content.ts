import { z } from 'zod';
import { slug, contentLink, nonEmpty, isoDate } from './common.ts';
import { playableVideo, VIDEO_URL_MESSAGE } from './video.ts';
import { RATE_PATTERN, currencyCodes } from './money.ts';
import { isTimeZone } from './zoned-time.ts';

/**
 * The shape of the seed content in content/*.json, also the shape staff edit in the back office.
 * Every file is validated with these before anything is written to the database.
 */
/**
 * The most entries each list staff edit may hold: generous for real content, and bounded because a
 * list becomes rows, bound parameters and page length. The content-kind test saves every
 * kind with each list at its maximum (functions/routes/admin/content-limits.test.ts).
 */
export const listLimits = {
  paragraphs: 50,
  entries: 50,
  scholarships: 30,
  intakes: 20,
  images: 20,
  employment: 10,
  tags: 30,
} as const;

/** A list of at most `max`, refused with a message naming what it holds ("at most 30 scholarships"). */
const listOf = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z.array(item).max(max, `must have at most ${max} ${what}`);

const paragraphs = listOf(nonEmpty(), listLimits.paragraphs, 'paragraphs').min(1);
// Lists may carry blank entries: the pages drop them.
const list = listOf(z.string().max(500), listLimits.entries, 'entries');
/**
 * An image's alt text: required in the back-office form (schemas/images.ts
 * ALT_GUIDANCE), optional for API clients and the seed, whose images then read as the item's name.
 */
const altText = z.string().trim().max(300, 'must be at most 300 characters').nullable().optional();

// Costs of studying in a country: every figure has a source and the day it was checked.
/** A day a figure was checked against its source: a real date, not in the future. */
const verifiedOn = z
  .string({ error: 'is required (a date like 2026-10-01)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-10-01')
  .refine(
    (d) => !Number.isNaN(Date.parse(d)) && d <= new Date().toISOString().slice(0, 10),
    'must be a real date, not in the future',
  );
/** Money in minor units of the row's currency (pence, cents; yen as is). */
const minorUnits = z
  .number({ error: 'must be a number (in minor units: 1483.00 is 148300)' })
  .int('must be whole minor units (1483.00 is 148300)')
  .min(0, 'cannot be negative')
  .max(1e12);
const currencyCode = z.enum(currencyCodes, `must be one of ${currencyCodes.join(', ')}`);
const source = nonEmpty(300);

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
  companyNumber: z
    .string()
    .trim()
    .regex(
      /^(?:\d{8}|[A-Z]{2}\d{6})$/,
      'must be a Companies House number: 8 digits, or 2 letters and 6 digits (SC123456)',
    ),
  /** The part of the UK the company is registered in. */
  registeredIn: z.enum(
    ['England and Wales', 'Wales', 'Scotland', 'Northern Ireland'],
    'must be England and Wales, Wales, Scotland or Northern Ireland',
  ),
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
  /**
   * The consultancy's own time zone: where the back office's insight cuts its days and weeks (at
   * local midnight) and what its CSV exports state.
   */
  timeZone: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone, such as Europe/London')
    .default('Europe/London'),
});
export type SiteContent = z.output<typeof siteSchema>;

/**
 * The site settings that route personal data (the staff notification address receives every
 * enquiry) or tell the public how to reach the company and who it is: admins change them, each
 * change audited and e-mailed to the previous addresses. Editors edit the rest,
 * the brand and the videos. Labels as the back office and the change notice name them.
 */
export const siteContactLabels = {
  email: 'Public e-mail address',
  admissionsEmail: 'Admissions e-mail address',
  staffNotificationEmail: 'Staff notification address',
  phone: 'Phone',
  address: 'Address',
  social: 'Social media links',
  legalName: 'Legal name',
  companyNumber: 'Company number',
  registeredIn: 'Registered in',
  registeredOffice: 'Registered office',
} as const satisfies Partial<Record<keyof SiteContent, string>>;
export type SiteContactField = keyof typeof siteContactLabels;
export const siteContactFields = Object.keys(siteContactLabels) as SiteContactField[];
const contactMask = Object.fromEntries(siteContactFields.map((k) => [k, true])) as Record<
  SiteContactField,
  true
>;

/** PUT /api/admin/site-settings/contacts (admins): the contact and company fields, all of them. */
export const siteContactsSchema = siteSchema.pick(contactMask);
export type SiteContacts = z.output<typeof siteContactsSchema>;

/** The brand and the videos: what editors edit (the back office's first site settings form). */
export const siteBrandSchema = siteSchema.omit(contactMask);

/**
 * PUT /api/admin/site-settings (editors and admins): the brand and videos. The contact fields may
 * come along unchanged (a client that sends the whole block); a changed one is refused with
 * SITE_CONTACTS_ADMIN_ONLY, never silently dropped.
 */
export const siteBrandInputSchema = siteSchema.partial(contactMask);

/** What an editor is told when a save would change a contact field. */
export const SITE_CONTACTS_ADMIN_ONLY =
  'Only an admin can change the contact details, the staff notification address and the company details.';

export const countrySchema = z.object({
  id: slug,
  name: nonEmpty(120),
  code: z.string().regex(/^[A-Z]{2,3}$/, 'must be a country code like GB'),
  flag: contentLink,
  flagAlt: altText,
  image: contentLink,
  imageAlt: altText,
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
  logoAlt: altText,
  image: contentLink,
  imageAlt: altText,
  universitydetails: nonEmpty(3000),
  scholarships: nonEmpty(500),
  scholarshipList: listOf(scholarshipSchema, listLimits.scholarships, 'scholarships').default([]),
  website: contentLink.optional(),
  ranking: z.string().max(120).optional(),
});

export const departmentSchema = z.object({
  id: slug,
  name: nonEmpty(120),
  description: nonEmpty(1000),
  imageUrl: contentLink,
  imageUrlAlt: altText,
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
  imageAlt: altText,
  logo: contentLink,
  logoAlt: altText,
  // The subject page also keeps only usable URLs (spec 1 section 2.7), for rows stored before this rule.
  universityimage: listOf(contentLink, listLimits.images, 'images'),
  /** Alt text of each campus image, in the same order. */
  universityimageAlt: listOf(
    z.string().trim().max(300, 'must be at most 300 characters'),
    listLimits.images,
    'alt texts',
  )
    .nullable()
    .optional(),
  studyPlan: z.object({
    degree: nonEmpty(120),
    duration: nonEmpty(120),
    intake: nonEmpty(60),
    futureIntakes: listOf(nonEmpty(60), listLimits.intakes, 'intakes'),
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
  feesVerifiedOn: verifiedOn,
});

// Costs of studying in a country: every figure has a source and the day it was checked.
export const countryCostSchema = z
  .object({
    /** The country's id. */
    id: slug,
    currency: currencyCode,
    livingMonthlyMinor: minorUnits,
    livingSource: source,
    livingVerifiedOn: verifiedOn,
    visaName: nonEmpty(120),
    visaFeeMinor: minorUnits,
    visaSource: source,
    visaVerifiedOn: verifiedOn,
    healthName: z.string().trim().max(120).nullable(),
    healthAnnualMinor: minorUnits.nullable(),
    healthExtraMonthsLong: z.number().int().min(0).max(24).nullable(),
    healthExtraMonthsShort: z.number().int().min(0).max(24).nullable(),
    healthSource: z.string().trim().max(300).nullable(),
    healthVerifiedOn: verifiedOn.nullable(),
  })
  .superRefine((v, ctx) => {
    // A health charge is all of its fields or none of them.
    const fields = [
      'healthName',
      'healthAnnualMinor',
      'healthExtraMonthsLong',
      'healthExtraMonthsShort',
      'healthSource',
      'healthVerifiedOn',
    ] as const;
    const given = fields.filter((f) => v[f] !== null && v[f] !== '');
    if (given.length > 0 && given.length < fields.length) {
      const missing = fields.find((f) => !given.includes(f))!;
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required when a health charge is given (or clear every health field)',
      });
    }
  });

export const cityCostSchema = z.object({
  id: slug,
  countryId: slug,
  /** The city as program locations name it ("Leeds" in "Leeds, United Kingdom"). */
  name: nonEmpty(120),
  currency: currencyCode,
  livingMonthlyMinor: minorUnits,
  source,
  verifiedOn,
});

export const exchangeRateSchema = z.object({
  /** The currency's ISO code. */
  id: currencyCode,
  /** Units of the currency one US dollar buys. */
  unitsPerUsd: z
    .string()
    .trim()
    .regex(RATE_PATTERN, 'must be a number with up to 6 decimals, e.g. 0.7412')
    .refine((r) => Number(r) > 0, 'must be more than 0'),
  asOf: verifiedOn,
  source,
});

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #00C9FF');

export const featureSchema = z.object({
  title: nonEmpty(120),
  description: nonEmpty(2000),
  gradientFrom: color.default('#00C9FF'),
  gradientTo: color.default('#92FE9D'),
  image: contentLink,
  imageAlt: altText,
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
  mission: z.object({
    title: nonEmpty(120),
    description: nonEmpty(2000),
    points: listOf(nonEmpty(500), listLimits.entries, 'points'),
  }),
  vision: z.object({
    title: nonEmpty(120),
    description: nonEmpty(2000),
    goals: listOf(z.object({ number: nonEmpty(20), text: nonEmpty(500) }), listLimits.entries, 'goals'),
  }),
  values: z.object({
    title: nonEmpty(120),
    items: listOf(
      z.object({ icon: nonEmpty(40), title: nonEmpty(120), desc: nonEmpty(1000) }),
      listLimits.entries,
      'values',
    ),
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
  milestones: listOf(
    z.object({ year: z.union([z.string(), z.number()]).transform(String), text: nonEmpty(500) }),
    listLimits.entries,
    'milestones',
  ),
});

export const officeSchema = z.object({
  id: slug,
  name: nonEmpty(120),
  country: nonEmpty(120),
  city: nonEmpty(120),
  address: nonEmpty(300),
  phone: z.string().max(40).nullable(),
  email: z.email(),
  /** The IANA zone of the office's clocks: counsellors' hours there are in it (schemas/zoned-time.ts). */
  timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone, such as Europe/London'),
  mapX: z.number().min(0).max(100),
  mapY: z.number().min(0).max(100),
});

export const teamMemberSchema = z.object({
  id: slug,
  name: nonEmpty(120),
  position: nonEmpty(120),
  image: contentLink,
  imageAlt: altText,
  bio: nonEmpty(1000),
});

export const employerCategoriesSchema = z.array(nonEmpty(120)).length(16);

export const recruitmentServicesSchema = z.object({
  title: nonEmpty(200),
  description: nonEmpty(2000),
  mainImage: contentLink,
  mainImageAlt: altText,
  services: listOf(
    z.object({ id: slug, title: nonEmpty(120), description: nonEmpty(1000), icon: nonEmpty(40) }),
    listLimits.entries,
    'services',
  ),
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
  employment: listOf(nonEmpty(60), listLimits.employment, 'kinds of employment').min(1),
  schedule: nonEmpty(200),
  payment: nonEmpty(120),
  hiring: nonEmpty(200),
  urgent: z.boolean(),
  tags: listOf(nonEmpty(60), listLimits.tags, 'tags'),
  type: nonEmpty(60),
  requirements: listOf(nonEmpty(500), listLimits.entries, 'requirements'),
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
  'country-costs.json': z.array(countryCostSchema),
  'city-costs.json': z.array(cityCostSchema),
  'exchange-rates.json': z.array(exchangeRateSchema).min(1),
} as const;

export type ContentFileName = keyof typeof contentFiles;
export type Content = { [K in ContentFileName]: z.output<(typeof contentFiles)[K]> };
