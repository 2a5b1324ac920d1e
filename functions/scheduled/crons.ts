/** The crons declared in wrangler.toml `[triggers]`; keep the two in step. */
export const CRONS = {
  /** Every five minutes: mail retries, short housekeeping. */
  frequent: '*/5 * * * *',
  /** Once a day, 06:00 UTC: retention, digests, long housekeeping. */
  daily: '0 6 * * *',
} as const;
