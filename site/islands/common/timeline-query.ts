import { queryOptions } from '@tanstack/react-query';
import type { ZodType, output } from 'zod';
import { notInProduction, schemaFrom, type SchemaRef } from '#site/lib/api.ts';

/** How a dashboard calls the API as its person (each account type sends its own token). */
export type TimelineCall = <S extends ZodType>(
  path: string,
  init: { method?: string; schema: SchemaRef<S> },
) => Promise<output<S>>;

// Loaded only where answers are checked (development): schemas/timeline.ts is zod.
const timelineContract = () => (import.meta.env.DEV ? import('#schemas/timeline.ts') : notInProduction());
const timelineAnswer = schemaFrom(timelineContract, 'timelineResponseSchema');
const seenAnswer = schemaFrom(timelineContract, 'timelineSeenResponseSchema');

/**
 * A person's timelines at `path` (schemas/timeline.ts), as one query: the list that shows them and
 * whatever adds to them (a request just sent) use this one key, so the list shows the addition at
 * once. Kept apart from Timeline.tsx so a form can name the query without loading the list.
 */
export function timelineQuery(path: string, call: TimelineCall) {
  return {
    ...queryOptions({
      queryKey: ['timeline', path] as const,
      queryFn: () => call(path, { schema: timelineAnswer }),
      retry: 0,
      refetchOnWindowFocus: false,
    }),
    /** Records this visit (POST …/seen): the next one marks what changed after it. */
    markSeen: () => call(`${path}/seen`, { method: 'POST', schema: seenAnswer }),
  };
}

export type TimelineQuery = ReturnType<typeof timelineQuery>;
