// schema.org JSON-LD for the pre-rendered pages: one typed builder per kind of thing the site
// describes (the company, its offices, a job, a page's place in the site), and one serialiser that
// is safe inside <script>. Pages never write JSON-LD objects by hand.
import type { SubjectDto } from '#schemas/catalog.ts';
import type { JobDetail } from '#schemas/recruitment.ts';
import { paragraphs } from './format.ts';
import type { BuildSnapshot } from './snapshot.ts';

type Site = NonNullable<BuildSnapshot['site']>;
type Office = BuildSnapshot['offices'][number];

/** A schema.org node as embedded in a page: a `@type` and its properties. */
export interface JsonLd {
  '@context'?: 'https://schema.org';
  '@type': string;
  '@id'?: string;
  [property: string]: unknown;
}

export interface PostalAddress {
  '@type': 'PostalAddress';
  streetAddress?: string;
  addressLocality?: string;
  addressCountry?: string;
}

/** The same @id on every page, so the offices and jobs can point at one company node. */
export const organizationId = (origin: URL | string) => new URL('/#organization', origin).href;

/**
 * JSON-LD text for a <script type="application/ld+json">. JSON.stringify alone is not safe there:
 * a "</script>" (or "<!--") inside a job description would end the element and let the rest run as
 * HTML. Every <, > and & becomes a \u escape (still the same JSON string), and so do U+2028/2029,
 * which old JavaScript parsers treat as line ends.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

// English country names to ISO 3166-1 alpha-2 codes (Google asks for the code in addressCountry),
// derived from the runtime's own region names rather than a hand-kept table.
let countryCodes: Map<string, string> | undefined;
const notAssigned = new Set([
  'UK',
  'DD',
  'FX',
  'BU',
  'TP',
  'YU',
  'ZR',
  'CS',
  'SU',
  'NT',
  'AN',
  'EU',
  'EZ',
  'UN',
  'QO',
  'XA',
  'XB',
  'XK',
  'ZZ',
]);
export function countryCode(name: string): string | undefined {
  if (!countryCodes) {
    countryCodes = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    const A = 'A'.charCodeAt(0);
    for (let i = 0; i < 26; i++) {
      for (let j = 0; j < 26; j++) {
        const code = String.fromCharCode(A + i, A + j);
        const label = names.of(code);
        // The runtime also names reserved and withdrawn codes ("UK" and "GB" are both United Kingdom,
        // "DD" and "DE" both Germany): only the assigned ISO code is kept.
        if (label && label !== code && !notAssigned.has(code) && !countryCodes.has(label.toLowerCase()))
          countryCodes.set(label.toLowerCase(), code);
      }
    }
    countryCodes.set('uk', 'GB').set('usa', 'US').set('great britain', 'GB');
  }
  return countryCodes.get(name.trim().toLowerCase());
}

/** "3rd Floor, 48 Aldgate High Street, London EC3N 1AL, United Kingdom" with its city and country. */
export function postalAddress(address: string, city?: string, country?: string): PostalAddress {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const countryName = country ?? parts.at(-1) ?? '';
  const code = countryCode(countryName);
  // The street part is what is left once a trailing country is removed.
  const street = code && parts.length > 1 && countryCode(parts.at(-1)!) ? parts.slice(0, -1) : parts;
  // Without a city, the town is the last part before the country, less its postcode ("London EC3N 1AL").
  const locality =
    city ??
    street
      .at(-1)
      ?.split(/\s+/)
      .filter((w) => !/\d/.test(w) && !/^[A-Z]{1,2}\d/.test(w))
      .join(' ');
  return {
    '@type': 'PostalAddress',
    streetAddress: street.join(', '),
    ...(locality ? { addressLocality: locality } : {}),
    ...(code ? { addressCountry: code } : countryName ? { addressCountry: countryName } : {}),
  };
}

/**
 * The company. A consultancy (study abroad, work abroad, recruitment) is an Organization: not an
 * EducationalOrganization (it teaches nothing), and not ProfessionalService, which schema.org
 * marks as pending deprecation. Its offices are separate LocalBusiness nodes on /contactform (the
 * page that lists them) that point back here; subOrganization names them.
 */
export function organizationJsonLd(site: Site, origin: URL | string, offices: Office[] = []): JsonLd {
  const extra = site as Site & { legalName?: string; companyNumber?: string; registeredOffice?: string };
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(origin),
    name: site.companyName,
    ...(extra.legalName ? { legalName: extra.legalName } : {}),
    ...(extra.companyNumber
      ? {
          identifier: {
            '@type': 'PropertyValue',
            propertyID: 'Companies House number',
            value: extra.companyNumber,
          },
        }
      : {}),
    description: site.footerBlurb,
    slogan: site.tagline,
    url: new URL('/', origin).href,
    logo: new URL(site.logo, origin).href,
    email: site.email,
    telephone: site.phone,
    address: postalAddress(extra.registeredOffice ?? site.address),
    knowsAbout: ['Study abroad', 'University admissions', 'Student visas', 'Work abroad', 'Recruitment'],
    sameAs: Object.values(site.social).filter(Boolean),
    ...(offices.length ? { subOrganization: offices.map((o) => ({ '@id': officeId(o, origin) })) } : {}),
  };
}

const officeId = (o: Office, origin: URL | string) => new URL(`/contactform#office-${o.id}`, origin).href;

/** One office (Google's LocalBusiness: name and address required; telephone and url recommended). */
export function officeJsonLd(office: Office, site: Site, origin: URL | string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': officeId(office, origin),
    name: `${site.companyName} — ${office.name}`,
    address: postalAddress(office.address, office.city, office.country),
    ...(office.phone ? { telephone: office.phone } : {}),
    ...(office.email ? { email: office.email } : {}),
    url: new URL('/contactform', origin).href,
    image: new URL(site.logo, origin).href,
    parentOrganization: { '@id': organizationId(origin) },
  };
}

/** A page's trail from the home page (Google's BreadcrumbList: ListItem position, name, item). */
export function breadcrumbJsonLd(trail: { name: string; path: string }[], origin: URL | string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: new URL(step.path, origin).href,
    })),
  };
}

// Google's employmentType values, from the words the job records use.
const employmentTypes: [RegExp, string][] = [
  [/full[- ]?time/i, 'FULL_TIME'],
  [/part[- ]?time/i, 'PART_TIME'],
  [/contract/i, 'CONTRACTOR'],
  [/temporary|seasonal/i, 'TEMPORARY'],
  [/intern/i, 'INTERN'],
  [/volunteer/i, 'VOLUNTEER'],
  [/per diem/i, 'PER_DIEM'],
];
export function employmentType(words: string[]): string[] {
  const found = new Set<string>();
  for (const w of words) for (const [re, type] of employmentTypes) if (re.test(w)) found.add(type);
  return [...found];
}

const currencies: Record<string, string> = { '€': 'EUR', '£': 'GBP', $: 'USD', US$: 'USD' };
const units: Record<string, string> = {
  hour: 'HOUR',
  day: 'DAY',
  week: 'WEEK',
  month: 'MONTH',
  year: 'YEAR',
  annum: 'YEAR',
};

/**
 * "€13.50–14.50 per hour", "£27,000–30,000 per year", "£13.15 per hour" as Google's baseSalary;
 * undefined when the text is not a known currency, amount(s) and period (then the job has none).
 */
export function baseSalary(payment: string): JsonLd | undefined {
  const m =
    /^\s*(US\$|[€£$])\s?([\d,]+(?:\.\d+)?)(?:\s*[–-]\s*(?:US\$|[€£$])?\s?([\d,]+(?:\.\d+)?))?\s+(?:per|an?|\/)\s*(hour|day|week|month|year|annum)\b/i.exec(
      payment,
    );
  if (!m) return undefined;
  const num = (s: string) => Number(s.replace(/,/g, ''));
  const [min, max] = [num(m[2]!), m[3] ? num(m[3]) : undefined];
  const unitText = units[m[4]!.toLowerCase()]!;
  return {
    '@type': 'MonetaryAmount',
    currency: currencies[m[1]!]!,
    value:
      max === undefined
        ? { '@type': 'QuantitativeValue', value: min, unitText }
        : { '@type': 'QuantitativeValue', minValue: min, maxValue: max, unitText },
  };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** True when a job may carry JobPosting markup: open, and its closing date not passed. */
export function jobIsListed(job: Pick<JobDetail, 'status' | 'endDate'>, now = new Date()): boolean {
  if (job.status !== 'open') return false;
  const end = Date.parse(`${job.endDate}T23:59:59Z`);
  return Number.isNaN(end) || end >= now.getTime();
}

/**
 * Google's JobPosting for an open job (title, description, datePosted, hiringOrganization and
 * jobLocation required; validThrough, employmentType, baseSalary, directApply, identifier
 * recommended). Undefined for a closed or expired job: Google asks that its markup be removed.
 */
export function jobPostingJsonLd(job: JobDetail, origin: URL | string, now = new Date()): JsonLd | undefined {
  if (!jobIsListed(job, now)) return undefined;
  const [city, ...rest] = job.location.split(',').map((p) => p.trim());
  const country = rest.at(-1) ?? job.address.split(',').at(-1)?.trim();
  const salary = baseSalary(job.payment);
  const types = employmentType(job.employment);
  // Google reads description as HTML: the summary, then the requirements as a list.
  const description = `<p>${escapeHtml(job.description)}</p>${job.requirements.length ? `<p>Requirements:</p><ul>${job.requirements.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>` : ''}<p>${escapeHtml(job.schedule)}. ${escapeHtml(job.hiring)}.</p>`;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.position || job.title,
    description,
    identifier: { '@type': 'PropertyValue', name: job.company, value: job.id },
    datePosted: job.postedAt.slice(0, 10),
    validThrough: `${job.endDate}T23:59:59Z`,
    ...(types.length ? { employmentType: types.length === 1 ? types[0] : types } : {}),
    hiringOrganization: {
      '@type': 'Organization',
      name: job.companyInfo.name || job.company,
      ...(job.companyInfo.website ? { sameAs: job.companyInfo.website } : {}),
      ...(job.companyInfo.logo && !job.companyInfo.logo.endsWith('/placeholder.svg')
        ? { logo: new URL(job.companyInfo.logo, origin).href }
        : {}),
    },
    jobLocation: { '@type': 'Place', address: postalAddress(job.address, city, country) },
    ...(/\bremote\b/i.test(job.location)
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: country },
        }
      : {}),
    ...(salary ? { baseSalary: salary } : {}),
    industry: job.category,
    directApply: true,
    url: new URL(`/job/${job.id}`, origin).href,
  };
}

/** A program (Google's Course: name, description and provider). */
export function courseJsonLd(s: SubjectDto, universityName: string, url: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: s.name,
    description: paragraphs(s.description)[0] ?? s.name,
    url,
    ...(s.code ? { courseCode: s.code } : {}),
    educationalCredentialAwarded: s.studyPlan?.degree || s.degreeType,
    provider: { '@type': 'CollegeOrUniversity', name: universityName },
    ...(s.basePrice !== null
      ? { offers: { '@type': 'Offer', category: 'Tuition', price: s.basePrice, priceCurrency: s.currency } }
      : {}),
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Onsite',
      location: s.location,
      courseWorkload: s.duration,
    },
  };
}
