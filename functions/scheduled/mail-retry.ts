import { retryDueMail } from '../services/mail-delivery.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

/** Every 5 minutes: failed sends whose retry is due are tried again (5 min → 30 min → 2 h, then dead). */
export const mailRetry: ScheduledJob = {
  name: 'mail-retry',
  cron: CRONS.frequent,
  run: ({ db, env, now }) => retryDueMail(db, env, now),
};
