import { retryDueMail } from '../services/mail/mail-delivery.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

/**
 * Every 5 minutes: failed sends whose retry is due are tried again (5 min → 30 min → 2 h, then dead),
 * as many as the run's budget affords; the rest wait for the next run.
 */
export const mailRetry: ScheduledJob = {
  name: 'mail-retry',
  cron: CRONS['mail-retry'],
  run: ({ db, env, now, fetch, budget }) => retryDueMail(db, env, now, { fetch, budget }),
};
