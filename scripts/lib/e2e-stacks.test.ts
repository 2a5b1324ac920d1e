import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eStack, isStackFolder } from './e2e-stacks.ts';

describe('the browser tests’ stack folders', () => {
  it('knows every stack’s folder, for any number of workers', () => {
    for (const index of [0, 1, 2, 9, 12])
      expect(isStackFolder(basename(e2eStack(index).persistTo))).toBe(true);
  });

  it('leaves every other local state folder alone', () => {
    for (const name of ['state', 'smoke-load', 'photos', 'rehearse', 'e2e-0', 'e2e-x', 'e2ex', 'e2e-1-old'])
      expect(isStackFolder(name)).toBe(false);
  });
});
