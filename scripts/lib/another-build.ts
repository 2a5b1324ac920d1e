// A built site as the next deploy would make it, without building again: every file under `_astro/`
// (chunks, island props, stylesheets, fonts; all named by their content hash) moved under
// `_astro/<tag>/`, and every reference to one rewritten, so no URL of one build is a URL of the
// other. What an open tab meets after a deploy: its page names files the server
// no longer has. Used by the browser test (e2e/open-tab-across-deploy.spec.ts) to serve the build
// a tab loaded before a deploy, and by the launch rehearsal to deploy a second version.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Files whose text can name a build file (the rest are copied as they are). */
export const TEXT_FILE = /\.(html|js|mjs|css|json|svg|xml|txt|webmanifest)$/;
const INLINE = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g;

/** Text of one build with its references to `_astro/…` moved to `_astro/<tag>/…`. */
export const movedRefs = (text: string, tag: string) => text.replaceAll('_astro/', `_astro/${tag}/`);

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** The bodies of a page's inline scripts and styles, in order. */
const inlineBodies = (html: string) =>
  [...html.matchAll(INLINE)].filter((m) => !/\ssrc=/.test(m[2]!)).map((m) => m[3]!);

/**
 * A page with its references moved, and its Content-Security-Policy's hashes of inline scripts and
 * styles (the page's meta tag, scripts/build/page-css.ts) recomputed for the bodies that changed.
 */
export function movedPage(html: string, tag: string) {
  let out = movedRefs(html, tag);
  const before = inlineBodies(html);
  const after = inlineBodies(out);
  for (const [i, body] of before.entries()) {
    if (after[i] === undefined || after[i] === body) continue;
    out = out.replaceAll(`'sha256-${sha256(body)}'`, `'sha256-${sha256(after[i])}'`);
  }
  return out;
}

/** Copies the built site in `dist` to `out` as another build (its files under `_astro/<tag>/`). */
export function copyAsAnotherBuild(dist: string, out: string, tag: string) {
  rmSync(out, { recursive: true, force: true });
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const from = join(dir, name);
      const rel = relative(dist, from);
      if (statSync(from).isDirectory()) {
        walk(from);
        continue;
      }
      const to = join(out, rel.startsWith(`_astro/`) ? `_astro/${tag}/${rel.slice('_astro/'.length)}` : rel);
      mkdirSync(join(to, '..'), { recursive: true });
      if (!TEXT_FILE.test(name)) cpSync(from, to);
      else {
        const text = readFileSync(from, 'utf8');
        writeFileSync(to, name.endsWith('.html') ? movedPage(text, tag) : movedRefs(text, tag));
      }
    }
  };
  walk(dist);
}
