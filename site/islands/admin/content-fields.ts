import { currencyCodes, currencyLabel } from '#schemas/money.ts';
import type { ContentKind } from '#schemas/admin/index.ts';

/**
 * How the content editor names and fills some fields: in an editor's words, each
 * label once per form ("Program length" and "Study mode and length", not "Duration" twice), and
 * the fields that point at other content or a currency picked from a list instead of typed as ids.
 * Keys are field paths ('studyPlan.intake'); a field not listed keeps its name from the schema.
 */
export const contentLabels: Partial<Record<ContentKind, Record<string, string>>> = {
  subjects: {
    name: 'Program name',
    universityId: 'University',
    departmentId: 'Department',
    countryId: 'Country',
    location: 'Campus location (city, country)',
    code: 'Program code',
    description: 'About the program',
    degreeType: 'Level (Bachelor, Master, Doctorate …)',
    duration: 'Program length (e.g. 1 Year)',
    students: 'Students enrolled',
    year: 'Catalogue year',
    basePrice: 'Tuition per year (whole units of the currency)',
    currency: 'Currency of the tuition',
    image: 'Hero image',
    logo: 'University logo',
    universityimage: 'Campus images',
    studyPlan: 'Study plan',
    'studyPlan.degree': 'Degree awarded (e.g. Master of Science)',
    'studyPlan.duration': 'Study mode and length (e.g. Full-time, 12 months)',
    'studyPlan.intake': 'Next intake (e.g. September 2027)',
    'studyPlan.futureIntakes': 'Later intakes',
    entryRequirements: 'Entry requirements',
    'entryRequirements.description': 'Entry requirements in short',
    'entryRequirements.academicRequirements': 'Academic requirements',
    'entryRequirements.englishLanguageRequirements': 'English language requirements',
    'entryRequirements.additionalRequirements': 'Other requirements',
    careerProspects: 'Careers',
    'careerProspects.description': 'Careers in short',
    'careerProspects.additionalDescription': 'More about careers',
    'careerProspects.careerPaths': 'Career paths',
    'careerProspects.employmentStatistics': 'Employment figures',
    feesVerifiedOn: 'Fees checked on (YYYY-MM-DD)',
  },
  universities: { countryId: 'Country' },
  cityCosts: { countryId: 'Country', currency: 'Currency' },
  countryCosts: { currency: 'Currency' },
};

/** Fields holding the id of another content item: chosen from that kind's list. */
export const contentReferences: Partial<Record<ContentKind, Record<string, ContentKind>>> = {
  subjects: { universityId: 'universities', departmentId: 'departments', countryId: 'countries' },
  universities: { countryId: 'countries' },
  cityCosts: { countryId: 'countries' },
};

/** Fields holding a currency code: chosen from the currencies prices can be shown in. */
export const currencyFields: Partial<Record<ContentKind, readonly string[]>> = {
  subjects: ['currency'],
  countryCosts: ['currency'],
  cityCosts: ['currency'],
};

export const currencyChoices = currencyCodes.map((c) => ({ value: c, label: currencyLabel(c) }));
