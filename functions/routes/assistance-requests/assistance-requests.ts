import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { zValidator } from '@hono/zod-validator';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { onError } from '#functions/middleware/errors.ts';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { declareFact } from '#functions/lib/route-facts.ts';
import type { FailureResponse } from '#schemas/responses.ts';
import { insertAssistanceRequest } from '#db/queries/enquiries.ts';
import { ARRIVAL_HEADER, parseArrival } from '#schemas/arrival.ts';
import { listEmployerCategories } from '#db/queries/jobs.ts';
import {
  assistanceRequestSchema,
  CATEGORY_MESSAGE,
  type AssistanceRequestResponse,
} from '#schemas/recruitment.ts';
import { notifyStaff } from '#functions/services/mail/notify.ts';
import { noticeAbout } from '#db/queries/outbox.ts';

/** Submissions allowed per address per hour: plenty for a real employer, little for a bot. */
const SUBMIT_LIMIT = { name: 'assistance-request', max: 10, windowSeconds: 60 * 60 };

/**
 * The employer assistance form. The spec's client reads `error` on failure (not `message`), so
 * this router answers every failure, validation included, as `{ success: false, error }`, with the
 * same text as `message` too, the shape every other rejection has (the fuzzer found it missing).
 */
export const assistanceRequests = new Hono<AppEnv>()
  .onError(async (error, c) => {
    // The app's own handler decides status and text (storage faults → 503); this adds `error`.
    const res = await onError(error, c);
    const body = await res.clone().json<{ message: string }>();
    const retryAfter = res.headers.get('Retry-After');
    if (retryAfter) c.header('Retry-After', retryAfter);
    return c.json(
      { success: false, error: body.message, message: body.message } satisfies FailureResponse,
      res.status as ContentfulStatusCode,
    );
  })
  .post(
    '/',
    // Not `validate`: this form's rejections carry the first issue's own message only (no field
    // prefix, no `fields`), its answer since the spec. Declared, so its schema is fuzzed like the others'.
    declareFact(
      zValidator('json', assistanceRequestSchema, (result) => {
        if (!result.success) {
          const issue = result.error.issues[0];
          throw new HTTPException(400, { message: issue?.message ?? 'Invalid request' });
        }
      }),
      { kind: 'input', target: 'json', schema: assistanceRequestSchema },
    ),
    async (c) => {
      const input = c.req.valid('json');
      const known = new Set(await listEmployerCategories(c.var.db));
      const category = [...new Set(input.category)];
      const unknown = category.find((name) => !known.has(name));
      if (unknown !== undefined)
        throw new HTTPException(400, {
          message: unknown ? `Unknown category: ${unknown}` : CATEGORY_MESSAGE,
        });

      await c.var.limiter.perAddress(
        SUBMIT_LIMIT,
        (wait) => `Too many requests from this address. Please try again in ${wait} or call us.`,
      );

      const id = crypto.randomUUID();
      await insertAssistanceRequest(
        c.var.db,
        { id, ...input, category },
        parseArrival(c.req.header(ARRIVAL_HEADER)),
      );
      await notifyStaff(
        c.var.db,
        c.var.mailer,
        `New staffing request from ${input.companyName}`,
        [
          `${input.contactName} (${input.email}, ${input.phoneNumber}) at ${input.companyName} asks for help with: ${category.join(', ')}.`,
          `Location: ${input.postcode}, ${input.country}.`,
          `Message: ${input.message}`,
        ],
        noticeAbout.address(input.email),
      );
      return c.json(
        {
          success: true,
          message: 'Thank you! Your request has been submitted. Our team will contact you shortly.',
          id,
        } satisfies AssistanceRequestResponse,
        201,
      );
    },
  );
