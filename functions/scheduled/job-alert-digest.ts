import { sendJobAlertDigests } from '../services/job-alert-digest.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

/** Daily: each job alert's new matching jobs, one e-mail per alert (none when nothing is new). */
export const jobAlertDigest: ScheduledJob = {
  name: 'job-alert-digest',
  cron: CRONS.daily,
  run: ({ db, env, now }) => sendJobAlertDigests(db, env, now),
};
