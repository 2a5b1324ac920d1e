import { Conflict, Invalid, NotFound } from '../errors.ts';
import type { Db } from '#db/client.ts';
import {
  applicationRecipient,
  jobApplicationRecipient,
  partnerRecipient,
  partnerRequestRecipient,
  recordChange,
} from '#db/queries/statuses.ts';
import {
  personLabel,
  pipelineNames,
  pipelines,
  stageOf,
  staffLabel,
  timelinePath,
  type Pipeline,
} from '#schemas/pipelines.ts';
import { notificationEmail } from '../mail/emails.ts';
import { getSite } from '#db/queries/site-content.ts';
import type { Mailer } from '../mail/mailer.ts';

export type { Pipeline };

/**
 * The allowed moves of every pipeline (schemas/pipelines.ts). A status not listed as a key is
 * unknown (400); a move not listed is refused (409). Final states list no moves.
 */
export const transitions = Object.fromEntries(
  pipelineNames.map((p) => [p, pipelines[p].transitions]),
) as Record<Pipeline, Record<string, readonly string[]>>;

/** The person a status change notifies, and the status the item is in now. */
interface Recipient {
  from: string;
  email: string;
  name: string;
  /** What the change is about, for the e-mail: 'your application for MSc Data Science'. */
  about: string;
}

async function loadRecipient(db: Db, pipeline: Pipeline, id: string): Promise<Recipient | undefined> {
  switch (pipeline) {
    case 'subscription': {
      const row = await applicationRecipient(db, id);
      return row && { ...row, about: `your application for ${row.subject ?? 'a program'}` };
    }
    case 'partner': {
      const row = await partnerRecipient(db, id);
      return row && { ...row, about: `the partner account of ${row.company}` };
    }
    case 'partner_request': {
      const row = await partnerRequestRecipient(db, id);
      return (
        row && {
          ...row,
          about: `your ${row.type === 'student' ? 'student admission' : 'employee hiring'} request "${row.title}"`,
        }
      );
    }
    case 'job_application': {
      const row = await jobApplicationRecipient(db, id);
      return (
        row && {
          ...row,
          about: `your application for ${row.job ?? 'a job'}${row.company ? ` at ${row.company}` : ''}`,
        }
      );
    }
  }
}

/**
 * Moves one item of a pipeline to a new status. Checks the move is allowed, then in one batch
 * updates the row the person's dashboard reads, records who moved it and when (status_changes)
 * and writes the audit log; then e-mails the person. Returns whether the e-mail went out.
 */
export async function changeStatus(
  db: Db,
  mailer: Mailer,
  input: {
    pipeline: Pipeline;
    id: string;
    to: string;
    staffId: string;
    note?: string | undefined;
    siteUrl?: string | undefined;
  },
) {
  const { pipeline, id, to, staffId, note } = input;
  const table = transitions[pipeline];
  const label = (status: string) => staffLabel(pipeline, status);
  if (!(to in table)) throw new Invalid(`Status must be one of: ${Object.keys(table).join(', ')}`);
  const recipient = await loadRecipient(db, pipeline, id);
  if (!recipient) throw new NotFound('Not found');
  const { from } = recipient;
  if (from === to) throw new Conflict(`It is already ${label(to)}.`);
  if (!table[from]?.includes(to)) {
    throw new Conflict(`Cannot move from ${label(from)} to ${label(to)}.`);
  }
  if (!(await recordChange(db, { pipeline, id, from, to, staffId, note }))) {
    throw new Conflict('Someone else changed this item just now. Reload it and try again.');
  }

  // The person reads their own label and what happens next, and the link opens this item's timeline.
  const link = `${input.siteUrl ?? ''}${timelinePath(pipeline, id)}`;
  const shown = personLabel(pipeline, to);
  const next = stageOf(pipeline, to);
  const paragraphs = [
    `Hello ${recipient.name},`,
    `There is news about ${recipient.about}: its status is now "${shown}".`,
    ...(note ? [note] : []),
    ...(next?.next ? [`What happens next: ${next.next}`] : []),
    `See every step on your timeline: ${link}`,
  ];
  let emailed = true;
  try {
    await mailer.send(
      notificationEmail(
        await getSite(db),
        recipient.email,
        `Update on ${recipient.about}: ${shown}`,
        paragraphs,
      ),
    );
  } catch {
    // The change stands; the staff member is told the e-mail did not go out.
    emailed = false;
  }
  return { from, to, emailed };
}
