// The shipped deploy workflow gates every deploy on `npm test`, holds
// production for an approval, deploys the environment the event names and only that one, and asks
// for the API token permissions docs/deploying.md lists.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deployHookPayload } from '#schemas/build.ts';
import { deployTarget, DeployTargetError } from './deploy-target.ts';
import { failedStep, runReport } from './build-report.ts';

interface Step {
  run?: string;
  uses?: string;
  if?: string;
  name?: string;
  id?: string;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  environment?: string;
  if?: string;
  steps: Step[];
  outputs?: Record<string, string>;
  env?: Record<string, string>;
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

  it('asks for the same API token permissions as docs/deploying.md', () => {
    const fromWorkflow = [
      ...workflowText.matchAll(/^# {3}- ((?:Account|Zone|User) \/ .+ \/ (?:Read|Edit))$/gm),
    ].map((m) => m[1]);
    const readme = readFileSync('docs/deploying.md', 'utf8');
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

/** The steps of a job that run scripts/report-build.ts, with the outcome each reports. */
const reports = (job: Job) =>
  job.steps.flatMap((s) => {
    const m = /node scripts\/report-build\.ts (\w+)/.exec(s.run ?? '');
    return m ? [{ outcome: m[1]!, step: s }] : [];
  });
/** Where a report step reads the Worker's address and the token: its own env, or its job's. */
const reportEnv = (job: Job, step: Step) => ({ ...job.env, ...step.env });

describe('.github/workflows/deploy.yml tells the Worker how a Publish goes', () => {
  it('reports the start before the tests, which run without the build token', () => {
    const test = workflow.jobs.test!;
    const [start] = reports(test);
    expect(start?.outcome).toBe('building');
    const at = test.steps.indexOf(start!.step);
    expect(at).toBeLessThan(test.steps.findIndex((s) => s.run === 'npm test'));
    // Node only, before any `npm ci`: the reporter imports nothing from node_modules.
    expect(test.steps.slice(0, at).some((s) => s.run === 'npm ci')).toBe(false);
    expect(reportEnv(test, start!.step)).toMatchObject({
      SNAPSHOT_URL: '${{ needs.target.outputs.snapshot_url }}',
      BUILD_TOKEN: '${{ secrets.BUILD_TOKEN }}',
    });
    // The token is the report step's only: `npm test` runs code that needs no secret.
    expect(test.env?.BUILD_TOKEN).toBeUndefined();
  });

  it('reports the wait for a reviewer once the tests passed, for production Publishes', () => {
    const approval = workflow.jobs.approval!;
    expect(needs(approval)).toEqual(['target', 'test']);
    // Only where a reviewer holds the deploy: production's reviewed GitHub environment.
    expect(approval.if).toMatch(/needs\.target\.outputs\.(github_)?environment == 'production'/);
    expect(reports(approval).map((r) => r.outcome)).toEqual(['waiting']);
  });

  it('reports the build once approved, and marks each phase for the failure report', () => {
    const deploy = workflow.jobs.deploy!;
    const runs = deploy.steps.map((s) => s.run ?? '');
    const building = runs.findIndex((r) => r.includes('report-build.ts building'));
    const build = runs.indexOf('npm run build -- --env "$TARGET"');
    const deploying = deploy.steps.findIndex((s) => s.id === 'deploying');
    expect(building).toBeGreaterThan(-1);
    expect(building).toBeLessThan(build);
    expect(deploy.steps[building]!.id).toBe('building');
    expect(deploying).toBeGreaterThan(build);
    expect(deploying).toBeLessThan(runs.indexOf('npm run deploy -- --env "$TARGET"'));
    expect(deploy.outputs?.step).toBe('${{ steps.deploying.outputs.step || steps.building.outputs.step }}');
  });

  it('reports a failed run last, whichever job stopped it, with the jobs’ results for the step', () => {
    const last = workflow.jobs.report!;
    expect(needs(last)).toEqual(['target', 'test', 'deploy']);
    expect(last.if).toMatch(/always\(\)/);
    expect(last.if).toContain("github.event_name == 'repository_dispatch'");
    const [failed] = reports(last);
    expect(failed?.outcome).toBe('failed');
    expect(reportEnv(last, failed!.step)).toMatchObject({
      TEST_RESULT: '${{ needs.test.result }}',
      DEPLOY_RESULT: '${{ needs.deploy.result }}',
      DEPLOY_STEP: '${{ needs.deploy.outputs.step }}',
      SNAPSHOT_URL: '${{ needs.target.outputs.snapshot_url }}',
    });
  });
});

describe('runReport: what each report step sends', () => {
  const run = {
    GITHUB_EVENT_NAME: 'repository_dispatch',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/site',
    GITHUB_RUN_ID: '42',
  };
  const LOG = 'https://github.com/acme/site/actions/runs/42';

  it('says where the run failed: the tests, the approval, the build or the deploy', () => {
    expect(failedStep({ test: 'failure', deploy: 'skipped', deployStep: '' })).toBe('test');
    expect(failedStep({ test: 'cancelled', deploy: 'skipped', deployStep: '' })).toBe('test');
    expect(failedStep({ test: 'success', deploy: 'failure', deployStep: '' })).toBe('approval');
    expect(failedStep({ test: 'success', deploy: 'cancelled', deployStep: '' })).toBe('approval');
    expect(failedStep({ test: 'success', deploy: 'failure', deployStep: 'build' })).toBe('build');
    expect(failedStep({ test: 'success', deploy: 'failure', deployStep: 'deploy' })).toBe('deploy');
    expect(failedStep({ test: 'success', deploy: 'success', deployStep: 'deploy' })).toBeNull();
  });

  it('sends the outcome with the run’s log, for Publishes only', () => {
    expect(runReport('building', run)).toEqual({ outcome: 'building', logUrl: LOG });
    expect(runReport('waiting', run)).toEqual({ outcome: 'waiting', logUrl: LOG });
    expect(
      runReport('failed', { ...run, TEST_RESULT: 'success', DEPLOY_RESULT: 'failure', DEPLOY_STEP: 'build' }),
    ).toEqual({ outcome: 'failed', step: 'build', logUrl: LOG });
    expect(runReport('failed', { ...run, TEST_RESULT: 'success', DEPLOY_RESULT: 'success' })).toBeNull();
    // A push or a run by hand: nobody in the back office waits on it.
    expect(runReport('building', { ...run, GITHUB_EVENT_NAME: 'push' })).toBeNull();
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
