import { z } from 'zod';
import type { Db } from '#db/client.ts';
import { activeExchangeRates, exchangeRateUpdate } from '#db/queries/costs.ts';
import { RATE_PATTERN } from '#schemas/money.ts';

/**
 * Refreshes the exchange-rate table from a JSON feed (the daily job). Fail safe: the new rates are
 * written only if the answer is complete and believable, all in one batch; otherwise the table keeps
 * the rates it has and the outcome says why. Pages never call the feed: they read the table.
 */

/** The shapes common feeds answer: { base, date, rates } (Frankfurter, exchangerate.host) or { base_code, time_last_update_unix, rates } (open.er-api). */
const feedSchema = z.object({
  base: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  base_code: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  time_last_update_unix: z.number().int().positive().optional(),
  rates: z.record(z.string(), z.number().positive().finite()),
});

/** A day's move beyond this factor is taken for a broken feed, not a market. */
export const MAX_DAILY_MOVE = 2;
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 512 * 1024;

export type RefreshOutcome = { ok: true; updated: number; asOf: string } | { ok: false; reason: string };

/** Units per US dollar as our decimal string: at most 6 decimals, no trailing zeros. */
export const toRateString = (n: number) => n.toFixed(6).replace(/\.?0+$/, '');

export async function refreshExchangeRates(
  db: Db,
  url: string,
  { source, now, fetcher = fetch }: { source: string | null; now: Date; fetcher?: typeof fetch },
): Promise<RefreshOutcome> {
  let feed: z.output<typeof feedSchema>;
  try {
    const res = await fetcher(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) return { ok: false, reason: `feed answered ${res.status}` };
    const text = await res.text();
    if (text.length > MAX_BYTES) return { ok: false, reason: 'feed answer too large' };
    const parsed = feedSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return { ok: false, reason: 'feed answer not in a known shape' };
    feed = parsed.data;
  } catch (error) {
    return {
      ok: false,
      reason: `feed unreachable or not JSON (${error instanceof Error ? error.name : 'error'})`,
    };
  }
  const base = feed.base ?? feed.base_code;
  if (!base) return { ok: false, reason: 'feed names no base currency' };
  const perBase: Record<string, number> = { ...feed.rates, [base]: 1 };
  const usd = perBase.USD;
  if (!usd) return { ok: false, reason: 'feed has no US dollar rate' };

  const today = now.toISOString().slice(0, 10);
  const asOf =
    feed.date ??
    (feed.time_last_update_unix
      ? new Date(feed.time_last_update_unix * 1000).toISOString().slice(0, 10)
      : today);
  if (asOf > today) return { ok: false, reason: `feed dated ${asOf}, in the future` };

  const current = await activeExchangeRates(db);
  const updates: { id: string; unitsPerUsd: string }[] = [];
  for (const row of current) {
    const value = perBase[row.id];
    if (!value) return { ok: false, reason: `feed has no rate for ${row.id}` };
    const next = toRateString(value / usd);
    if (!RATE_PATTERN.test(next) || Number(next) <= 0)
      return { ok: false, reason: `feed rate for ${row.id} is not usable` };
    const move = Number(next) / Number(row.unitsPerUsd);
    if (!(move <= MAX_DAILY_MOVE && move >= 1 / MAX_DAILY_MOVE))
      return { ok: false, reason: `feed rate for ${row.id} moved ${move.toFixed(2)}×: not believed` };
    if (asOf < row.asOf)
      return { ok: false, reason: `feed dated ${asOf} is older than the stored rates (${row.asOf})` };
    updates.push({ id: row.id, unitsPerUsd: next });
  }
  const [first, ...rest] = updates.map((u) =>
    exchangeRateUpdate(db, u.id, {
      unitsPerUsd: u.unitsPerUsd,
      asOf,
      source: source ?? `Rates feed: ${new URL(url).host}`,
      updatedAt: now,
    }),
  );
  if (first) await db.batch([first, ...rest]);
  return { ok: true, updated: updates.length, asOf };
}
