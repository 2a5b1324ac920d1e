import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRONS, jobs, runScheduled, type ScheduledJob } from './index.ts';

describe('scheduled handler', () => {
  const added: ScheduledJob[] = [];
  afterEach(() => {
    for (const job of added.splice(0)) jobs.splice(jobs.indexOf(job), 1);
    vi.restoreAllMocks();
  });

  it('runs only the jobs of the cron that fired, and a failing job does not stop the next', async () => {
    const ran: string[] = [];
    added.push(
      {
        name: 'boom',
        cron: CRONS.frequent,
        run: async () => {
          ran.push('boom');
          throw new Error('x');
        },
      },
      {
        name: 'ok',
        cron: CRONS.frequent,
        run: async () => {
          ran.push('ok');
          return { done: 1 };
        },
      },
      {
        name: 'daily',
        cron: CRONS.daily,
        run: async () => {
          ran.push('daily');
          return {};
        },
      },
    );
    jobs.push(...added);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const results = await runScheduled(CRONS.frequent, env);
    expect(ran).toEqual(['boom', 'ok']);
    expect(results.ok).toEqual({ done: 1 });
    expect(results.boom).toEqual({ error: 'Error' });
    expect(log).toHaveBeenCalledOnce();
    expect(JSON.parse(String(log.mock.calls[0]![0]))).toMatchObject({
      type: 'scheduled',
      cron: CRONS.frequent,
    });
  });
});
