import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tokenSecretProblem } from '#functions/lib/token-secret.ts';
import { ensureDevVars, parseDevVars } from './dev-vars.ts';

describe('.dev.vars as `npm start` writes it', () => {
  it("holds a TOKEN_SECRET that passes production's rule, fresh for every clone", () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const secrets = [1, 2, 3].map(() => {
      const root = mkdtempSync(join(tmpdir(), 'dev-vars-'));
      ensureDevVars(root);
      return parseDevVars(readFileSync(join(root, '.dev.vars'), 'utf8')).TOKEN_SECRET;
    });
    for (const secret of secrets) expect(tokenSecretProblem(secret)).toBeNull();
    expect(new Set(secrets).size).toBe(3);
    vi.restoreAllMocks();
  });
});
