import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { validate } from '#functions/lib/validate.ts';
import { requireAuth } from '#functions/middleware/auth.ts';
import { REQUEST_RULES } from '#functions/middleware/rate-limit.ts';
import {
  createAlert,
  deleteAlert,
  deleteOwnAlert,
  findAlert,
  listAlerts,
  toAlertDto,
} from '#db/queries/job-alerts.ts';
import {
  JOB_ALERT_LIMIT,
  JOB_ALERT_MESSAGES,
  describeAlert,
  jobAlertIdParam,
  jobAlertSchema,
  unsubscribeQuery,
  type JobAlertCreated,
  type JobAlertList,
} from '#schemas/job-alerts.ts';
import type { MessageResponse } from '#schemas/responses.ts';
import {
  signUnsubscribeToken,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from '#functions/services/mail/unsubscribe-tokens.ts';
import { jobAlertSavedEmail, trySend } from '#functions/services/mail/confirmations.ts';
import { findApplicant } from '#db/queries/applicants.ts';
import { unsubscribePage } from './unsubscribe-page.ts';
import { getSite } from '#db/queries/site-content.ts';

const applicantAuth = requireAuth('applicant', { header: 'x-applicant-token' });
const tooMany = (wait: string) => `Too many changes to your alerts. Please try again in ${wait}.`;

/**
 * An HTML answer that no cache keeps and no search engine lists. Always 200, even for a forged
 * link: the person opened a link from an e-mail and gets a page that says what happened, never an
 * error (the API's JSON errors are for programs).
 */
async function page(c: Context<AppEnv>, content: Parameters<typeof unsubscribePage>[1]) {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  return c.html(unsubscribePage((await getSite(c.var.db)).companyName, content));
}

const INVALID_LINK = {
  title: 'This link does not work',
  paragraphs: [
    'This unsubscribe link is not valid: it may have been copied only in part. Your alerts have not changed.',
    'Open the link from the e-mail again, or sign in to see and delete your job alerts.',
  ],
};
const ALREADY_GONE = {
  title: 'You are already unsubscribed',
  paragraphs: [
    'This job alert was already deleted, so we send no more e-mails for it. Your other alerts, if any, carry on.',
  ],
};

/** The alert a token names, after checking its signature: 'invalid' for a forged one, null once deleted. */
async function alertOfToken(c: Context<AppEnv>, token: string | undefined) {
  if (!token) return 'invalid' as const;
  const { tokenSecret, tokenIssuer } = config(c.env);
  const id = await verifyUnsubscribeToken(tokenSecret, tokenIssuer, token);
  if (!id) return 'invalid' as const;
  return { id, alert: await findAlert(c.var.db, id) };
}

/**
 * Job alerts: the applicant's saved searches, and the unsubscribe link of the digest
 * e-mails, which works without signing in (GET: a confirm page; POST: RFC 8058 one-click).
 */
export const jobAlerts = new Hono<AppEnv>()
  .get('/unsubscribe', validate('query', unsubscribeQuery), async (c) => {
    const found = await alertOfToken(c, c.req.valid('query').token);
    if (found === 'invalid') return page(c, INVALID_LINK);
    if (!found.alert) return page(c, ALREADY_GONE);
    return page(c, {
      title: 'Stop this job alert?',
      paragraphs: [`You will no longer get e-mails about new jobs for ${describeAlert(found.alert)}.`],
      form: {
        action: `/api/job-alerts/unsubscribe?token=${encodeURIComponent(c.req.valid('query').token!)}`,
        button: 'Unsubscribe',
      },
    });
  })
  // One-click (RFC 8058): mail clients POST `List-Unsubscribe=One-Click`; the confirm page's form posts the same.
  .post('/unsubscribe', validate('query', unsubscribeQuery), async (c) => {
    const found = await alertOfToken(c, c.req.valid('query').token);
    if (found === 'invalid') return page(c, INVALID_LINK);
    if (!found.alert || !(await deleteAlert(c.var.db, found.id))) return page(c, ALREADY_GONE);
    return page(c, {
      title: 'You are unsubscribed',
      paragraphs: [
        `We will send no more e-mails for your job alert ${describeAlert(found.alert)}. Your other alerts, if any, carry on.`,
      ],
    });
  })
  .use(applicantAuth)
  .get('/', async (c) => {
    const alerts = await listAlerts(c.var.db, c.var.auth.sub);
    c.header('Cache-Control', 'no-store');
    return c.json({
      success: true,
      alerts: alerts.map(toAlertDto),
      limit: JOB_ALERT_LIMIT,
    } satisfies JobAlertList);
  })
  .post('/', validate('json', jobAlertSchema), async (c) => {
    await c.var.limiter.rule('applicant', REQUEST_RULES.jobAlerts, c.var.auth.sub, tooMany);
    const alert = await createAlert(c.var.db, c.var.auth.sub, c.req.valid('json'));
    if (!alert) throw new HTTPException(409, { message: JOB_ALERT_MESSAGES.limit });
    // Confirmed by e-mail, with the one-click unsubscribe link from the first message.
    const owner = await findApplicant(c.var.db, c.var.auth.sub);
    if (owner) {
      const { tokenSecret, tokenIssuer, siteUrl } = config(c.env);
      const token = await signUnsubscribeToken(tokenSecret, tokenIssuer, alert.id);
      await trySend(
        c.var.mailer,
        jobAlertSavedEmail(await getSite(c.var.db), {
          to: owner.email,
          name: owner.emailConfirmedAt ? owner.fullName : null,
          alert,
          siteUrl,
          unsubscribe: unsubscribeUrl(siteUrl, token),
        }),
        'job-alert',
      );
    }
    return c.json(
      {
        success: true,
        message: JOB_ALERT_MESSAGES.created,
        alert: toAlertDto(alert),
      } satisfies JobAlertCreated,
      201,
    );
  })
  .delete('/:id', validate('param', jobAlertIdParam), async (c) => {
    await c.var.limiter.rule('applicant', REQUEST_RULES.jobAlerts, c.var.auth.sub, tooMany);
    // Another person's alert answers exactly like a missing one.
    if (!(await deleteOwnAlert(c.var.db, c.var.auth.sub, c.req.valid('param').id)))
      throw new HTTPException(404, { message: JOB_ALERT_MESSAGES.notFound });
    return c.json({ success: true, message: JOB_ALERT_MESSAGES.deleted } satisfies MessageResponse);
  });
