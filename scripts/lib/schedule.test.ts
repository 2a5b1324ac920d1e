import { describe, expect, it } from 'vitest';
import { CRONS } from '#schemas/schedule.ts';
import { readWranglerConfig, remoteTargets, wranglerEnvOf } from './wrangler-config.ts';

describe('Cron Triggers', () => {
  it.each(remoteTargets)('%s has one trigger for each scheduled job, and none for nothing', (target) => {
    const crons = readWranglerConfig(wranglerEnvOf(target)).triggers?.crons ?? [];
    expect(crons).toEqual(Object.values(CRONS));
  });
});
