import { describeAlert } from '#schemas/job-alerts-text.ts';
import { pagePaths } from '#schemas/paths.ts';
import { pipelines, stageOf, timelinePath } from '#schemas/pipelines.ts';
import { formatDay } from '#schemas/total-cost.ts';
import { describeError, logLine } from '../../lib/log.ts';
import { emailDateTime, notificationEmail, type EmailBrand } from './emails.ts';
import type { EmailMessage, Mailer } from './mailer.ts';

/**
 * The e-mails that confirm what a person just did: an application to a
 * program, an application to a job, a partner's admission or hiring request, a job alert saved.
 * Each says what it was, when, what happens next (the pipeline's own words, schemas/pipelines.ts)
 * and where to follow it.
 */

const origin = (siteUrl: string) => siteUrl.replace(/\/$/, '');

/** A student's application to a program, just recorded. */
export function programApplicationEmail(
  brand: EmailBrand,
  siteUrl: string,
  a: {
    id: string;
    to: string;
    name: string;
    program: string;
    university: string | null;
    intake: string | null;
    at: Date;
  },
): EmailMessage {
  const pipeline = 'subscription';
  const next = stageOf(pipeline, pipelines[pipeline].initial)?.next;
  const where = a.university ? ` at ${a.university}` : '';
  return notificationEmail(brand, a.to, `We received your application to ${a.program}`, [
    `Hello ${a.name}, thank you: we received your application to ${a.program}${where}.`,
    ...(a.intake ? [`Intake: ${a.intake}`] : []),
    `Applied: ${emailDateTime(a.at)}`,
    ...(next ? [`What happens next: ${next}`] : []),
    `Follow your application on your dashboard: ${origin(siteUrl)}${timelinePath(pipeline, a.id)}`,
  ]);
}

/** A job seeker's application to a job, sent once their address is confirmed (at once, or on confirming). */
export function jobApplicationEmail(
  brand: EmailBrand,
  siteUrl: string,
  a: {
    id: string;
    to: string;
    name: string;
    job: string;
    company: string;
    location: string;
    at: Date;
  },
): EmailMessage {
  const pipeline = 'job_application';
  const next = stageOf(pipeline, pipelines[pipeline].initial)?.next;
  return notificationEmail(brand, a.to, `We received your application: ${a.job}`, [
    `Hello ${a.name}, thank you: we received your application to ${a.job} at ${a.company}, ${a.location}.`,
    `Applied: ${emailDateTime(a.at)}`,
    ...(next ? [`What happens next: ${next}`] : []),
    `Follow your application on My applications: ${origin(siteUrl)}${timelinePath(pipeline, a.id)}`,
  ]);
}

/**
 * A partner's admission or hiring request, just recorded: to the account's own (verified) address,
 * never to the request's contact address, which is whatever was typed into the form.
 */
export function partnerRequestEmail(
  brand: EmailBrand,
  siteUrl: string,
  r: {
    id: string;
    to: string;
    name: string;
    company: string;
    type: 'student' | 'employee';
    title: string;
    /** Seats (admission) or positions (hiring). */
    places: number;
    location: string;
    deadline: string;
    contactEmail: string;
    contactPhone: string;
    at: Date;
  },
): EmailMessage {
  const pipeline = 'partner_request';
  const next = stageOf(pipeline, pipelines[pipeline].initial)?.next;
  const [short, kind, places] =
    r.type === 'student'
      ? ['admission', 'student admission', 'Seats']
      : ['hiring', 'employee hiring', 'Positions'];
  return notificationEmail(brand, r.to, `We received your ${short} request: ${r.title}`, [
    `Hello ${r.name}, thank you: we received the ${kind} request of ${r.company} for ${r.title}.`,
    `${places}: ${r.places}`,
    `Location: ${r.location}`,
    `Application deadline: ${formatDay(r.deadline)}`,
    `Contact: ${r.contactEmail}, ${r.contactPhone}`,
    `Sent: ${emailDateTime(r.at)}`,
    ...(next ? [`What happens next: ${next}`] : []),
    `Follow it under My Requests on your dashboard: ${origin(siteUrl)}${timelinePath(pipeline, r.id)}`,
  ]);
}

/** A job alert just saved: what it looks for, when e-mails come, and how to stop them (one click). */
export function jobAlertSavedEmail(
  brand: EmailBrand,
  a: {
    to: string;
    /** Null for an address not yet confirmed: a name nobody checked is not mailed to it. */
    name: string | null;
    alert: Parameters<typeof describeAlert>[0];
    siteUrl: string;
    unsubscribe: string;
  },
): EmailMessage {
  const search = describeAlert(a.alert);
  const message = notificationEmail(brand, a.to, `Your job alert is saved: ${search}`, [
    `Hello${a.name ? ` ${a.name}` : ''}, your job alert for ${search} is saved.`,
    'Once a day, when new jobs match it, we e-mail them to you. No new jobs, no e-mail.',
    `See and delete your alerts on My applications: ${origin(a.siteUrl)}${pagePaths.applicantDashboard}`,
    `Stop this alert with one click: ${a.unsubscribe}`,
  ]);
  // The same one-click unsubscribe (RFC 8058) as the digests carry.
  return {
    ...message,
    headers: {
      'List-Unsubscribe': `<${a.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Sends a confirmation without letting its failure undo what it confirms: the mailer already
 * queues a failed attempt for retry; a refusal is logged (no address in the log) and reported.
 */
export async function trySend(mailer: Mailer, message: EmailMessage, kind: string) {
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    logLine('error', { type: 'mail', kind, ...describeError(error) });
    return false;
  }
}
