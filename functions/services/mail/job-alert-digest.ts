import type { Db } from '#db/client.ts';
import {
  alertOwners,
  claimDueAlerts,
  markDigested,
  newJobsFor,
  releaseAlerts,
} from '#db/queries/job-alerts.ts';
import { describeAlert } from '#schemas/job-alerts.ts';
import { RETENTION } from '#schemas/retention.ts';
import { jobPath, pagePaths } from '#schemas/paths.ts';
import { config } from '../../lib/config.ts';
import { escapeHtml, footerLines, type EmailBrand } from './emails.ts';
import { getSite } from '#db/queries/site-content.ts';
import { createMailer, MailNotSentError, type EmailMessage } from './mailer.ts';
import { RunBudget } from '../../lib/call-budget.ts';
import { signUnsubscribeToken, unsubscribeUrl } from './unsubscribe-tokens.ts';

const HOUR = 60 * 60 * 1000;
/** An alert is due once its last digest is this old: a cron that fires twice a day sends once. */
export const DIGEST_MIN_GAP_MS = 20 * HOUR;
/** Alerts claimed per statement (the job loops while any are due and its budget allows). */
const CLAIM_BATCH = 50;
/** How long a run holds the alerts it claimed; one that stopped first leaves them due again after it. */
export const DIGEST_LEASE_MS = 15 * 60 * 1000;
/**
 * What one alert costs a run at most: its new jobs (1 query), the outbox row, the provider call and
 * the outcome (1 + 1 subrequest + 1), and marking it digested (1).
 */
const ALERT_COST = { queries: 4, subrequests: 1 } as const;
/**
 * Each batch's own statements: the claim, the owners, the site block (read once a run), the empty
 * alerts marked, the claims given back.
 */
const BATCH_COST = { queries: 5 } as const;

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
 * The daily digest: claims due alerts (one conditional UPDATE, so a second run sends nothing twice),
 * and e-mails each alert's new open jobs published since its last digest (at most
 * RETENTION.jobAlertLookbackDays back). An alert with no new job sends nothing.
 *
 * An alert is marked digested only after its e-mail went to the provider, or waits in the outbox
 * for the retry job; never before (a run that stops mid-way leaves the rest due, and their claim
 * lapses after DIGEST_LEASE_MS). With a budget (the Cron run's) it claims and sends only what the
 * budget affords, gives back claims it could not reach, and the next run carries on.
 */
export async function sendJobAlertDigests(
  db: Db,
  env: Env,
  now: Date,
  options: { fetch?: typeof fetch; budget?: RunBudget } = {},
) {
  const budget = options.budget ?? new RunBudget({ queries: Infinity, subrequests: Infinity });
  const settings = config(env);
  const mailer = createMailer(db, env, { fetch: options.fetch });
  const counts = { claimed: 0, sent: 0, queued: 0, empty: 0, failed: 0, released: 0 };
  const lookback = now.getTime() - RETENTION.jobAlertLookbackDays * 24 * HOUR;
  const leaseUntil = new Date(now.getTime() + DIGEST_LEASE_MS);
  let brand: EmailBrand | undefined;
  for (;;) {
    const limit = budget.howMany(ALERT_COST, CLAIM_BATCH, BATCH_COST);
    if (limit === 0) break;
    const claimed = await claimDueAlerts(db, { now, minGapMs: DIGEST_MIN_GAP_MS, leaseUntil, limit });
    if (claimed.length === 0) break;
    counts.claimed += claimed.length;
    const owners = await alertOwners(
      db,
      claimed.map((a) => a.applicantId),
    );
    const empty: string[] = [];
    let unreached: string[] = [];
    for (const [i, alert] of claimed.entries()) {
      // Kept back: marking the empty alerts, giving back claims, and the site block if not read yet.
      if (!budget.affords(ALERT_COST, { queries: brand ? 2 : 3 })) {
        unreached = claimed.slice(i).map((a) => a.id);
        break;
      }
      const owner = owners.get(alert.applicantId);
      const from = new Date(Math.max(alert.digestedUntil.getTime(), lookback));
      const jobs = owner ? await newJobsFor(db, alert, from, now) : [];
      if (!owner || jobs.length === 0) {
        empty.push(alert.id);
        continue;
      }
      brand ??= await getSite(db);
      const token = await signUnsubscribeToken(settings.tokenSecret, settings.tokenIssuer, alert.id);
      try {
        const outcome = await mailer.send(
          digestEmail(brand, owner.email, owner.fullName, alert, jobs, {
            site: settings.siteUrl,
            unsubscribe: unsubscribeUrl(settings.siteUrl, token),
          }),
        );
        counts[outcome === 'sent' ? 'sent' : 'queued'] += 1;
      } catch (error) {
        // Refused outright (a malformed address): resending tomorrow would be refused too.
        if (!(error instanceof MailNotSentError)) throw error;
        counts.failed += 1;
      }
      await markDigested(db, [alert.id], now, leaseUntil);
    }
    counts.empty += await markDigested(db, empty, now, leaseUntil);
    await releaseAlerts(db, unreached, leaseUntil);
    counts.released += unreached.length;
    if (unreached.length > 0 || claimed.length < limit) break;
  }
  return counts;
}
