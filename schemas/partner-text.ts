import type { PartnerRegisterForm } from './partner.ts';

/**
 * The partner contract's texts and constants without zod: what the partner islands need on their
 * first render (schemas/partner.ts re-exports all of it with the schemas).
 */

/** The four steps of the registration page and the fields each one validates. */
export const registrationSteps = [
  { title: 'Company', fields: ['companyName', 'companyHQ'] },
  {
    title: 'Owner',
    fields: [
      'ownerFirstName',
      'ownerLastName',
      'ownerEmail',
      'ownerPhoneNumber',
      'ownerDesignation',
      'ownerNationality',
    ],
  },
  {
    title: 'Contact',
    fields: [
      'contactFirstName',
      'contactLastName',
      'contactDesignation',
      'contactPhoneNumber',
      'contactEmail',
    ],
  },
  { title: 'Account', fields: ['password', 'confirmPassword', 'agreeToTerms'] },
] as const satisfies readonly { title: string; fields: readonly (keyof PartnerRegisterForm)[] }[];

export const OTP_INCOMPLETE = 'Please enter the complete 6-digit OTP.';

export const degreeOptions = ['bachelor', 'master', 'diploma', 'certificate'] as const;
export const employmentTypes = ['full-time', 'part-time', 'contract', 'internship'] as const;
/** Offered as the admission request's required documents. */
export { documentTypes } from './document-types.ts';

export const REQUEST_MESSAGES = {
  student: {
    success: 'Student admission request submitted successfully',
    failure: 'Failed to submit admission request',
  },
  employee: {
    success: 'Employee hiring request submitted successfully',
    failure: 'Failed to submit hiring request',
  },
  error: 'Error submitting request',
  missingPartner: 'Cannot submit form: Partner data is missing',
  incompleteProfile: 'Please complete your profile information.',
} as const;
