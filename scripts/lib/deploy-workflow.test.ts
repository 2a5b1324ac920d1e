// Issue 32 items 3, 5 and 8: the shipped deploy workflow gates every deploy on `npm test`, holds
// production for an approval, deploys the environment the event names and only that one, and asks
// for the API token permissions the README lists.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deployHookPayload } from '#schemas/build.ts';
import { deployTarget, DeployTargetError } from './deploy-target.ts';

interface Step {
  run?: string;
  uses?: string;
  if?: string;
  name?: string;
}
interface Job {
  needs?: string | string[];
  environment?: string;
  steps: Step[];
  outputs?: Record<string, string>;
}
const workflowText = readFileSync('.github/workflows/deploy.yml', 'utf8');
const workflow = parse(workflowText) as { jobs: Record<string, Job> };
const needs = (job: Job) => [job.needs ?? []].flat();

/** Every deploying step (wrangler, npm run deploy) of the workflow, by job. */
const deployingJobs = () =>
  Object.entries(workflow.jobs).filter(([, job]) =>
    job.steps.some((s) => /npm run deploy|wrangler/.test(s.run ?? '')),
  );

describe('.github/workflows/deploy.yml', () => {
  it('deploys only after `npm test` passed on the commit, in the job the deploy needs', () => {
    const [[name, deploy]] = deployingJobs() as [[string, Job]];
    expect(name).toBe('deploy');
    const gate = workflow.jobs.test!;
    expect(needs(deploy)).toContain('test');
    expect(gate.steps.some((s) => s.run === 'npm test')).toBe(true);
    // The only skip: a marker saved after `npm test` passed on this very SHA.
    const save = gate.steps.findIndex((s) => s.uses?.startsWith('actions/cache/save'));
    const test = gate.steps.findIndex((s) => s.run === 'npm test');
    expect(save).toBeGreaterThan(test);
    expect(workflowText).toContain('key: tested-${{ github.sha }}');
  });

  it('holds the deploy in the GitHub environment the target job chose (new code: production’s reviewers)', () => {
    const deploy = workflow.jobs.deploy!;
    // Which one, and why: scripts/lib/deploy-approval.test.ts.
    expect(deploy.environment).toBe('${{ needs.target.outputs.github_environment }}');
    expect(needs(deploy)).toContain('target');
    expect(workflow.jobs.target!.steps.some((s) => s.run === 'node scripts/deploy-target.ts')).toBe(true);
  });

  it('builds and deploys that environment only: both commands name it', () => {
    const runs = workflow.jobs.deploy!.steps.map((s) => s.run).filter(Boolean);
    expect(runs).toContain('npm run build -- --env "$TARGET"');
    expect(runs).toContain('npm run deploy -- --env "$TARGET"');
    expect(workflowText).toContain('TARGET: ${{ needs.target.outputs.environment }}');
  });

  it('asks for the same API token permissions as the README', () => {
    const fromWorkflow = [
      ...workflowText.matchAll(/^# {3}- ((?:Account|Zone|User) \/ .+ \/ (?:Read|Edit))$/gm),
    ].map((m) => m[1]);
    const readme = readFileSync('README.md', 'utf8');
    const block = /<!-- api-token-permissions[^>]*-->([\s\S]*?)<!-- \/api-token-permissions -->/.exec(
      readme,
    )?.[1];
    const fromReadme = [
      ...(block ?? '').matchAll(/^\s*- ((?:Account|Zone|User) \/ .+ \/ (?:Read|Edit))$/gm),
    ].map((m) => m[1]);
    expect(fromWorkflow.length).toBeGreaterThan(3);
    expect(fromReadme).toEqual(fromWorkflow);
  });
});

describe('deployTarget: the environment a run deploys', () => {
  const publish = (environment: unknown) => ({ event_type: 'publish', client_payload: { environment } });

  it('a push to main is production; a run by hand is the one chosen', () => {
    expect(deployTarget('push', {})).toBe('production');
    expect(deployTarget('workflow_dispatch', { inputs: { environment: 'staging' } })).toBe('staging');
    expect(deployTarget('workflow_dispatch', { inputs: { environment: 'production' } })).toBe('production');
  });

  it('a Publish deploys the environment its Worker named, as the Worker sends it', () => {
    const body = deployHookPayload.parse(publish('staging'));
    expect(deployTarget('repository_dispatch', body)).toBe('staging');
    expect(deployTarget('repository_dispatch', publish('production'))).toBe('production');
  });

  it('a Publish naming no environment, or an unknown one, deploys nothing (never production by default)', () => {
    for (const event of [{ event_type: 'publish' }, publish('test'), publish('development'), publish('prod')])
      expect(() => deployTarget('repository_dispatch', event)).toThrow(DeployTargetError);
    expect(() => deployTarget('repository_dispatch', { event_type: 'publish' })).toThrow(
      'The deploy hook named no environment',
    );
    expect(() => deployTarget('schedule', {})).toThrow(DeployTargetError);
    expect(() => deployTarget('workflow_dispatch', { inputs: {} })).toThrow(DeployTargetError);
  });
});
