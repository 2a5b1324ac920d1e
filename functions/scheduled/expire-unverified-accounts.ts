import { deleteExpiredUnverified } from '#db/queries/registrations.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

/**
 * Deletes student and partner registrations left unverified for 24 hours, with their codes.
 * Registration, login and verification already treat them as gone; this keeps the tables clean.
 */
export const expireUnverifiedAccounts: ScheduledJob = {
  name: 'expire-unverified-accounts',
  cron: CRONS['expire-unverified-accounts'],
  run: async ({ db, now }) => ({ deleted: await deleteExpiredUnverified(db, now.getTime()) }),
};
