/**
 * How long the scheduled housekeeping (functions/scheduled/) keeps each kind of record: the one
 * source of these numbers. The jobs import them, and the privacy page (site/lib/legal.ts) states
 * them from here, so the policy and what the code does cannot drift apart.
 */

const HOUR = 60 * 60 * 1000;

export const RETENTION = {
  /** Sent e-mail (the outbox): rows deleted this many days after they were written. */
  outboxDays: 30,
  /** A registration never verified by its e-mailed code: deleted after this many hours. */
  unverifiedAccountHours: 24,
  /** A sign-in session: ends this many hours after sign-in ... */
  sessionHours: 12,
  /** ... or this many days with "remember me"; ended sessions are deleted daily. */
  rememberedSessionDays: 7,
  /** Rate-limit counters (per address or account): deleted when their window ends, at most this many hours. */
  rateLimitMaxHours: 24,
  /** A stored file whose record was deleted: removed from storage after this many hours. */
  orphanedFileHours: 24,
  /** A job alert's digest looks back no further than this many days (older jobs are not "new"). */
  jobAlertLookbackDays: 7,
  /**
   * A free consultation (the person's details and staff's notes): deleted this many days after the
   * meeting's end. Two years covers an application cycle that starts from the meeting and the
   * next intake after it.
   */
  consultationDays: 730,
  /** A cancelled consultation holds nothing anyone needs: deleted this many days after its time. */
  cancelledConsultationDays: 90,
} as const;

export const UNVERIFIED_TTL_MS = RETENTION.unverifiedAccountHours * HOUR;
export const SESSION_SECONDS = RETENTION.sessionHours * 60 * 60;
export const REMEMBER_SECONDS = RETENTION.rememberedSessionDays * 24 * 60 * 60;
export const ORPHAN_GRACE_MS = RETENTION.orphanedFileHours * HOUR;

/** The retention periods as the privacy page states them, one sentence each. */
export const retentionStatements: string[] = [
  `E-mails we send you are kept in our outbox for ${RETENTION.outboxDays} days, then deleted; in production the message text is kept only while a failed delivery waits for a retry.`,
  `A registration that is never verified with its e-mailed code is deleted after ${RETENTION.unverifiedAccountHours} hours.`,
  `A sign-in lasts at most ${RETENTION.sessionHours} hours (${RETENTION.rememberedSessionDays} days with "remember me"); ended sessions are deleted every day, and signing out deletes the session at once.`,
  `Counters that limit repeated sign-in and code attempts are deleted when their window ends, within ${RETENTION.rateLimitMaxHours} hours.`,
  `Files you upload are deleted with the record they belong to; any copy left behind is removed from storage within ${RETENTION.orphanedFileHours} hours after its daily check.`,
  'Your account, profile, documents and applications are kept until you delete your account (from your dashboard) or ask us to; payment records are kept for six years as tax law requires, without your name or e-mail once your account is deleted.',
  `A free consultation you book (your name, e-mail, phone and what you wrote) is kept with our notes of it for ${RETENTION.consultationDays / 365} years after the meeting (${RETENTION.cancelledConsultationDays} days after its time if it was cancelled), then deleted, or sooner when you ask us; it is in the data export of an account with the same confirmed e-mail address, and deleting that account deletes it.`,
];
