import { env, applyD1Migrations } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '#db/client.ts';
import { seedDatabase, validateContent } from '#db/seed.ts';
import { rawContent } from './content.ts';
import { resetStorage } from './reset-storage.ts';

// The API tests share one workerd's storage from file to file (vitest.config.ts `isolate: false`):
// this is what keeps one file's rows and uploads from reaching the next.
describe('resetStorage', () => {
  it('leaves no table, full-text index, trigger or stored file, and the migrations apply again', async () => {
    await env.FILES.put('uploads/left-behind.txt', 'x');
    await env.DB.exec(`CREATE TABLE left_behind (v TEXT); INSERT INTO left_behind VALUES ('x')`);
    const count = (table: string) =>
      env.DB.prepare(`SELECT count(*) AS n FROM ${table}`)
        .first<{ n: number }>()
        .then((r) => r?.n);
    const seeded = await count('subjects');
    expect(seeded).toBeGreaterThan(0);

    await resetStorage(env.DB, env.FILES);

    const left = await env.DB.prepare(
      `SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'`,
    ).all();
    expect(left.results).toEqual([]);
    expect((await env.FILES.list()).objects).toEqual([]);

    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
    await seedDatabase(createDb(env.DB), validateContent(rawContent));
    // The seed once, not on top of what was there; its search index rebuilt by the triggers.
    expect(await count('subjects')).toBe(seeded);
    expect(await count('subjects_fts')).toBe(seeded);
  });
});
