import type { Db } from '#db/client.ts';
import { publishProblemText, type PublishStatusResponse } from '#schemas/build.ts';
import { emailDateTime } from './emails.ts';
import type { Mailer } from './mailer.ts';
import { notifyStaff } from './notify.ts';

/**
 * Tells the staff notification address that a publish did not go through (it failed at a step, or
 * its build fell silent), in the words the back office shows, with the build's log when there is
 * one: whoever pressed Publish may have closed the page long before.
 */
export async function notifyPublishProblem(
  db: Db,
  mailer: Mailer,
  status: Pick<PublishStatusResponse, 'state' | 'failedStep' | 'failure' | 'logUrl'>,
  options: { at: Date; adminUrl: string },
) {
  const text = publishProblemText(status);
  if (!text) return;
  const subject =
    status.state === 'timed-out'
      ? 'Publishing has probably failed: no word from the build'
      : 'Publishing failed: the site was not updated';
  await notifyStaff(db, mailer, subject, [
    text,
    `When: ${emailDateTime(options.at)}`,
    ...(status.logUrl ? [`The build's log: ${status.logUrl}`] : []),
    `Press Publish in the back office to try again: ${options.adminUrl}`,
  ]);
}
