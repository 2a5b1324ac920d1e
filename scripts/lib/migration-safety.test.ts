// Migrations expand, then contract. A migration that drops or renames a table or
// column the previous release reads is refused unless it carries a two-release plan.
import { describe, expect, it } from 'vitest';
import { migrationProblems, readMigrations, type Migration } from './migration-safety.ts';

const shipped = readMigrations();
const last = shipped.at(-1)!;
/** The schema the last shipped migration's code declared, with `edit` applied. */
function declaredWithout(item: string) {
  const declared = new Map([...last.declared].map(([t, c]) => [t, new Set(c)]));
  const [table, column] = item.split('.') as [string, string | undefined];
  if (column) declared.get(table)!.delete(column);
  else declared.delete(table);
  return declared;
}
const next = (tag: string, sql: string, declared = last.declared): Migration => ({ tag, sql, declared });

describe('expand, then contract (db/migrations)', () => {
  it('every shipped migration only expands', () => {
    expect(shipped.length).toBeGreaterThan(10);
    expect(migrationProblems(shipped)).toEqual([]);
  });

  it.each([
    [
      'drops a column',
      'ALTER TABLE `job_alerts` DROP COLUMN `previous_digested_until`;',
      'job_alerts.previous_digested_until',
    ],
    [
      'renames a column',
      'ALTER TABLE `job_alerts` RENAME COLUMN `keywords` TO `words`;',
      'job_alerts.keywords',
    ],
    ['drops a table', 'DROP TABLE `scheduled_state`;', 'scheduled_state'],
    ['renames a table', 'ALTER TABLE `scheduled_state` RENAME TO `job_state`;', 'scheduled_state'],
    [
      'rebuilds a table without a column',
      'CREATE TABLE `__new_scheduled_state` (`job` text PRIMARY KEY NOT NULL, `state` text NOT NULL);\n--> statement-breakpoint\nINSERT INTO `__new_scheduled_state` SELECT `job`, `state` FROM `scheduled_state`;--> statement-breakpoint\nDROP TABLE `scheduled_state`;--> statement-breakpoint\nALTER TABLE `__new_scheduled_state` RENAME TO `scheduled_state`;',
      'scheduled_state.updated_at',
    ],
  ])('refuses a migration that %s the previous release reads, without a plan', (_, sql, item) => {
    expect(migrationProblems([...shipped, next('0012_contract', sql)])).toEqual([
      expect.objectContaining({
        tag: '0012_contract',
        removes: item,
        problem: expect.stringMatching(/previous release still reads it/),
      }),
    ]);
  });

  it('accepts a table rebuilt with every column (what drizzle-kit writes to change a constraint)', () => {
    const sql =
      'CREATE TABLE `__new_scheduled_state` (`job` text PRIMARY KEY NOT NULL, `state` text NOT NULL, `updated_at` integer NOT NULL);\n--> statement-breakpoint\nINSERT INTO `__new_scheduled_state` SELECT * FROM `scheduled_state`;--> statement-breakpoint\nDROP TABLE `scheduled_state`;--> statement-breakpoint\nALTER TABLE `__new_scheduled_state` RENAME TO `scheduled_state`;';
    expect(migrationProblems([...shipped, next('0012_rebuild', sql)])).toEqual([]);
  });

  it('accepts the drop in a second release, when the first stopped reading it and the marker names that release', () => {
    const item = 'job_alerts.previous_digested_until';
    const stop = next('0012_stop_reading_window', 'SELECT 1;', declaredWithout(item));
    const drop = next(
      '0013_drop_window',
      `-- two-release plan: drops ${item}; unread since 0012_stop_reading_window\nALTER TABLE \`job_alerts\` DROP COLUMN \`previous_digested_until\`;`,
      declaredWithout(item),
    );
    expect(migrationProblems([...shipped, stop, drop])).toEqual([]);
  });

  it('refuses a plan whose named release still declared it, or that names no earlier migration', () => {
    const item = 'job_alerts.previous_digested_until';
    const sql = (since: string) =>
      `-- two-release plan: drops ${item}; unread since ${since}\nALTER TABLE \`job_alerts\` DROP COLUMN \`previous_digested_until\`;`;
    expect(migrationProblems([...shipped, next('0012_drop', sql(last.tag))])).toEqual([
      expect.objectContaining({ removes: item, problem: expect.stringMatching(/still declares it/) }),
    ]);
    expect(migrationProblems([...shipped, next('0012_drop', sql('0099_future'))])).toEqual([
      expect.objectContaining({ removes: item, problem: expect.stringMatching(/not an earlier migration/) }),
    ]);
  });
});
