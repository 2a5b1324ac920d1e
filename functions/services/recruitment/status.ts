import { Conflict, Invalid, NotFound } from '../errors.ts';
import type { Db } from '#db/client.ts';
import { recordChange } from '#db/queries/statuses.ts';
import { itemsWithOwner } from '#db/queries/pipeline-registry.ts';
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

/** What a status e-mail says the change is about: 'your application for MSc Data Science'. */
function aboutItem(pipeline: Pipeline, item: { title: string | null; detail: string | null }) {
  switch (pipeline) {
    case 'subscription':
      return `your application for ${item.title ?? 'a program'}`;
    case 'partner':
      return `the partner account of ${item.title}`;
    case 'partner_request':
      return `your ${item.detail === 'student' ? 'student admission' : 'employee hiring'} request "${item.title}"`;
    case 'job_application':
      return `your application for ${item.title ?? 'a job'}${item.detail ? ` at ${item.detail}` : ''}`;
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
  // The item, the status it is in now and the person the change notifies.
  const [recipient] = await itemsWithOwner(db, pipeline, [id]);
  if (!recipient) throw new NotFound('Not found');
  const from = recipient.status;
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
  const about = aboutItem(pipeline, recipient);
  const next = stageOf(pipeline, to);
  const paragraphs = [
    `Hello ${recipient.name},`,
    `There is news about ${about}: its status is now "${shown}".`,
    ...(note ? [note] : []),
    ...(next?.next ? [`What happens next: ${next.next}`] : []),
    `See every step on your timeline: ${link}`,
  ];
  let emailed = true;
  try {
    await mailer.send(
      notificationEmail(await getSite(db), recipient.email, `Update on ${about}: ${shown}`, paragraphs),
    );
  } catch {
    // The change stands; the staff member is told the e-mail did not go out.
    emailed = false;
  }
  return { from, to, emailed };
}
