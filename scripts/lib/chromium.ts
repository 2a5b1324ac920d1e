// Debian's Chromium, the two builds this project drives (Playwright cannot download browsers here).
import { existsSync } from 'node:fs';
import { run } from './run.ts';

export interface DebianChromium {
  /** The executable (an environment variable names another). */
  path: string;
  /** The Debian package that installs it at its default path. */
  debianPackage: string;
}

/**
 * The browser tests and the launch rehearsal: Debian's `chromium-headless-shell`, the same Blink
 * and V8 as the browser without its windowing layer, as Playwright's own downloads use for headless
 * runs. On two cores the browser tests take a quarter less time in it than in the full browser
 * (clean-clone runs: 314–345 s against 419–459 s; the tests' own durations add up to 601 s against
 * 881 s). It draws text with slightly different anti-aliasing and whole-pixel advances, so the
 * screen-state baselines are this build's.
 */
export const testChromium: DebianChromium = {
  path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  debianPackage: 'chromium-headless-shell',
};

/** Lighthouse measures the browser people run: Debian's full `chromium`. */
export const fullChromium: DebianChromium = {
  path: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  debianPackage: 'chromium',
};

/**
 * Launch flags for a test browser as root on this closed network: no sandbox (root), no GPU, and
 * none of Chromium's own connections (each is refused here, many at a time, and looked up at start).
 */
export const testChromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Installs the build's Debian package when its executable is missing; answers the executable. */
export async function ensureChromium({ path, debianPackage }: DebianChromium) {
  if (existsSync(path)) return path;
  console.log(`${path} is missing: installing Debian's ${debianPackage} package…`);
  await run('apt-get', ['update']);
  await run('apt-get', ['install', '-y', '--no-install-recommends', debianPackage], {
    DEBIAN_FRONTEND: 'noninteractive',
  });
  if (!existsSync(path))
    throw new Error(`${debianPackage} is installed but ${path} is not there: set the path's variable`);
  return path;
}
