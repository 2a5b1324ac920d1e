// Approval gates code, not content: a push (new code) deploys production from the reviewed GitHub
// environment; a Publish of the commit production already runs deploys from one without reviewers;
// the choice is made by the workflow from the live Worker's own report, and checked again by the
// deploy job right before it deploys.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  deployEnvironment,
  DeployTargetError,
  githubEnvironments,
  liveCommit,
  verifyDeployEnvironment,
} from './deploy-target.ts';

interface Step {
  run?: string;
  if?: string;
  id?: string;
  env?: Record<string, string>;
}
interface Job {
  environment?: string;
  outputs?: Record<string, string>;
  concurrency?: { group?: string };
  steps: Step[];
}
const workflow = parse(readFileSync('.github/workflows/deploy.yml', 'utf8')) as { jobs: Record<string, Job> };

const C1 = 'c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1';
const C2 = 'c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2';
const main = 'refs/heads/main';
const production = { target: 'production' as const, ref: main, commit: C1 };

describe('deployEnvironment: where the deploy job waits', () => {
  it('a push to main is code: the reviewed environment, even when production runs that commit', () => {
    for (const live of [C2, C1, null])
      expect(deployEnvironment({ ...production, eventName: 'push', liveCommit: live }).environment).toBe(
        'production',
      );
  });

  it('a Publish (or a run by hand) of the commit production runs needs no reviewer', () => {
    for (const eventName of ['repository_dispatch', 'workflow_dispatch'])
      expect(deployEnvironment({ ...production, eventName, liveCommit: C1 })).toEqual({
        environment: 'production-content',
        reason: expect.stringContaining('content only'),
      });
  });

  it('a Publish after new code reached main, or when the live commit cannot be read, is reviewed', () => {
    expect(
      deployEnvironment({ ...production, eventName: 'repository_dispatch', liveCommit: C2 }).environment,
    ).toBe('production');
    expect(deployEnvironment({ ...production, eventName: 'repository_dispatch', liveCommit: null })).toEqual({
      environment: 'production',
      reason: expect.stringContaining('could not be read'),
    });
  });

  it('production deploys only from main; staging from its own environment', () => {
    expect(() =>
      deployEnvironment({
        ...production,
        ref: 'refs/heads/feature',
        eventName: 'workflow_dispatch',
        liveCommit: C1,
      }),
    ).toThrow(DeployTargetError);
    expect(
      deployEnvironment({
        target: 'staging',
        ref: 'refs/heads/feature',
        commit: C1,
        eventName: 'workflow_dispatch',
        liveCommit: null,
      }).environment,
    ).toBe('staging');
  });
});

describe('verifyDeployEnvironment: the deploy job checks again before it deploys', () => {
  it('without reviewers, only the commit production still runs', () => {
    expect(() =>
      verifyDeployEnvironment({ environment: 'production-content', commit: C1, liveCommit: C1 }),
    ).not.toThrow();
    // Code deployed meanwhile (the reviewed run before this one in the queue): this run's older
    // code would undo it unreviewed.
    expect(() =>
      verifyDeployEnvironment({ environment: 'production-content', commit: C1, liveCommit: C2 }),
    ).toThrow(/only the commit production runs/);
    expect(() =>
      verifyDeployEnvironment({ environment: 'production-content', commit: C1, liveCommit: null }),
    ).toThrow(DeployTargetError);
    // The reviewed environment has had its review.
    expect(() =>
      verifyDeployEnvironment({ environment: 'production', commit: C1, liveCommit: C2 }),
    ).not.toThrow();
  });
});

describe('liveCommit: what the live Worker reports', () => {
  const answering = (status: number, body: unknown) =>
    (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('reads the commit from GET /api/health, and nothing from a misconfigured or unreachable Worker', async () => {
    let asked = '';
    const healthy = (async (url: URL) => {
      asked = String(url);
      return new Response(JSON.stringify({ success: true, status: 'ok', commit: C1 }));
    }) as unknown as typeof fetch;
    expect(await liveCommit('https://www.example.com', healthy)).toBe(C1);
    expect(asked).toBe('https://www.example.com/api/health');
    expect(
      await liveCommit(
        'https://www.example.com',
        answering(503, { success: false, status: 'misconfigured' }),
      ),
    ).toBeNull();
    expect(
      await liveCommit('https://www.example.com', answering(200, { success: true, commit: null })),
    ).toBeNull();
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect(await liveCommit('https://www.example.com', down)).toBeNull();
    expect(await liveCommit(undefined, healthy)).toBeNull();
  });
});

describe('.github/workflows/deploy.yml: the choice is the workflow’s, not a person’s', () => {
  it('the target job computes the GitHub environment from the live Worker', () => {
    const target = workflow.jobs.target!;
    expect(target.outputs?.github_environment).toBe('${{ steps.target.outputs.github_environment }}');
    const step = target.steps.find((s) => s.id === 'target')!;
    expect(step.run).toBe('node scripts/deploy-target.ts');
    expect(step.env?.SITE_URL_PRODUCTION).toBe('${{ vars.SITE_URL_PRODUCTION }}');
  });

  it('the deploy job waits in that environment, one deploy an environment at a time', () => {
    const deploy = workflow.jobs.deploy!;
    expect(deploy.environment).toBe('${{ needs.target.outputs.github_environment }}');
    // Content and code deploys to production share one queue: the check below holds until the deploy.
    expect(deploy.concurrency?.group).toBe('deploy-${{ needs.target.outputs.environment }}');
    expect(Object.values(githubEnvironments)).toEqual(['production', 'production-content', 'staging']);
  });

  it('the deploy job checks the commit again before deploying, always', () => {
    const steps = workflow.jobs.deploy!.steps;
    const verify = steps.findIndex((s) => s.run === 'node scripts/deploy-target.ts --verify');
    const deploy = steps.findIndex((s) => /npm run deploy/.test(s.run ?? ''));
    expect(verify).toBeGreaterThan(-1);
    expect(verify).toBeLessThan(deploy);
    expect(steps[verify]!.if).toBeUndefined();
    expect(steps[verify]!.env).toMatchObject({
      GITHUB_DEPLOY_ENVIRONMENT: '${{ needs.target.outputs.github_environment }}',
      SITE_URL_PRODUCTION: '${{ vars.SITE_URL_PRODUCTION }}',
    });
  });
});

describe('.github/workflows/ci.yml: the check protected main requires where reviewers are not on the plan', () => {
  it('runs `npm test` on every pull request into main, as the job named test', () => {
    const ci = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as {
      on: { pull_request?: { branches?: string[] } };
      jobs: Record<string, Job>;
    };
    expect(ci.on.pull_request?.branches).toEqual(['main']);
    expect(ci.jobs.test!.steps.some((s) => s.run === 'npm test')).toBe(true);
  });
});
