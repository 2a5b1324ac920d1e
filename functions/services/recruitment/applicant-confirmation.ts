import { SignJWT, errors, jwtVerify } from 'jose';
import type { Db } from '#db/client.ts';
import { confirmApplicantEmail, heldJobsOf, takeHeldApplications } from '#db/queries/applicants.ts';
import { getSite } from '#db/queries/site-content.ts';
import { APPLICANT_CONFIRM_PATH } from '#schemas/recruitment.ts';
import { applicantConfirmationEmail } from '../mail/emails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { notifyStaff } from '../mail/notify.ts';
import { jobApplicationEmail, trySend } from '../mail/confirmations.ts';
import { enforce, type Limit } from '../security/rate-limit.ts';
import { config } from '../../lib/config.ts';
import { TooMany } from '../errors.ts';
import { establishPerson } from '../accounts/people.ts';

/** What the confirmation links are signed and addressed with. */
export type ConfirmationSettings = { secret: string; issuer: string; siteUrl: string };

/** The confirmation links' settings from the Worker's configuration. */
export function confirmationSettings(env: Env): ConfirmationSettings {
  const { tokenSecret, tokenIssuer, siteUrl } = config(env);
  return { secret: tokenSecret, issuer: tokenIssuer, siteUrl };
}
import { noticeAbout } from '#db/queries/outbox.ts';

/** How long a confirmation link works. */
export const CONFIRM_LINK_HOURS = 48;

/** Confirmation e-mails sent again on request: per account and per address, each per hour. */
export const RESEND_LIMITS = {
  perAccount: { name: 'applicant-confirm-resend-account', max: 3, windowSeconds: 60 * 60 } satisfies Limit,
  perAddress: { name: 'applicant-confirm-resend-address', max: 10, windowSeconds: 60 * 60 } satisfies Limit,
};

// Its own audience: a confirmation link is never a session, and a session never a confirmation.
const AUDIENCE = 'applicant-email-confirmation';
const key = (secret: string) => new TextEncoder().encode(secret);

/** A short fingerprint of the address the link was sent to (the address itself stays out of URLs). */
async function emailTag(email: string) {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`applicant-confirm:${email.toLowerCase()}`),
  );
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The signed, expiring link the confirmation e-mail carries (HS256, 48 hours). */
export async function confirmationLink(
  secret: string,
  issuer: string,
  siteUrl: string,
  applicant: { id: string; email: string },
  now = Date.now(),
) {
  const iat = Math.floor(now / 1000);
  const token = await new SignJWT({ eml: await emailTag(applicant.email) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setSubject(applicant.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + CONFIRM_LINK_HOURS * 3600)
    .sign(key(secret));
  return `${siteUrl.replace(/\/$/, '')}${APPLICANT_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
}

export type ConfirmationCheck =
  { ok: true; applicantId: string; emailTag: string } | { ok: false; reason: 'expired' | 'invalid' };

/** Reads a confirmation token: whose it is, or why it cannot be used (forged, altered, expired). */
export async function readConfirmationToken(
  secret: string,
  issuer: string,
  token: string,
): Promise<ConfirmationCheck> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'eml'],
    });
    return { ok: true, applicantId: payload.sub!, emailTag: String(payload.eml) };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** Whether a token's fingerprint matches the applicant's current address. */
export const sameEmail = async (tag: string, email: string) => tag === (await emailTag(email));

/**
 * Sends (or sends again) the confirmation e-mail, naming the registration (its name) and the jobs
 * its held applications are for: what confirming would send.
 */
export async function sendConfirmation(
  db: Db,
  mailer: Mailer,
  settings: ConfirmationSettings,
  applicant: { id: string; email: string; fullName: string },
) {
  const [brand, jobs] = await Promise.all([getSite(db), heldJobsOf(db, applicant.id)]);
  const link = await confirmationLink(settings.secret, settings.issuer, settings.siteUrl, applicant);
  await mailer.send(
    applicantConfirmationEmail(brand, applicant.email, applicant.fullName, jobs, link, CONFIRM_LINK_HOURS),
  );
}

/**
 * After an application is held: the confirmation e-mail again, now naming its job too, so the link
 * the person clicks says what it sends. At most 3 an hour per account (shared with the resend
 * button, RESEND_LIMITS); past that, nothing (the earlier e-mails' links still work).
 */
export async function remindToConfirm(
  db: Db,
  mailer: Mailer,
  settings: ConfirmationSettings,
  applicant: { id: string; email: string; fullName: string },
) {
  try {
    await enforce(db, [{ limit: RESEND_LIMITS.perAccount, subject: applicant.id }]);
  } catch (error) {
    if (error instanceof TooMany) return;
    throw error;
  }
  await sendConfirmation(db, mailer, settings, applicant);
}

/** The notice that passes one application on (the staff address forwards it to the employer). */
export function applicationNotice(
  applicant: { fullName: string; email: string },
  job: { title: string; company: string; location: string },
  resume: { name: string; size: number },
) {
  return {
    subject: `New application: ${job.title}`,
    paragraphs: [
      `${applicant.fullName} (${applicant.email}) applied to ${job.title} at ${job.company}, ${job.location}.`,
      `Resume: ${resume.name} (${Math.ceil(resume.size / 1024)} KB).`,
    ],
  };
}

/**
 * Passes one application on (the staff notice) and confirms it to the applicant, whose address is
 * confirmed by now: what they applied to, when, and where to follow it.
 */
export async function forwardApplication(
  db: Db,
  mailer: Mailer,
  siteUrl: string,
  applicant: { id: string; fullName: string; email: string },
  app: {
    id: string;
    title: string;
    company: string;
    location: string;
    createdAt: Date;
    resumeName: string;
    resumeSize: number;
  },
) {
  const notice = applicationNotice(applicant, app, { name: app.resumeName, size: app.resumeSize });
  await notifyStaff(
    db,
    mailer,
    notice.subject,
    notice.paragraphs,
    noticeAbout.account('applicant', applicant.id),
  );
  await trySend(
    mailer,
    jobApplicationEmail(await getSite(db), siteUrl, {
      id: app.id,
      to: applicant.email,
      name: applicant.fullName,
      job: app.title,
      company: app.company,
      location: app.location,
      at: app.createdAt,
    }),
    'job-application',
  );
}

/** Forwards every application of the applicant still held (each once, however often this runs). */
export async function forwardHeldApplications(
  db: Db,
  mailer: Mailer,
  siteUrl: string,
  applicant: { id: string; fullName: string; email: string },
) {
  const held = await takeHeldApplications(db, applicant.id);
  for (const app of held) await forwardApplication(db, mailer, siteUrl, applicant, app);
  return held.length;
}

/**
 * Confirms the applicant's address (the first click) and forwards what was held. A second click
 * of the same link confirms nothing new and says so.
 */
export async function confirmApplicant(
  db: Db,
  mailer: Mailer,
  siteUrl: string,
  applicant: { id: string; fullName: string; email: string },
) {
  const first = await confirmApplicantEmail(db, applicant.id);
  // The link proved the mailbox: the job seeker is now a person (their one account at every door).
  if (first) await establishPerson(db, 'applicant', applicant.id, applicant.email);
  const forwarded = first ? await forwardHeldApplications(db, mailer, siteUrl, applicant) : 0;
  return { first, forwarded };
}
