import type { CachedPartner } from './session.ts';

/** The form's values by field name (text, the exam checkbox, the list of documents). */
export type Values = Record<string, string | boolean | string[]>;
export type Kind = 'student' | 'employee';

const numberOrUndefined = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined);

/** The form's starting values: the contact details prefilled from the partner's profile. */
export function blank(kind: Kind, partner: CachedPartner): Values {
  const contact = {
    companyName: partner.companyName ?? '',
    contactEmail: partner.ownerEmail ?? partner.email ?? '',
    contactPhone: partner.ownerPhoneNumber ?? partner.contactNumber ?? '',
  };
  const shared = { department: '', location: '', applicationDeadline: '', ...contact };
  return kind === 'student'
    ? {
        ...shared,
        courseName: '',
        degree: '',
        duration: '',
        courseDescription: '',
        eligibilityCriteria: '',
        admissionFee: '',
        semesterFee: '',
        totalSeats: '',
        minimumGPA: '',
        entranceExamRequired: false,
        examDate: '',
        examDetails: '',
        requiredDocuments: [],
      }
    : {
        ...shared,
        jobTitle: '',
        jobDescription: '',
        employmentType: '',
        salaryRange: '',
        requiredQualifications: '',
        requiredExperience: '',
        skillsRequired: '',
        jobResponsibilities: '',
        benefits: '',
        numberOfPositions: '',
      };
}

/** What the API receives: numbers as numbers, skills still comma separated (the contract splits and trims). */
export function payload(kind: Kind, v: Values) {
  if (kind === 'student') {
    const seats = numberOrUndefined(v.totalSeats);
    const gpa = numberOrUndefined(v.minimumGPA);
    return {
      ...v,
      type: 'student' as const,
      totalSeats: seats,
      numberOfPositions: seats,
      minimumGPA: gpa ?? null,
      examDate: v.entranceExamRequired ? v.examDate : '',
      examDetails: v.entranceExamRequired ? v.examDetails : '',
    };
  }
  return { ...v, type: 'employee' as const, numberOfPositions: numberOrUndefined(v.numberOfPositions) };
}

export type Contract = typeof import('#schemas/partner.ts');

/** The values checked by the contract's schema for this kind: the parsed body, or each field's first message. */
export function validateValues(
  { admissionRequestSchema, hiringRequestSchema, fieldErrors }: Contract,
  kind: Kind,
  v: Values,
) {
  const parsed =
    kind === 'student'
      ? admissionRequestSchema.safeParse(payload(kind, v))
      : hiringRequestSchema.safeParse(payload(kind, v));
  return parsed.success
    ? { ok: true as const, data: parsed.data, errors: {} as Record<string, string> }
    : { ok: false as const, errors: fieldErrors(parsed.error) };
}
