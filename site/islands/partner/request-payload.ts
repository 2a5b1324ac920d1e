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

/** Each field's label: the form shows it, and the success view repeats it beside what was sent. */
export const requestLabels = {
  companyName: 'Company Name',
  courseName: 'Course Name',
  degree: 'Degree',
  department: 'Department',
  duration: 'Duration',
  totalSeats: 'Total Seats',
  admissionFee: 'Admission Fee',
  semesterFee: 'Semester Fee',
  minimumGPA: 'Minimum GPA',
  location: 'Location',
  applicationDeadline: 'Application Deadline',
  courseDescription: 'Course Description',
  eligibilityCriteria: 'Eligibility Criteria',
  entranceExamRequired: 'Entrance exam required',
  examDate: 'Exam Date',
  examDetails: 'Exam Details',
  requiredDocuments: 'Required Documents',
  jobTitle: 'Job Title',
  employmentType: 'Employment Type',
  salaryRange: 'Salary Range',
  numberOfPositions: 'Number of Positions',
  requiredExperience: 'Required Experience',
  jobDescription: 'Job Description',
  requiredQualifications: 'Required Qualifications',
  skillsRequired: 'Skills Required',
  jobResponsibilities: 'Job Responsibilities',
  benefits: 'Benefits',
  contactEmail: 'Contact Email',
  contactPhone: 'Contact Phone',
} as const;
export type RequestField = keyof typeof requestLabels;

/** Each form's fields in the order it shows them. */
const fieldOrder: Record<Kind, readonly RequestField[]> = {
  student: [
    'companyName',
    'courseName',
    'degree',
    'department',
    'duration',
    'totalSeats',
    'admissionFee',
    'semesterFee',
    'minimumGPA',
    'location',
    'applicationDeadline',
    'courseDescription',
    'eligibilityCriteria',
    'entranceExamRequired',
    'examDate',
    'examDetails',
    'requiredDocuments',
    'contactEmail',
    'contactPhone',
  ],
  employee: [
    'companyName',
    'jobTitle',
    'department',
    'employmentType',
    'salaryRange',
    'numberOfPositions',
    'location',
    'applicationDeadline',
    'requiredExperience',
    'jobDescription',
    'requiredQualifications',
    'skillsRequired',
    'jobResponsibilities',
    'benefits',
    'contactEmail',
    'contactPhone',
  ],
};

/** The free-text fields: a line of their own in the summary, their line breaks kept. */
const longText = new Set<RequestField>([
  'courseDescription',
  'eligibilityCriteria',
  'examDetails',
  'jobDescription',
  'requiredQualifications',
  'jobResponsibilities',
  'benefits',
]);

/** "full-time" → "Full time": how the form's option lists name the choices. */
export const optionLabel = (value: string) =>
  value.charAt(0).toUpperCase() + value.slice(1).replace('-', ' ');

/**
 * What was sent, as the partner typed it, for the success view: each filled field with its label in
 * the form's order (the exam's date and details only when an exam is required).
 */
export function sentSummary(kind: Kind, v: Values, formatDate: (iso: string) => string) {
  const exam = v.entranceExamRequired === true;
  return fieldOrder[kind].flatMap((field) => {
    const raw = v[field];
    if ((field === 'examDate' || field === 'examDetails') && !exam) return [];
    let value: string;
    if (field === 'entranceExamRequired') value = exam ? 'Yes' : '';
    else if (Array.isArray(raw)) value = raw.join(', ');
    else if (field === 'degree' || field === 'employmentType') value = optionLabel(String(raw ?? ''));
    else if (field === 'applicationDeadline' || field === 'examDate')
      value = raw ? formatDate(String(raw)) : '';
    else value = String(raw ?? '').trim();
    return value ? [{ field, label: requestLabels[field], value, long: longText.has(field) }] : [];
  });
}
