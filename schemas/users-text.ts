/**
 * The student contract's texts and constants without zod: what the student islands need on their
 * first render (schemas/users.ts re-exports all of it with the schemas).
 */

export const educationLevels = [
  'High School',
  'Diploma',
  "Bachelor's Degree",
  "Master's Degree",
  'PhD',
  'Certificate Course',
  'Other',
] as const;

export { documentTypes } from './document-types.ts';

export const DOCUMENT_REQUIRED = 'Please select a file and document type';
export const DOCUMENT_TYPE_MESSAGE = 'Only PDF, DOC, DOCX, JPG, JPEG, PNG files are allowed';
export const DOCUMENT_SIZE_MESSAGE = 'File size must be less than 10MB';
/** Extensions the file picker offers (the server judges the bytes). */
export const documentAccept = '.pdf,.doc,.docx,.jpg,.jpeg,.png';
