import { mergeAccounts } from '../services/accounts/people.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

/**
 * Accounts made before people existed (students, partners' owners and job seekers with the same
 * address as three separate accounts) merged into one person each, a batch a run until none is
 * left (people.ts `mergeAccounts`; sign-in merges an address on the spot too). About ten queries an
 * address, so 30 an invocation stay well inside the run's budget; once all are merged a run costs
 * one query.
 */
export const MERGE_PER_RUN = 30;

export const mergeAccountsJob: ScheduledJob = {
  name: 'merge-accounts',
  cron: CRONS['merge-accounts'],
  run: async ({ db }) => {
    const report = await mergeAccounts(db, MERGE_PER_RUN);
    return {
      addresses: report.addresses,
      single: report.people.single,
      samePassword: report.people['same-password'],
      differentPasswords: report.people['different-passwords'],
      joinedExisting: report.people['joined-existing'],
      rolesLinked: report.rolesLinked,
      unprovenDiscarded: report.unprovenDiscarded,
      more: report.more ? 1 : 0,
    };
  },
};
