import { HTTPException } from 'hono/http-exception';
import type { Context } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { changeStatus, transitions, type Pipeline } from '#functions/services/recruitment/status.ts';
import type { StatusChangeResponse } from '#schemas/admin/index.ts';
import { pipelines } from '#schemas/pipelines.ts';

type StatusOf<P extends Pipeline> = (typeof pipelines)[P]['statuses'][number];

/** A ?status filter as the pipeline's status type; one the pipeline does not know is refused (400, readable). */
export function checkStatusFilter<P extends Pipeline>(pipeline: P, status: string | undefined) {
  if (!status) return undefined;
  const statuses: readonly StatusOf<P>[] = pipelines[pipeline].statuses;
  const known = statuses.find((s) => s === status);
  if (known === undefined) {
    throw new HTTPException(400, {
      message: `Status must be one of: ${Object.keys(transitions[pipeline]).join(', ')}`,
    });
  }
  return known;
}

/** The status-change handler body shared by every pipeline router. */
export async function moveStatus(
  c: Context<AppEnv>,
  pipeline: Pipeline,
  id: string,
  body: { status: string; note?: string | undefined },
) {
  const result = await changeStatus(c.var.db, c.var.mailer, {
    pipeline,
    id,
    to: body.status,
    note: body.note,
    staffId: c.var.auth.sub,
    siteUrl: config(c.env).siteUrl,
  });
  return c.json({
    success: true,
    ...result,
    message: result.emailed
      ? 'Status changed and the person was e-mailed.'
      : 'Status changed, but the e-mail could not be sent.',
  } satisfies StatusChangeResponse);
}
