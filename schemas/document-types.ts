/**
 * The document types of spec 2 section 5: what a student uploads to their profile and what a
 * partner's admission request asks for. No zod here: the student and partner islands import it on
 * their first render (through users-text.ts and partner-text.ts).
 */
export const documentTypes = [
  'Academic Transcript',
  'Degree Certificate',
  'Language Certificate',
  'Passport',
  'CV/Resume',
  'Statement of Purpose',
  'Recommendation Letter',
  'Financial Document',
  'Other',
] as const;
