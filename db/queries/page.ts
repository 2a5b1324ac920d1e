/** One page of a list and how many rows the list's filter matches in all (the back office's lists). */
export type Page<Row> = { items: Row[]; total: number };

/**
 * Runs a list's page query and its count query side by side and returns `{ items, total }`. The
 * two queries are built by the caller over the same filter (and joins, where the filter needs
 * them), so the total counts what the pages walk through.
 */
export async function pageOf<Row>(
  rows: PromiseLike<Row[]>,
  count: PromiseLike<readonly { n: number }[]>,
): Promise<Page<Row>> {
  const [items, [total]] = await Promise.all([rows, count]);
  return { items, total: total?.n ?? 0 };
}
