// The program finder at scale: GET /api/programs over the scratch database of
// scale.ts (N generated subjects), a set of queries a student would make, sequential on one
// keep-alive connection after a warm-up: HTTP time through wrangler dev, the Worker's own time
// (Server-Timing), and the query alone (findPrograms through Drizzle on node:sqlite).
import http from 'node:http';
import { percentile, table } from './lib/stats.ts';

/** Filters, facets, sorts and pages: every parameter, alone and together. */
export const finderQueries = [
  '',
  'country=united-kingdom',
  'country=canada&level=Master',
  'department=data-science-ai&intake=9',
  'q=data',
  'q=engineering&country=germany',
  'q=business%20analytics',
  'q=ms',
  'maxFee=20000&currency=GBP',
  'minFee=15000&maxFee=30000&currency=USD&sort=fee',
  'sort=fee',
  'sort=intake&intake=1',
  'sort=name&page=20',
  'duration=over-2-years&level=Bachelor',
  'country=australia&department=engineering&intake=2&duration=up-to-1-year&maxFee=40000&currency=AUD&sort=fee',
  'q=science&sort=fee&page=3',
  'page=400',
];

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function timedGet(url: string) {
  return new Promise<{ status: number; total: number; worker: number; bytes: number }>((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { agent, headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => {
          bytes += d.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            total: performance.now() - t0,
            bytes,
            worker: Number(
              /worker;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? NaN,
            ),
          }),
        );
      })
      .on('error', reject);
  });
}

export interface FinderFigures {
  n: number;
  status: string;
  http: { p50: number; p95: number; p99: number };
  worker?: { p50: number; p95: number; p99: number };
  bytesP95: number;
}

/**
 * GET /api/programs over HTTP. Each request's URL is new (a `t` parameter the API ignores), so the
 * Worker's edge cache never answers: every request runs the queries.
 */
export async function measureFinder(base: string, rounds = 15): Promise<FinderFigures | undefined> {
  const probe = await timedGet(`${base}/api/programs`);
  if (probe.status === 404) return undefined;
  let n = 0;
  const url = (q: string) => `${base}/api/programs?${q}${q ? '&' : ''}t=${Date.now()}-${n++}`;
  for (const q of finderQueries) await timedGet(url(q));
  const times: number[] = [];
  const worker: number[] = [];
  const sizes: number[] = [];
  const statuses = new Set<number>();
  const perQuery = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++) {
    for (const q of finderQueries) {
      const res = await timedGet(url(q));
      times.push(res.total);
      sizes.push(res.bytes);
      statuses.add(res.status);
      if (!Number.isNaN(res.worker)) {
        worker.push(res.worker);
        perQuery.set(q, [...(perQuery.get(q) ?? []), res.worker]);
      }
    }
  }
  const p = (v: number[]) => ({ p50: percentile(v, 50), p95: percentile(v, 95), p99: percentile(v, 99) });
  const out: FinderFigures = {
    n: times.length,
    status: [...statuses].join(','),
    http: p(times),
    ...(worker.length ? { worker: p(worker) } : {}),
    bytesP95: percentile(sizes, 95),
  };
  table(
    [
      'GET /api/programs',
      'requests',
      'status',
      'HTTP p50 / p95 / p99 ms',
      'in Worker p50 / p95 / p99 ms',
      'bytes p95 (wire)',
    ],
    [
      [
        `${finderQueries.length} queries × ${rounds}`,
        out.n,
        out.status,
        `${out.http.p50.toFixed(1)} / ${out.http.p95.toFixed(1)} / ${out.http.p99.toFixed(1)}`,
        out.worker
          ? `${out.worker.p50.toFixed(1)} / ${out.worker.p95.toFixed(1)} / ${out.worker.p99.toFixed(1)}`
          : '-',
        `${(out.bytesP95 / 1024).toFixed(1)} KB`,
      ],
    ],
  );
  if (perQuery.size) {
    console.log('In the Worker, per query (p50 / p95 ms):');
    table(
      ['query', 'p50', 'p95'],
      [...perQuery].map(([q, v]) => [
        q || '(no filters)',
        percentile(v, 50).toFixed(1),
        percentile(v, 95).toFixed(1),
      ]),
    );
  }
  return out;
}

/** The same queries through the real findPrograms on the database file with node:sqlite: the SQL alone. */
export async function measureFinderNative(db: unknown, rounds = 15) {
  const { findPrograms } = await import('#db/queries/programs.ts');
  const { programsQuery } = await import('#schemas/programs.ts');
  const queries = finderQueries.map((q) => programsQuery.parse(Object.fromEntries(new URLSearchParams(q))));
  for (const q of queries) await findPrograms(db as never, q);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const t0 = performance.now();
      await findPrograms(db as never, q);
      times.push(performance.now() - t0);
    }
  }
  const out = {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    n: times.length,
  };
  console.log(
    `findPrograms on the database file with node:sqlite (no workerd, no proxy): p50 ${out.p50.toFixed(2)} ms, p95 ${out.p95.toFixed(2)} ms, p99 ${out.p99.toFixed(2)} ms over ${out.n} queries`,
  );
  return out;
}
