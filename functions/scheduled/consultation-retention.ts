import { purgeConsultations } from '#db/queries/consultations.ts';
import { RETENTION } from '#schemas/retention.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Rows one statement deletes, and statements one run makes: a backlog clears over a few days. */
const BATCH = 500;
const BATCHES = 10;

/**
 * Daily: free consultations past their keeping (schemas/retention.ts) are deleted with the notes on
 * them, cancelled ones sooner. The e-mails about them go with the outbox's own retention.
 */
export const consultationRetention: ScheduledJob = {
  name: 'consultation-retention',
  cron: CRONS['consultation-retention'],
  async run({ db, now }) {
    const before = new Date(now.getTime() - RETENTION.consultationDays * DAY);
    const cancelledBefore = new Date(now.getTime() - RETENTION.cancelledConsultationDays * DAY);
    let deleted = 0;
    for (let i = 0; i < BATCHES; i++) {
      const n = await purgeConsultations(db, { before, cancelledBefore, limit: BATCH });
      deleted += n;
      if (n < BATCH) break;
    }
    return { deleted };
  },
};
