import { clearSettledBodies, purgeOutboxBefore } from '#db/queries/outbox.ts';
import { OUTBOX_RETENTION_DAYS } from '#schemas/mail.ts';
import { config } from '../lib/config.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

/**
 * Daily: outbox rows older than 30 days are deleted; in production any body still kept on a sent or
 * dead message is cleared (docs/decisions/005-outbox-bodies.md).
 */
export const outboxRetention: ScheduledJob = {
  name: 'outbox-retention',
  cron: CRONS['outbox-retention'],
  async run({ db, env, now }) {
    const purged = await purgeOutboxBefore(
      db,
      new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 24 * 60 * 60 * 1000),
    );
    const bodiesCleared = config(env).mail.keepBodies ? 0 : await clearSettledBodies(db);
    return { purged, bodiesCleared };
  },
};
