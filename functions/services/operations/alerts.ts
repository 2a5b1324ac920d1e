// Alerts a person can act on: server errors above a rate, a failed scheduled job, a failed or stuck
// Publish, a deploy token about to expire. Each goes to the staff notification address (the site
// settings' `staffNotificationEmail`, through the mailer and its outbox, so a failed send is
// retried like any notice) and, when ALERT_WEBHOOK_URL is set, to that webhook as JSON (Slack's
// incoming webhooks read its `text`). One incident sends one alert: each alert claims its keys for a
// window first, in one conditional statement each (the rate-limit counters' upsert), so parallel
// requests and repeated cron runs claim it once.
//
// When D1 itself is failing (the likeliest cause of a burst of 5xx) nothing can be counted or
// claimed there, and no mail can be queued: this isolate counts and claims in its own memory, and
// the webhook alone carries the alert. Each isolate then alerts at most once a window.
import { createDb, type Db } from '#db/client.ts';
import { countHit } from '#db/queries/rate-limits.ts';
import { getSite } from '#db/queries/site-content.ts';
import { config } from '../../lib/config.ts';
import { describeError, logLine } from '../../lib/log.ts';
import { notificationEmail } from '../mail/emails.ts';
import { createMailer } from '../mail/mailer.ts';

/** Server errors (5xx answers) in one window that make an incident. */
export const SERVER_ERROR_THRESHOLD = 10;
/** The window those errors are counted in (a fixed window, as the rate limits count). */
export const SERVER_ERROR_WINDOW_MS = 5 * 60_000;
/** After an alert, the same incident stays quiet this long. */
export const ALERT_QUIET_MS = 60 * 60_000;
/** How long a webhook may take to answer. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** One claim of an alert: the key is taken for the window, or the alert is a repeat. */
export interface AlertClaim {
  key: string;
  windowMs: number;
}

export interface Alert {
  /** What kind of incident, for the log line and the webhook (`server-errors`, `cron-failed`, …). */
  kind: string;
  /** The e-mail's subject and the webhook's first line. */
  subject: string;
  /** What happened and where to look, one paragraph each. Never personal data. */
  lines: string[];
  /** Claimed in order; any already taken makes the alert a repeat that is not sent. */
  claims: AlertClaim[];
  /** False when the staff address hears of it another way: the webhook alone carries it. */
  mail?: boolean;
}

export type AlertOutcome = 'sent' | 'repeat' | 'off';

/** This isolate's memory of claims and errors, for when D1 cannot hold them. */
const isolate = { claims: new Map<string, number>(), errors: [] as number[] };

/** Forgets this isolate's memory of claims and errors (each test starts as a fresh isolate would). */
export function forgetIsolateAlerts() {
  isolate.claims.clear();
  isolate.errors.length = 0;
}

/** Takes a claim in D1 (one conditional upsert); in this isolate's memory when D1 fails. */
async function claim(db: Db, { key, windowMs }: AlertClaim, now: number) {
  try {
    return (await countHit(db, `alert:${key}`, 1, windowMs, now)) !== undefined;
  } catch {
    const until = isolate.claims.get(key) ?? 0;
    if (until > now) return false;
    isolate.claims.set(key, now + windowMs);
    return true;
  }
}

/** POSTs the alert to the webhook; resolves to what happened, in our words. */
async function postWebhook(url: string, env: Env, alert: Alert, now: Date, doFetch: typeof fetch) {
  const { environment, siteUrl } = config(env);
  const text = [`[${new URL(siteUrl).host} ${environment}] ${alert.subject}`, ...alert.lines].join('\n');
  try {
    const res = await doFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        text,
        kind: alert.kind,
        subject: alert.subject,
        lines: alert.lines,
        environment,
        site: siteUrl,
        at: now.toISOString(),
      }),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await res.body?.cancel();
    return res.ok ? 'sent' : `HTTP ${res.status}`;
  } catch (error) {
    return describeError(error).error;
  }
}

/** E-mails the alert to the staff notification address (queued for a retry when the send fails). */
async function mailStaff(db: Db, env: Env, alert: Alert, doFetch: typeof fetch) {
  try {
    const site = await getSite(db);
    return await createMailer(db, env, { fetch: doFetch }).send(
      notificationEmail(site, site.staffNotificationEmail, `Alert: ${alert.subject}`, alert.lines),
    );
  } catch (error) {
    return describeError(error).error;
  }
}

/**
 * Sends an alert unless it is a repeat within its window (or alerts are off here). Never throws:
 * an alert that cannot be sent is logged, and the work that raised it carries on.
 */
export async function raiseAlert(
  env: Env,
  alert: Alert,
  options: { db?: Db; now?: Date; fetch?: typeof fetch } = {},
): Promise<AlertOutcome> {
  const settings = config(env).alerts;
  const mail = alert.mail !== false;
  if (!settings.enabled || (!mail && !settings.webhookUrl)) return 'off';
  const now = options.now ?? new Date();
  const db = options.db ?? createDb(env.DB);
  const doFetch = options.fetch ?? fetch;
  for (const c of alert.claims) {
    if (!(await claim(db, c, now.getTime()))) return 'repeat';
  }
  const [mailed, webhook] = await Promise.all([
    mail ? mailStaff(db, env, alert, doFetch) : null,
    settings.webhookUrl ? postWebhook(settings.webhookUrl, env, alert, now, doFetch) : null,
  ]);
  logLine(mailed === 'sent' || mailed === 'queued' || webhook === 'sent' ? 'warn' : 'error', {
    type: 'alert',
    kind: alert.kind,
    subject: alert.subject,
    mail: mailed,
    webhook,
  });
  return 'sent';
}

/**
 * Counts one server error (a 5xx answer); the one that brings a window to the threshold raises the
 * alert. Counted in D1 (one conditional upsert, so parallel requests count exactly); in this
 * isolate's memory when D1 is the thing failing.
 */
export async function countServerError(
  env: Env,
  answer: { status: number; route: string },
  now = new Date(),
): Promise<AlertOutcome | null> {
  if (!config(env).alerts.enabled) return 'off';
  const at = now.getTime();
  const db = createDb(env.DB);
  let count: number;
  let since: number;
  try {
    const row = await countHit(
      db,
      'alert-count:server-errors',
      Number.MAX_SAFE_INTEGER,
      SERVER_ERROR_WINDOW_MS,
      at,
    );
    count = row?.count ?? 0;
    since = row?.window_start ?? at;
  } catch {
    isolate.errors.push(at);
    while (isolate.errors.length && isolate.errors[0]! <= at - SERVER_ERROR_WINDOW_MS) isolate.errors.shift();
    count = isolate.errors.length;
    since = isolate.errors[0] ?? at;
  }
  // Exactly one request of a window sees the threshold: the others neither claim nor write more.
  if (count !== SERVER_ERROR_THRESHOLD) return null;
  const minutes = Math.round(SERVER_ERROR_WINDOW_MS / 60_000);
  return raiseAlert(
    env,
    {
      kind: 'server-errors',
      subject: `${SERVER_ERROR_THRESHOLD} server errors within ${minutes} minutes`,
      lines: [
        `${SERVER_ERROR_THRESHOLD} requests were answered with a server error (5xx) between ${new Date(since).toISOString()} and ${now.toISOString()}; the last was ${answer.status} on ${answer.route}.`,
        'Workers Logs (Workers & Pages → the Worker → Logs): filter status >= 500 for the routes, and type = "error" for the errors behind them; GET /api/health says whether the configuration is complete.',
        `No other alert about server errors is sent for ${Math.round(ALERT_QUIET_MS / 60_000)} minutes.`,
      ],
      claims: [{ key: 'server-errors', windowMs: ALERT_QUIET_MS }],
    },
    { db, now },
  );
}
