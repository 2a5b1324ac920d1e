import type { Db } from '#db/client.ts';
import { alertOwners, claimDueAlerts, newJobsFor } from '#db/queries/job-alerts.ts';
import { describeAlert } from '#schemas/job-alerts.ts';
import { RETENTION } from '#schemas/retention.ts';
import { jobPath, pagePaths } from '#schemas/paths.ts';
import { config } from '../lib/config.ts';
import { escapeHtml, footerLines, type EmailBrand } from './emails.ts';
import { getSite } from '#db/queries/site-content.ts';
import { createMailer, type EmailMessage } from './mailer.ts';
import { signUnsubscribeToken, unsubscribeUrl } from './unsubscribe-tokens.ts';

const HOUR = 60 * 60 * 1000;
/** An alert is due once its last digest is this old: a cron that fires twice a day sends once. */
export const DIGEST_MIN_GAP_MS = 20 * HOUR;
/** Alerts claimed per statement (the job loops until none are due). */
const CLAIM_BATCH = 50;
/** The most batches a run handles (the next day's run carries on). */
const MAX_BATCHES = 40;

interface DigestJob {
  id: string;
  title: string;
  company: string;
  location: string;
  category: string;
}

/** The digest e-mail: HTML and text, with the RFC 8058 one-click unsubscribe headers. */
export function digestEmail(
  brand: EmailBrand,
  to: string,
  name: string,
  alert: Parameters<typeof describeAlert>[0],
  jobs: DigestJob[],
  links: { site: string; unsubscribe: string },
): EmailMessage {
  const search = describeAlert(alert);
  const subject = jobs.length === 1 ? `1 new job for ${search}` : `${jobs.length} new jobs for ${search}`;
  const jobUrl = (j: DigestJob) => `${links.site}${jobPath(j.id)}`;
  const text = [
    `Hello ${name},`,
    `New jobs matching your alert ${search}:`,
    ...jobs.map((j) => `- ${j.title}, ${j.company}, ${j.location} (${j.category})\n  ${jobUrl(j)}`),
    `See all jobs: ${links.site}/job`,
    `You get this e-mail because you saved this search as a job alert. Unsubscribe: ${links.unsubscribe}`,
    ...footerLines(brand),
  ].join('\n\n');
  const items = jobs
    .map(
      (j) =>
        `<li style="margin:0 0 12px"><a href="${escapeHtml(jobUrl(j))}" style="color:#0b5cad;font-weight:700">${escapeHtml(j.title)}</a><br><span style="color:#4a5a70">${escapeHtml(j.company)} · ${escapeHtml(j.location)} · ${escapeHtml(j.category)}</span></li>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#0b1f3a;background:#f7fafc;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1><p style="margin:0 0 16px">Hello ${escapeHtml(name)}, here are the new jobs matching your alert ${escapeHtml(search)}.</p><ul style="padding-left:20px;margin:0 0 16px">${items}</ul><p style="margin:0 0 16px"><a href="${escapeHtml(`${links.site}${pagePaths.jobs}`)}">See all jobs</a></p><p style="color:#4a5a70;font-size:12px;margin-top:32px">You get this e-mail because you saved this search as a job alert. <a href="${escapeHtml(links.unsubscribe)}">Unsubscribe from this alert</a>.<br>${footerLines(brand).map(escapeHtml).join('<br>')}</p></div></body></html>`;
  return {
    to,
    subject,
    text,
    html,
    headers: {
      // RFC 8058: an https URL that unsubscribes on a POST with this body, no sign-in, no confirm step.
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The daily digest: claims due alerts (one conditional UPDATE, so a second run sends nothing), and
 * e-mails each alert's new open jobs published since its last digest (at most
 * RETENTION.jobAlertLookbackDays back). An alert with no new job sends nothing. A claimed alert
 * whose e-mail fails is not retried by this job: the outbox retries the message itself.
 */
export async function sendJobAlertDigests(db: Db, env: Env, now: Date) {
  const settings = config(env);
  const mailer = createMailer(db, env);
  const brand = await getSite(db);
  const counts = { claimed: 0, sent: 0, empty: 0, failed: 0 };
  const lookback = now.getTime() - RETENTION.jobAlertLookbackDays * 24 * HOUR;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const claimed = await claimDueAlerts(db, now, DIGEST_MIN_GAP_MS, CLAIM_BATCH);
    if (claimed.length === 0) break;
    counts.claimed += claimed.length;
    const owners = await alertOwners(
      db,
      claimed.map((a) => a.applicantId),
    );
    for (const alert of claimed) {
      const owner = owners.get(alert.applicantId);
      const from = new Date(Math.max(alert.previousDigestedUntil?.getTime() ?? 0, lookback));
      const jobs = owner ? await newJobsFor(db, alert, from, now) : [];
      if (!owner || jobs.length === 0) {
        counts.empty += 1;
        continue;
      }
      const token = await signUnsubscribeToken(settings.tokenSecret, settings.tokenIssuer, alert.id);
      try {
        await mailer.send(
          digestEmail(brand, owner.email, owner.fullName, alert, jobs, {
            site: settings.siteUrl,
            unsubscribe: unsubscribeUrl(settings.siteUrl, token),
          }),
        );
        counts.sent += 1;
      } catch {
        counts.failed += 1;
      }
    }
    if (claimed.length < CLAIM_BATCH) break;
  }
  return counts;
}
