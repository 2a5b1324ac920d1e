import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashedUrl, writeHashedFile } from './hashed-file.ts';

describe('hashed build files', () => {
  const dirs: string[] = [];
  const dist = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hashed-file-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('names a file under /_astro/ by the first 10 base64url characters of its content’s SHA-256', () => {
    expect(hashedUrl('styles/page', 'css', 'a{}')).toMatch(/^\/_astro\/styles\/page\.[\w-]{10}\.css$/);
    expect(hashedUrl('props/island', 'json', '{}')).toBe('/_astro/props/island.RBNvo1WzZ4.json');
  });

  it('gives the same content the same URL and other content another', () => {
    expect(hashedUrl('x', 'js', 'one')).toBe(hashedUrl('x', 'js', 'one'));
    expect(hashedUrl('x', 'js', 'one')).not.toBe(hashedUrl('x', 'js', 'two'));
  });

  it('writes the file at its URL under dist, folders included, once', () => {
    const root = dist();
    const url = writeHashedFile(root, 'directives/visible', 'js', 'code');
    expect(url).toBe(hashedUrl('directives/visible', 'js', 'code'));
    expect(readFileSync(join(root, url), 'utf8')).toBe('code');
    // A file already there is the same content (its name is its hash): it is not written again.
    writeFileSync(join(root, url), 'left alone');
    expect(writeHashedFile(root, 'directives/visible', 'js', 'code')).toBe(url);
    expect(readFileSync(join(root, url), 'utf8')).toBe('left alone');
  });
});
