// The files the build writes after Astro's own (island props, directives' scripts, a fold's
// stylesheet: scripts/build/deferred-islands.ts, scripts/build/page-css.ts), named by their content's
// hash under /_astro/, which is cached for a year (public/_headers): a changed file is a new URL.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The URL of `content` as a build file: /_astro/<name>.<hash>.<extension>. */
export function hashedUrl(name: string, extension: string, content: string) {
  const hash = createHash('sha256').update(content).digest('base64url').slice(0, 10);
  return `/_astro/${name}.${hash}.${extension}`;
}

/** Writes a build file named by its content's hash (writeHashedFile under one dist); returns its URL. */
export type WriteHashed = (name: string, extension: string, content: string) => string;

/** Writes `content` to /_astro/<name>.<hash>.<extension> under dist (once per content); returns its URL. */
export function writeHashedFile(dist: string, name: string, extension: string, content: string) {
  const url = hashedUrl(name, extension, content);
  const file = join(dist, url);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return url;
}
