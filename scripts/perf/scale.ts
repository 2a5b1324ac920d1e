// Search and build at scale: N generated subjects and N generated jobs in a scratch local D1
// (.wrangler/scale, so the normal database is untouched), then
//   - the search endpoint's latency (p50/p95/p99) and the bytes sent before the first result,
//     with the catalogue-download alternative (GET /api/subjects) weighed beside it;
//   - the program finder's latency (GET /api/programs, scripts/perf/finder.ts);
//   - `astro build` wall time and peak memory at 1,000 subjects and at N (GNU time -v).
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import { run } from '../lib/run.ts';
import { startServer } from './lib/server.ts';
import { percentile, table } from './lib/stats.ts';
import { kb } from './budgets.ts';
import { measureFinder } from './finder.ts';
import {
  SCALE_BUILD_TOKEN,
  measureEditToLive,
  measureRenderedPages,
  measureSnapshot,
} from './scale-worker.ts';
import { monthNames } from '#schemas/finder-terms.ts';

export const SCALE_DIR = '.wrangler/scale';

const fields = [
  'Data Science',
  'Computer Science',
  'Artificial Intelligence',
  'Business Analytics',
  'Mechanical Engineering',
  'Civil Engineering',
  'Nursing',
  'Public Health',
  'International Law',
  'Psychology',
  'Economics',
  'Finance',
  'Marketing',
  'Architecture',
  'Biomedical Science',
  'Pharmacy',
  'Education',
  'Hospitality Management',
  'Environmental Science',
  'Physics',
  'Mathematics',
  'Chemistry',
  'Film Studies',
  'Journalism',
  'Robotics',
  'Cyber Security',
  'Supply Chain Management',
  'Renewable Energy',
  'Urban Planning',
  'Linguistics',
];
const degrees = ['BSc', 'BA', 'MSc', 'MA', 'MBA', 'MEng', 'LLM', 'PhD', 'PgDip', 'MRes'];
const flavours = [
  'with Industrial Placement',
  'and Management',
  'for Sustainable Futures',
  '(Online)',
  'with Foundation Year',
  'and Policy',
  'in Practice',
  'and Society',
  '',
];
const jobTitles = [
  'Care Assistant',
  'Registered Nurse',
  'Software Developer',
  'Warehouse Operative',
  'Chef de Partie',
  'HGV Driver',
  'Electrician',
  'Hotel Receptionist',
  'Data Analyst',
  'Welder',
  'Teaching Assistant',
  'Accountant',
  'Plumber',
  'Barista',
  'Site Engineer',
];
const cities = [
  'London',
  'Manchester',
  'Leeds',
  'Toronto',
  'Sydney',
  'Dublin',
  'Berlin',
  'Auckland',
  'Vancouver',
  'Glasgow',
];

/** Acronyms people search by: some generated descriptions use them as words. */
const acronyms: Record<string, string> = {
  'Artificial Intelligence': 'AI',
  Robotics: 'AI',
  'Data Science': 'AI',
  'Computer Science': 'IT',
  'Cyber Security': 'IT',
  'Business Analytics': 'IT',
  Marketing: 'UX',
  'Film Studies': 'UX',
};

/** 1-2 character queries (name substring or a whole word of the description: db/queries/catalog.ts). */
export const shortQueries = ['AI', 'IT', 'UX', 'ml', 'r', 'a', 'zq'];

/** Queries a person would type in the header search: whole words, prefixes, typos of none. */
export const searchQueries = [
  'data',
  'science',
  'engineering',
  'nurs',
  'law',
  'psychology',
  'business analytics',
  'MSc Data',
  'robotics',
  'cyber',
  'finance',
  'placement',
  'renewable',
  'film',
  'archi',
  'pharmacy',
  'urban planning',
  'physics',
  'economics',
  'zzzz-no-match',
];

/**
 * The id of the i-th generated program (counted from the first row of the table, seeded ones
 * included, as growTo counts).
 */
export const generatedSubjectId = (i: number) =>
  `gen-${i}-${fields[i % fields.length]!.toLowerCase().replace(/\W+/g, '-')}`;

/** Creates the scratch database from the real migrations and seed. */
export async function freshScaleDb() {
  rmSync(SCALE_DIR, { recursive: true, force: true });
  await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', SCALE_DIR], {
    CI: 'true',
  });
  await run('node', ['scripts/seed.ts'], { WRANGLER_PERSIST_TO: SCALE_DIR });
}

const q = (v: unknown) =>
  v === null
    ? 'NULL'
    : typeof v === 'number'
      ? String(v)
      : `'${String(typeof v === 'string' ? v : JSON.stringify(v)).replace(/'/g, "''")}'`;
/** One row of an `insert … values` list. */
const sqlRow = (cells: unknown[]) => `(${cells.map(q).join(',')})`;

/** Runs SQL on the scratch database (or `persistTo`) through wrangler (native SQLite: far faster than the proxy). */
async function d1(args: string[], persistTo = SCALE_DIR) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: 'true' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`wrangler d1 execute failed:\n${err.slice(-2000)}`)),
    );
  });
}
async function selectIn<T>(query: string, persistTo = SCALE_DIR): Promise<T[]> {
  const out = await d1(['--json', '--command', query], persistTo);
  return (JSON.parse(out.slice(out.indexOf('['))) as { results: T[] }[])[0]!.results;
}

/**
 * Adds generated subjects until there are `target`, and jobs until `jobTarget`, in the scratch
 * database or another local one (`persistTo`: the rehearsal's). Returns the counts.
 */
export async function growTo(target: number, jobTarget = target, persistTo = SCALE_DIR) {
  const select = <T>(query: string) => selectIn<T>(query, persistTo);
  const started = Date.now();
  const universities = await select<{ id: string; country_id: string; name: string; location: string }>(
    'select id, country_id, name, location from universities',
  );
  // Each country's currency as the seed prices it (GBP in the UK, EUR in Germany ...), for the finder's fee filters.
  const currencyOf = new Map(
    (
      await select<{ country_id: string; currency: string }>(
        'select country_id, min(currency) as currency from subjects group by country_id',
      )
    ).map((r) => [r.country_id, r.currency]),
  );
  const departments = await select<{ id: string }>('select id from departments');
  let subjects = (await select<{ n: number }>('select count(*) as n from subjects'))[0]!.n;
  let jobs = (await select<{ n: number }>('select count(*) as n from jobs'))[0]!.n;
  const now = Date.now();
  const lines: string[] = [];
  const CHUNK = 100;
  while (subjects < target) {
    const values: string[] = [];
    for (let k = 0; k < CHUNK && subjects < target; k++, subjects++) {
      const i = subjects;
      const u = universities[i % universities.length]!;
      const field = fields[i % fields.length]!;
      const degree = degrees[Math.floor(i / fields.length) % degrees.length]!;
      const flavour = flavours[i % flavours.length]!;
      const name = `${degree} ${field} ${flavour}`.trim() + ` ${i}`;
      values.push(
        sqlRow([
          generatedSubjectId(i),
          name,
          u.id,
          departments[i % departments.length]!.id,
          u.country_id,
          u.location,
          `GEN${i}`,
          [
            `${name} at ${u.name} prepares you for a career in ${field.toLowerCase()}.`,
            `Taught in ${u.location} with modules in research methods, ${field.toLowerCase()} practice${acronyms[field] ? ` (with ${acronyms[field]} labs)` : ''} and a final project.`,
          ],
          degree.startsWith('B')
            ? 'Bachelor'
            : degree === 'PhD'
              ? 'PhD'
              : degree === 'PgDip'
                ? 'Diploma'
                : 'Master',
          degree.startsWith('B') ? '3 Years' : ['1 Year', '2 Years', '1.5 Years', '10 Months'][i % 4]!,
          20 + (i % 200),
          2026,
          9000 + (i % 50) * 250,
          currencyOf.get(u.country_id) ?? 'GBP',
          '/images/campus/campus-1.svg',
          '/images/brands/logo.svg',
          [],
          {
            degree,
            duration: '1 year',
            intake: `${monthNames[i % 12]} 2027`,
            futureIntakes: [`${monthNames[(i + 4) % 12]} 2028`],
          },
          {
            description: 'A good first degree.',
            academicRequirements: ['2:1 honours degree'],
            englishLanguageRequirements: ['IELTS 6.5'],
            additionalRequirements: [],
          },
          {
            description: 'Strong demand.',
            additionalDescription: '',
            careerPaths: [field],
            employmentStatistics: '90% employed',
          },
          1000 + i,
          1,
          now,
          now,
        ]),
      );
    }
    lines.push(
      `insert or ignore into subjects (id,name,university_id,department_id,country_id,location,code,description,degree_type,duration,students,year,base_price,currency,image,logo,universityimage,study_plan,entry_requirements,career_prospects,sort_order,is_active,created_at,updated_at) values ${values.join(',')};`,
    );
  }
  while (jobs < jobTarget) {
    const values: string[] = [];
    for (let k = 0; k < CHUNK && jobs < jobTarget; k++, jobs++) {
      const i = jobs;
      const title = `${jobTitles[i % jobTitles.length]} ${i}`;
      const city = cities[i % cities.length]!;
      values.push(
        sqlRow([
          `gen-job-${i}`,
          title,
          `${title} needed in ${city}. Visa sponsorship available for the right candidate.`,
          ['Healthcare', 'Technology', 'Hospitality', 'Construction', 'Logistics'][i % 5]!,
          `Example Employer ${i % 97}`,
          city,
          `${i} Example Road, ${city}`,
          '2026-09-01',
          '2027-08-31',
          'Direct',
          ['Full-time'],
          'Monday to Friday',
          '£30,000 a year',
          '1 person',
          i % 7 === 0 ? 1 : 0,
          ['visa sponsorship'],
          'Permanent',
          ['Right to work or sponsorship'],
          {
            name: `Example Employer ${i % 97}`,
            website: 'https://example.com',
            about: 'A fictional employer.',
          },
          'open',
          1000 + i,
          now,
          now,
        ]),
      );
    }
    lines.push(
      `insert or ignore into jobs (id,title,description,category,company,location,address,start_date,end_date,recruitment_type,employment,schedule,payment,hiring,urgent,tags,type,requirements,company_info,status,sort_order,created_at,updated_at) values ${values.join(',')};`,
    );
  }
  if (lines.length) {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const file = `${mkdtempSync(`${tmpdir()}/scale-`)}/rows.sql`;
    writeFileSync(file, lines.join('\n'));
    await d1(['--file', file], persistTo);
  }
  const counts = (
    await select<{ s: number; j: number }>(
      'select (select count(*) from subjects) as s, (select count(*) from jobs) as j',
    )
  )[0]!;
  console.log(
    `Scratch database: ${counts.s} subjects, ${counts.j} jobs (generated in ${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
  return { subjects: counts.s, jobs: counts.j };
}

/** One GET with compression accepted, timed to the first byte and the last, counting wire bytes. */
function timedGet(url: string) {
  return new Promise<{
    status: number;
    ttfb: number;
    total: number;
    bytes: number;
    encoding: string;
    worker: number;
  }>((resolve, reject) => {
    const t0 = performance.now();
    let ttfb = 0;
    const req = http.get(
      url,
      { headers: { 'Accept-Encoding': 'br, gzip', Connection: 'keep-alive' }, agent },
      (res) => {
        let bytes = 0;
        res.once('data', () => {
          ttfb = performance.now() - t0;
        });
        res.on('data', (d: Buffer) => {
          bytes += d.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ttfb: ttfb || performance.now() - t0,
            total: performance.now() - t0,
            bytes,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            worker: Number(
              /worker;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? NaN,
            ),
          }),
        );
      },
    );
    req.on('error', reject);
  });
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Latency of the search endpoints over HTTP (sequential, keep-alive, after a warm-up). */
export async function measureSearch(base: string, rounds = 15) {
  const rows: (string | number)[][] = [];
  const results: Record<
    string,
    {
      p50: number;
      p95: number;
      p99: number;
      bytesP95: number;
      bytesMax: number;
      n: number;
      status: string;
      worker?: { p50: number; p95: number; p99: number };
    }
  > = {};
  const targets: { name: string; path: (q: string) => string; queries?: string[] }[] = [
    { name: 'GET /api/subjects/search', path: (q) => `/api/subjects/search?q=${encodeURIComponent(q)}` },
    {
      name: 'GET /api/subjects/search (1-2 chars)',
      path: (q) => `/api/subjects/search?q=${encodeURIComponent(q)}`,
      queries: shortQueries,
    },
    { name: 'GET /api/applyjobs (search)', path: (q) => `/api/applyjobs?q=${encodeURIComponent(q)}` },
  ];
  for (const target of targets) {
    const probe = await timedGet(base + target.path('data'));
    if (probe.status === 404) {
      console.log(`${target.name}: skipped: endpoint not present (404)`);
      continue;
    }
    const queries = target.queries ?? searchQueries;
    for (const q of queries.slice(0, 5)) await timedGet(base + target.path(q)); // warm-up
    const times: number[] = [];
    const worker: number[] = [];
    const sizes: number[] = [];
    const statuses = new Set<number>();
    for (let r = 0; r < rounds; r++) {
      for (const q of queries) {
        const res = await timedGet(base + target.path(q));
        times.push(res.total);
        if (!Number.isNaN(res.worker)) worker.push(res.worker);
        sizes.push(res.bytes);
        statuses.add(res.status);
      }
    }
    const w = worker.length
      ? { p50: percentile(worker, 50), p95: percentile(worker, 95), p99: percentile(worker, 99) }
      : undefined;
    const out = {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      bytesP95: percentile(sizes, 95),
      bytesMax: Math.max(...sizes),
      n: times.length,
      status: [...statuses].join(','),
      worker: w,
    };
    results[target.name] = out;
    rows.push([
      target.name,
      out.n,
      out.status,
      out.p50.toFixed(1),
      out.p95.toFixed(1),
      out.p99.toFixed(1),
      w ? `${w.p50.toFixed(1)} / ${w.p95.toFixed(1)} / ${w.p99.toFixed(1)}` : '-',
      kb(out.bytesP95),
      kb(out.bytesMax),
    ]);
  }
  // What the seed's architecture did instead: download the whole catalogue, then filter. The
  // subjects list is kept as a copy (functions/services/catalogue/subjects-copy.ts): timed as the
  // first request after a change makes it, and as the next one reads it (a query parameter the
  // route ignores keeps the edge cache out of both).
  const wholeLists = [
    { path: '/api/subjects?perf=first', name: 'GET /api/subjects (whole list, making its copy)' },
    { path: '/api/subjects?perf=copy', name: 'GET /api/subjects (whole list, from its copy)' },
    { path: '/api/applyjobs', name: 'GET /api/applyjobs (whole list)' },
  ];
  for (const { path, name } of wholeLists) {
    const res = await timedGet(base + path);
    if (res.status === 404) continue;
    rows.push([
      name,
      1,
      res.status,
      res.total.toFixed(1),
      '-',
      '-',
      Number.isNaN(res.worker) ? '-' : res.worker.toFixed(1),
      kb(res.bytes),
      kb(res.bytes),
    ]);
    results[name] = {
      p50: res.total,
      p95: res.total,
      p99: res.total,
      bytesP95: res.bytes,
      bytesMax: res.bytes,
      n: 1,
      status: String(res.status),
    };
  }
  table(
    [
      'endpoint',
      'requests',
      'status',
      'HTTP p50 ms',
      'p95 ms',
      'p99 ms',
      'in Worker p50/p95/p99 ms',
      'bytes p95 (wire)',
      'bytes max',
    ],
    rows,
  );
  return results;
}

/**
 * The same searches (the real `searchSubjects` and `searchOpenJobs` of db/queries, through
 * Drizzle's D1 driver) run on the scratch database file with Node's own SQLite behind a minimal
 * D1-shaped adapter: what the queries themselves cost, without workerd, the D1 simulator or the
 * dev proxy in between.
 */
export async function measureSearchNative(rounds = 15) {
  const { readdirSync } = await import('node:fs');
  const { DatabaseSync } = await import('node:sqlite');
  const { drizzle } = await import('drizzle-orm/d1');
  const { searchSubjects } = await import('#db/queries/catalog.ts');
  const { searchOpenJobs } = await import('#db/queries/jobs.ts');
  const schema = await import('#db/schema/index.ts');
  const dir = `${SCALE_DIR}/v3/d1/miniflare-D1DatabaseObject`;
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) return undefined;
  const sqlite = new DatabaseSync(`${dir}/${file}`, { readOnly: true });
  // Just the D1 surface Drizzle's driver calls: prepare/bind, all (objects), raw (arrays), batch.
  const statement = (query: string, params: unknown[] = []) => ({
    bind: (...p: unknown[]) => statement(query, p),
    all: async () => ({
      results: sqlite.prepare(query).all(...(params as never[])),
      success: true,
      meta: {},
    }),
    raw: async () => {
      const st = sqlite.prepare(query);
      st.setReturnArrays(true);
      return st.all(...(params as never[]));
    },
    run: async () => ({
      results: [],
      success: true,
      meta: sqlite.prepare(query).run(...(params as never[])),
    }),
  });
  const d1 = {
    prepare: (query: string) => statement(query),
    batch: async (stmts: ReturnType<typeof statement>[]) => Promise.all(stmts.map((st) => st.all())),
  };
  const db = drizzle(d1 as never, { schema });
  const { measureFinderNative } = await import('./finder.ts');
  const finder = await measureFinderNative(db);
  const searches: Record<string, { search: (q: string) => Promise<unknown>; queries: string[] }> = {
    searchSubjects: { search: (q) => searchSubjects(db, q, 20), queries: searchQueries },
    'searchSubjects (1-2 chars)': { search: (q) => searchSubjects(db, q, 20), queries: shortQueries },
    searchOpenJobs: { search: (q) => searchOpenJobs(db, { q }), queries: searchQueries },
  };
  const out: Record<string, { p50: number; p95: number; p99: number; n: number }> = {};
  for (const [name, { search, queries }] of Object.entries(searches)) {
    const times: number[] = [];
    for (const q of queries) await search(q); // warm the page cache
    for (let r = 0; r < rounds; r++) {
      for (const q of queries) {
        const t0 = performance.now();
        await search(q);
        times.push(performance.now() - t0);
      }
    }
    out[name] = {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      n: times.length,
    };
    console.log(
      `${name} on the database file with node:sqlite (no workerd, no proxy): p50 ${out[name].p50.toFixed(2)} ms, p95 ${out[name].p95.toFixed(2)} ms, p99 ${out[name].p99.toFixed(2)} ms over ${out[name].n} queries`,
    );
  }
  sqlite.close();
  return { ...out, findPrograms: finder };
}

/** The scale run's build, served afterwards for the Worker's figures. */
export const SCALE_DIST = 'dist-scale';

/**
 * `astro build` of the scratch database under GNU time: wall seconds, peak RSS (MB), and the files
 * one deployed version holds (every file of the build: Workers' limit is 20,000 on the Free plan).
 */
export async function timedBuild(pages: number, { keep = false } = {}) {
  const outDir = SCALE_DIST;
  rmSync(outDir, { recursive: true, force: true });
  const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
  const started = Date.now();
  const stderr = await new Promise<string>((resolve, reject) => {
    const args = ['astro', 'build', '--force', '--outDir', outDir];
    const child = timeBin
      ? spawn(timeBin, ['-v', ...args], {
          stdio: ['ignore', 'ignore', 'pipe'],
          env: { ...process.env, WRANGLER_PERSIST_TO: SCALE_DIR },
        })
      : spawn(args[0]!, args.slice(1), {
          stdio: ['ignore', 'ignore', 'pipe'],
          env: { ...process.env, WRANGLER_PERSIST_TO: SCALE_DIR },
        });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-20000);
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(err) : reject(new Error(`astro build failed (${code}):\n${err.slice(-3000)}`)),
    );
  });
  const wall = (Date.now() - started) / 1000;
  const rssKb = Number(stderr.match(/Maximum resident set size \(kbytes\): (\d+)/)?.[1] ?? NaN);
  const fs = await import('node:fs');
  const path = await import('node:path');
  let html = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const n of fs.readdirSync(d)) {
      const f = path.join(d, n);
      if (fs.statSync(f).isDirectory()) walk(f);
      else {
        files++;
        if (n.endsWith('.html')) html++;
      }
    }
  };
  walk(outDir);
  if (!keep) rmSync(outDir, { recursive: true, force: true });
  return {
    subjects: pages,
    wallSeconds: wall,
    peakMb: rssKb / 1024,
    htmlPages: html,
    files,
    msPerPage: (wall * 1000) / Math.max(1, html),
  };
}

/** The whole --scale run: N programs and `jobs` jobs (default N). */
export async function scaleRun(
  n: number,
  port: number,
  { build = true, reuse = false, jobs = n }: { build?: boolean; reuse?: boolean; jobs?: number } = {},
) {
  console.log(`\n== Scale: ${n} subjects and ${jobs} jobs in ${SCALE_DIR} ==`);
  // --reuse keeps the scratch database of an earlier run (topped up to N) and measures at N only.
  const reusing = reuse && existsSync(SCALE_DIR);
  if (!reusing) await freshScaleDb();
  const steps = reusing ? [n] : [...new Set([Math.min(1000, n), n])];
  const builds = [];
  const searches: Record<number, Awaited<ReturnType<typeof measureSearch>>> = {};
  const native: Record<number, Awaited<ReturnType<typeof measureSearchNative>>> = {};
  const finder: Record<number, Awaited<ReturnType<typeof measureFinder>>> = {};
  let worker: Awaited<ReturnType<typeof measureAtScale>> | undefined;
  for (const size of steps) {
    const last = size === steps.at(-1);
    const counts = await growTo(size, Math.round((size * jobs) / n));
    let built: Awaited<ReturnType<typeof timedBuild>> | undefined;
    if (build) {
      console.log(`\nastro build at ${counts.subjects} subjects and ${counts.jobs} jobs ...`);
      built = await timedBuild(counts.subjects, { keep: last });
      builds.push({ ...built, jobs: counts.jobs });
      console.log(
        `  wall ${built.wallSeconds.toFixed(1)} s, peak RSS ${built.peakMb.toFixed(0)} MB, ${built.files} files (${built.htmlPages} HTML pages)`,
      );
    }
    const server = await startServer({
      port,
      persistTo: SCALE_DIR,
      vars: { BUILD_TOKEN: SCALE_BUILD_TOKEN },
      ...(last && built ? { assets: SCALE_DIST } : {}),
    });
    try {
      console.log(
        `\nSearch latency at ${counts.subjects} subjects / ${counts.jobs} jobs (${server.url}, wrangler dev, sequential keep-alive):`,
      );
      searches[size] = await measureSearch(server.url);
      console.log(
        `\nProgram finder at ${counts.subjects} subjects (GET /api/programs: filters, facets, sorts, pages):`,
      );
      finder[size] = await measureFinder(server.url);
      if (last) worker = await measureAtScale(server.url, built !== undefined);
    } finally {
      await server.stop();
    }
    native[size] = await measureSearchNative();
  }
  if (builds.length) {
    console.log('\nBuild at scale:');
    table(
      ['subjects', 'jobs', 'files per version', 'HTML pages', 'wall s', 'peak RSS MB'],
      builds.map((b) => [
        b.subjects,
        b.jobs,
        b.files,
        b.htmlPages,
        b.wallSeconds.toFixed(1),
        b.peakMb.toFixed(0),
      ]),
    );
  }
  printScaleTable(n, jobs, builds.at(-1), searches[n], finder[n], worker);
  return { searches, finder, native, builds, worker };
}

/** The Worker's figures at the final size: the snapshot, rendered pages, one edit. */
async function measureAtScale(base: string, withBuild: boolean) {
  console.log('\nThe build snapshot, as a production build reads it (head and pages, six at a time):');
  const snapshot = await measureSnapshot(base);
  console.log(
    `  ${snapshot.responses} responses, largest ${(snapshot.largestBytes / 1e6).toFixed(2)} MB, all ${(snapshot.totalBytes / 1e6).toFixed(1)} MB, ${snapshot.seconds.toFixed(1)} s (${snapshot.subjects} programs, ${snapshot.jobs} jobs)`,
  );
  if (!withBuild) return { snapshot };
  // Programs past the pre-rendered ones: generated, far down the catalogue.
  const longTail = await selectIn<{ id: string }>(
    "select id from subjects where id like 'gen-%' and is_active = 1 order by sort_order desc limit 31",
  );
  console.log('\nProgram pages the Worker renders (no built page): first request, then its cached copy:');
  const rendered = await measureRenderedPages(
    base,
    longTail.slice(1).map((r) => r.id),
  );
  console.log(
    `  ${rendered.n} pages (${rendered.statuses}): rendered p50 ${rendered.firstP50.toFixed(0)} / p95 ${rendered.firstP95.toFixed(0)} ms, cached p50 ${rendered.cachedP50.toFixed(0)} / p95 ${rendered.cachedP95.toFixed(0)} ms`,
  );
  const edit = await measureEditToLive(base, SCALE_DIR, longTail[0]!.id);
  console.log(
    `  one edited program: saved in ${(edit.savedMs / 1000).toFixed(1)} s, live ${(edit.liveMs / 1000).toFixed(1)} s after the edit began (${edit.render}, ${edit.polls} request(s))`,
  );
  return { snapshot, rendered, edit };
}

/** The scale table: one line per figure and its goal. */
function printScaleTable(
  n: number,
  jobs: number,
  build: Awaited<ReturnType<typeof timedBuild>> | undefined,
  search: Awaited<ReturnType<typeof measureSearch>> | undefined,
  finder: Awaited<ReturnType<typeof measureFinder>> | undefined,
  worker: Awaited<ReturnType<typeof measureAtScale>> | undefined,
) {
  const ms = (v: number | undefined) => (v === undefined ? '-' : `${v.toFixed(1)} ms`);
  const w = (name: string) => search?.[name]?.worker?.p95;
  const finderP95 = finder?.worker?.p95;
  const rows: (string | number)[][] = [
    ['files per version', build ? build.files : '-', '≤ 20,000'],
    [
      'snapshot: largest response',
      worker ? `${(worker.snapshot.largestBytes / 1e6).toFixed(2)} MB of ${worker.snapshot.responses}` : '-',
      '≤ 5 MB',
    ],
    ['build: wall time', build ? `${build.wallSeconds.toFixed(0)} s` : '-', '≤ 300 s'],
    ['build: peak memory', build ? `${build.peakMb.toFixed(0)} MB` : '-', '≤ 2,048 MB'],
    [
      'one edited program: live after',
      worker && 'edit' in worker && worker.edit ? `${(worker.edit.liveMs / 1000).toFixed(1)} s` : '-',
      '≤ 120 s',
    ],
    ['search p95 in the Worker (programs)', ms(w('GET /api/subjects/search')), '≤ 20 ms'],
    ['search p95 in the Worker (jobs)', ms(w('GET /api/applyjobs (search)')), '≤ 20 ms'],
    ['finder p95 in the Worker', ms(finderP95), '≤ 20 ms'],
  ];
  console.log(`
At ${n} programs and ${jobs} jobs:`);
  table(['figure', 'measured', 'goal'], rows);
}
