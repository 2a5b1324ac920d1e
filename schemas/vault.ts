import { z } from 'zod';

/**
 * A person's documents (their vault): passport, transcripts, CV, certificates, whichever role they
 * uploaded them under. `GET /api/me/documents` lists them, and a job application may name one
 * (`documentId`) instead of uploading the CV again.
 */
export const vaultDocument = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
  uploaded: z.string(),
});

export const myDocumentsResponse = z.object({ success: z.literal(true), documents: z.array(vaultDocument) });
export type MyDocumentsResponse = z.infer<typeof myDocumentsResponse>;

export const NO_SUCH_DOCUMENT = 'That document is not in your account. Choose another or upload the file.';

export const documentIdParam = z.object({ id: z.uuid('No such document') });
export const DOCUMENT_DELETED = 'Document deleted successfully';
/** The deletion's answer when applications sent a copy of the document: theirs stays. */
export const documentDeletedKeptWith = (applications: number) =>
  `${DOCUMENT_DELETED}. The ${applications === 1 ? 'copy' : 'copies'} sent with your ${applications === 1 ? 'application stays' : `${applications} applications stay`} with the employer and our staff.`;
