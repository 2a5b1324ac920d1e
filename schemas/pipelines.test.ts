import { describe, expect, it } from 'vitest';
import { pipelineNames, pipelines, type Stage } from './pipelines.ts';

describe('schemas/pipelines.ts', () => {
  it('every status has both labels and a next step, and every move leads to a known status', () => {
    for (const name of pipelineNames) {
      const p = pipelines[name];
      const stages = p.stages as Record<string, Stage>;
      expect(Object.keys(stages).sort()).toEqual([...p.statuses].sort());
      for (const [status, stage] of Object.entries(stages)) {
        expect(stage.staffLabel, `${name}.${status}`).toBeTruthy();
        expect(stage.personLabel, `${name}.${status}`).toBeTruthy();
        expect(stage.next, `${name}.${status}`).toBeTruthy();
        for (const to of (p.transitions as Record<string, readonly string[]>)[status]!)
          expect(p.statuses).toContain(to);
      }
    }
  });

  it('a status value shared by pipelines has one staff label', () => {
    const seen = new Map<string, string>();
    for (const name of pipelineNames) {
      for (const [status, stage] of Object.entries(pipelines[name].stages as Record<string, Stage>)) {
        expect(seen.get(status) ?? stage.staffLabel, status).toBe(stage.staffLabel);
        seen.set(status, stage.staffLabel);
      }
    }
  });

  it('staff and person labels differ where the person reads news about themselves', () => {
    expect(pipelines.job_application.stages.rejected).toMatchObject({
      staffLabel: 'Rejected',
      personLabel: 'Not selected',
    });
    expect(pipelines.subscription.stages.offer).toMatchObject({
      staffLabel: 'Offer',
      personLabel: 'Offer received',
    });
  });
});
