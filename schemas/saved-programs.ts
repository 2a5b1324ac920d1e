import { z } from 'zod';
import { SAVED_PROGRAMS_MAX } from './finder-limits.ts';
import { programCard } from './programs.ts';

/**
 * Saved programs of a signed-in student: GET /api/users/saved-programs,
 * PUT and DELETE /api/users/saved-programs/{subjectId}, and POST …/merge (the visitor's list from the
 * browser, merged at sign-in). Visitors keep the same list in local storage (site/lib/saved-programs.ts).
 */

export const SAVED_FULL_MESSAGE = `You can save up to ${SAVED_PROGRAMS_MAX} programs. Remove one to save another.`;

export const savedProgramParam = z.object({
  subjectId: z.string().min(1, 'subjectId is required').max(200, 'subjectId: that is not a program id'),
});

export const mergeSavedSchema = z.object({
  subjectIds: z
    .array(
      z.string('subjectIds must be program ids').min(1).max(200, 'subjectIds: that is not a program id'),
      'subjectIds must be a list of program ids',
    )
    .max(SAVED_PROGRAMS_MAX, `subjectIds: at most ${SAVED_PROGRAMS_MAX} programs`),
});

export const savedProgramsResponse = z.object({
  items: z.array(
    z.object({
      subjectId: z.string(),
      savedAt: z.string(),
      /** Null when the program has since been retired: shown as no longer offered. */
      program: programCard.nullable(),
    }),
  ),
  max: z.number().int(),
});
export type SavedProgramsResponse = z.infer<typeof savedProgramsResponse>;

/** POST /api/users/saved-programs/merge: the merged list, and how many were added and skipped. */
export const savedProgramsMergeResponse = savedProgramsResponse.extend({
  added: z.number().int(),
  skipped: z.number().int(),
});
export type SavedProgramsMergeResponse = z.infer<typeof savedProgramsMergeResponse>;

export const saveResponse = z.object({
  success: z.literal(true),
  saved: z.boolean(),
  count: z.number().int(),
});
export type SaveResponse = z.infer<typeof saveResponse>;
