// A deploy records a D1 Time Travel bookmark before migrating, prints how to undo
// itself, and the rollback runs exactly the commands it printed.
import { describe, expect, it } from 'vitest';
import { commandLine, deployWithUndo, rollBack, type Wrangler } from './deploy-steps.ts';

/** A wrangler that records its commands and answers like the real one. */
function fakeWrangler({ deployed = true } = {}) {
  const calls: string[][] = [];
  const wrangler: Wrangler = async (args) => {
    calls.push(args);
    const command = args.join(' ');
    if (command.startsWith('deployments status')) {
      if (!deployed) throw new Error('The Worker bridgeway-global has no deployments.');
      return JSON.stringify({ versions: [{ version_id: 'v-old', percentage: 100 }] });
    }
    if (command.startsWith('d1 time-travel info'))
      return `⛅️ wrangler\n${JSON.stringify({ bookmark: '00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683' })}`;
    return '';
  };
  return { calls, wrangler };
}

describe('deployWithUndo', () => {
  it('notes the live version and a bookmark before migrating, then deploys, and prints both undo commands', async () => {
    const { calls, wrangler } = fakeWrangler();
    const lines: string[] = [];
    const started = Date.now();
    const record = await deployWithUndo({
      wrangler,
      envArgs: ['--env', 'staging'],
      commit: 'abc123',
      log: (l) => lines.push(l),
    });
    expect(calls.map((c) => c.slice(0, 3).join(' '))).toEqual([
      'deployments status --json',
      'd1 time-travel info',
      'd1 migrations apply',
      'deploy --env staging',
    ]);
    expect(calls.every((c) => c.join(' ').includes('--env staging'))).toBe(true);
    expect(record).toEqual({
      previousVersion: 'v-old',
      bookmark: '00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683',
      bookmarkedAt: expect.any(String),
      envArgs: ['--env', 'staging'],
    });
    // Taken before the bookmark was asked for: a reconcile from then misses nothing written after it.
    expect(Date.parse(record.bookmarkedAt)).toBeLessThanOrEqual(started + 1000);
    expect(Date.parse(record.bookmarkedAt)).toBeGreaterThanOrEqual(started - 1000);
    const text = lines.join('\n');
    expect(lines[0]).toContain(
      'npx wrangler d1 time-travel restore DB --bookmark=00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683 --env staging',
    );
    expect(text).toContain(
      'npx wrangler rollback v-old --message "Rolled back by the runbook" --env staging',
    );
    // Restoring data erases the payments Stripe's webhook wrote since: the log says how to put them back.
    expect(lines[0]).toContain(`npm run reconcile -- --since ${record.bookmarkedAt} --env staging`);
    expect(text.split('\n').filter((l) => l.includes('npm run reconcile'))).toHaveLength(2);

    // The rollback runs what was printed.
    const undo = fakeWrangler();
    const ran = await rollBack(undo.wrangler, record, { data: true });
    expect(undo.calls).toEqual(ran);
    expect(ran).toHaveLength(2);
    for (const args of ran) expect(text).toContain(commandLine(args));
  });

  it('on a first deploy there is no version to roll back to: it says so and still bookmarks the data', async () => {
    const { wrangler } = fakeWrangler({ deployed: false });
    const lines: string[] = [];
    const record = await deployWithUndo({ wrangler, envArgs: [], log: (l) => lines.push(l) });
    expect(record.previousVersion).toBeNull();
    expect(lines.join('\n')).toContain('nothing to roll back to (the first deploy)');
    const undo = fakeWrangler();
    expect(await rollBack(undo.wrangler, record)).toEqual([]);
  });
});
