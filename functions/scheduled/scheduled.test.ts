// Each job its own Cron Trigger, run against a budget of calls that its
// bindings count; the Worker's handler awaits the run, so a failed job fails the invocation.
import { createScheduledController, env } from 'cloudflare:test';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '#db/client.ts';
import worker from '../index.ts';
import { BudgetExhausted, countedBucket, countedD1, RunBudget } from '../lib/call-budget.ts';
import { CRONS, jobs, runScheduled, UnknownCronError, type ScheduledJob } from './index.ts';

/** JSON lines written to console.log / console.error while `run` runs. */
async function linesDuring(run: () => Promise<unknown>) {
  const lines: Record<string, unknown>[] = [];
  const capture = (...args: unknown[]) => {
    const text = String(args[0]);
    if (text.startsWith('{')) lines.push(JSON.parse(text) as Record<string, unknown>);
  };
  for (const level of ['log', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(capture);
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return lines;
}

describe('scheduled handler', () => {
  const added: ScheduledJob[] = [];
  const add = (job: ScheduledJob) => {
    added.push(job);
    jobs.push(job);
  };
  afterEach(() => {
    for (const job of added.splice(0)) jobs.splice(jobs.indexOf(job), 1);
    vi.restoreAllMocks();
  });

  it('every job has a cron of its own, and every cron one job', () => {
    expect(jobs.map((j) => j.name).sort()).toEqual(Object.keys(CRONS).sort());
    for (const job of jobs) expect(job.cron).toBe(CRONS[job.name as keyof typeof CRONS]);
    expect(new Set(Object.values(CRONS)).size).toBe(Object.keys(CRONS).length);
  });

  it('runs only the job of the cron that fired; its line carries its counts and the calls it made', async () => {
    const ran: string[] = [];
    add({
      name: 'test-a',
      cron: '7 7 7 7 *',
      run: async ({ db }) => {
        ran.push('a');
        await db.run(sql`select 1`);
        await db.run(sql`select 2`);
        return { done: 1 };
      },
    });
    add({ name: 'test-b', cron: '8 8 8 8 *', run: async () => (ran.push('b'), {}) });
    let results!: Awaited<ReturnType<typeof runScheduled>>;
    const lines = await linesDuring(async () => {
      results = await runScheduled('7 7 7 7 *', env);
    });
    expect(ran).toEqual(['a']);
    expect(results).toEqual({ 'test-a': { done: 1 } });
    expect(lines).toEqual([
      expect.objectContaining({
        type: 'scheduled',
        cron: '7 7 7 7 *',
        results: { 'test-a': { done: 1 } },
        calls: { queries: 2, subrequests: 0 },
        budget: { queries: 500, subrequests: 500 },
      }),
    ]);
  });

  it('a cron that names no job is an error, not a silent success', async () => {
    const lines = await linesDuring(() =>
      expect(runScheduled('1 2 3 4 5', env)).rejects.toBeInstanceOf(UnknownCronError),
    );
    expect(lines).toContainEqual(expect.objectContaining({ type: 'scheduled-error', cron: '1 2 3 4 5' }));
  });

  it("the Worker's handler awaits the run: a failed job fails the invocation, after its error line", async () => {
    add({
      name: 'test-boom',
      cron: '9 9 9 9 *',
      run: async () => {
        throw new TypeError('provider answered 500 for ada@example.com');
      },
    });
    const lines = await linesDuring(async () => {
      const controller = createScheduledController({ cron: '9 9 9 9 *', scheduledTime: Date.now() });
      await expect(worker.scheduled(controller, env)).rejects.toThrow(
        /Scheduled run 9 9 9 9 \* failed: test-boom \(TypeError\)/,
      );
    });
    expect(lines).toContainEqual(
      expect.objectContaining({ type: 'scheduled-error', job: 'test-boom', error: 'TypeError' }),
    );
    expect(JSON.stringify(lines)).not.toContain('ada@example.com');
    // A job that succeeds: the invocation succeeds.
    add({ name: 'test-fine', cron: '10 10 10 10 *', run: async () => ({ fine: 1 }) });
    await linesDuring(() => worker.scheduled(createScheduledController({ cron: '10 10 10 10 *' }), env));
  });

  it('a job that spends past its budget is stopped by its bindings, before the call', async () => {
    let third = false;
    add({
      name: 'test-greedy',
      cron: '11 11 11 11 *',
      run: async ({ db }) => {
        await db.run(sql`select 1`);
        await db.run(sql`select 2`);
        third = true;
        await db.run(sql`select 3`);
        return {};
      },
    });
    let results!: Awaited<ReturnType<typeof runScheduled>>;
    await linesDuring(async () => {
      results = await runScheduled(
        '11 11 11 11 *',
        env,
        new Date(),
        new RunBudget({ queries: 2, subrequests: 0 }),
      );
    });
    expect(third).toBe(true);
    expect(results['test-greedy']).toEqual({ error: 'BudgetExhausted' });
  });
});

describe('counted bindings', () => {
  it('D1: each statement run, each statement of a batch, through Drizzle or not', async () => {
    const budget = new RunBudget({ queries: 6, subrequests: 0 });
    const d1 = countedD1(env.DB, budget);
    const db = createDb(d1);
    await d1.prepare('select 1').first();
    await d1.prepare('select ?').bind(2).all();
    await db.run(sql`select 3`);
    await db.batch([db.run(sql`select 4`), db.run(sql`select 5`)]);
    expect(budget.used.queries).toBe(5);
    expect(budget.affords({ queries: 1 })).toBe(true);
    expect(budget.affords({ queries: 2 })).toBe(false);
    await d1.prepare('select 6').raw();
    expect(() => d1.prepare('select 7').first()).toThrow(BudgetExhausted);
    expect(budget.used.queries).toBe(6);
  });

  it('R2: each operation is a subrequest', async () => {
    const budget = new RunBudget({ queries: 0, subrequests: 2 });
    const bucket = countedBucket(env.FILES, budget);
    await bucket.put('budget/a.txt', 'a');
    await bucket.list({ prefix: 'budget/' });
    expect(() => bucket.delete('budget/a.txt')).toThrow(BudgetExhausted);
    expect(await env.FILES.head('budget/a.txt')).not.toBeNull();
  });

  it('howMany: the units a budget affords after what it keeps back', () => {
    const budget = new RunBudget({ queries: 50, subrequests: 10 });
    budget.spend('queries', 6);
    expect(budget.howMany({ queries: 4, subrequests: 1 }, 100, { queries: 4 })).toBe(10);
    expect(budget.howMany({ queries: 4 }, 100, { queries: 4 })).toBe(10);
    expect(budget.howMany({ queries: 4 }, 3)).toBe(3);
    expect(budget.howMany({ queries: 60 }, 3)).toBe(0);
  });
});
