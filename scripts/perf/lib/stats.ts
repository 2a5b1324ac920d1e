/** Percentile of a list of numbers (nearest-rank). */
export function percentile(values: number[], p: number) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const median = (values: number[]) => percentile(values, 50);

/** Prints rows as an aligned text table. */
export function table(head: string[], rows: (string | number)[][]) {
  const cells = rows.map((r) => r.map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(head));
  for (const r of cells) console.log(line(r));
}

/** The machine a figure was measured on: cores, memory, Node, date. */
export async function machine() {
  const os = await import('node:os');
  return {
    date: new Date().toISOString(),
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: (os.totalmem() / 2 ** 30).toFixed(1),
    freeGiB: (os.freemem() / 2 ** 30).toFixed(1),
    load: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    node: process.version,
  };
}

export async function printMachine() {
  const m = await machine();
  console.log(
    `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB RAM (${m.freeGiB} free), load ${m.load}, Node ${m.node}, ${m.date}`,
  );
}
