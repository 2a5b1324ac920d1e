import { sendReminders } from '../services/consultations/reminders.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

/**
 * Every 5 minutes: the reminders of free consultations, 24 hours and 1 hour before, each sent once
 * and only while on time (functions/services/consultations/reminders.ts). An idle run costs two
 * queries.
 */
export const consultationReminders: ScheduledJob = {
  name: 'consultation-reminders',
  cron: CRONS['consultation-reminders'],
  run: ({ db, env, now, fetch, budget }) => sendReminders(db, env, now, { fetch, budget }),
};
