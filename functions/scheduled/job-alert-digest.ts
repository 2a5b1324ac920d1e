import { sendJobAlertDigests } from '../services/mail/job-alert-digest.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

/**
 * Daily, from 06:00 UTC: each job alert's new matching jobs, one e-mail per alert (none when nothing
 * is new). Runs every 5 minutes through the morning, each run as many alerts as its budget affords,
 * until none is due (an idle run costs one query).
 */
export const jobAlertDigest: ScheduledJob = {
  name: 'job-alert-digest',
  cron: CRONS['job-alert-digest'],
  run: ({ db, env, now, fetch, budget }) => sendJobAlertDigests(db, env, now, { fetch, budget }),
};
