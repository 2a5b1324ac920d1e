import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentFiles, type ContentFileName } from '#schemas/content.ts';
import { validateContent } from '#db/seed.ts';

export const contentDir = join(import.meta.dirname, '..', '..', 'content');

/** Reads every content file from disk and validates it (throws ContentError naming file and field). */
export async function loadContent(dir = contentDir) {
  const raw: Partial<Record<ContentFileName, unknown>> = {};
  for (const file of Object.keys(contentFiles) as ContentFileName[]) {
    const text = await readFile(join(dir, file), 'utf8').catch(() => undefined);
    if (text === undefined) continue; // reported as missing by validateContent
    try {
      raw[file] = JSON.parse(text);
    } catch (error) {
      throw new Error(`content/${file}: is not valid JSON (${(error as Error).message})`, { cause: error });
    }
  }
  return validateContent(raw);
}
