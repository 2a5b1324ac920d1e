import { config } from '../lib/config.ts';
import { refreshExchangeRates } from '../services/catalogue/exchange-rates.ts';
import { CRONS, type ScheduledJob } from './cron.ts';

/** Daily: refresh the exchange rates from RATES_URL when one is configured (otherwise staff keep them). */
export const exchangeRatesJob: ScheduledJob = {
  name: 'exchange-rates',
  cron: CRONS['exchange-rates'],
  async run({ env, db, now, fetch }): Promise<Record<string, number>> {
    const { url, source } = config(env).exchangeRates;
    if (!url) return { skipped: 1 };
    const outcome = await refreshExchangeRates(db, url, { source, now, fetcher: fetch });
    if (!outcome.ok) {
      // The table keeps its rates; the reason goes to the log for staff to look at.
      console.warn(JSON.stringify({ type: 'exchange-rates', kept: true, reason: outcome.reason }));
      return { updated: 0, rejected: 1 };
    }
    return { updated: outcome.updated, rejected: 0 };
  },
};
