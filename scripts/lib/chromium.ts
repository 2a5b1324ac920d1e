// Debian's Chromium, the two builds this project drives (Playwright cannot download browsers here).
import { existsSync } from 'node:fs';
import { run } from './run.ts';

interface DebianChromium {
  /** The executable: `variable`'s value, or where the package installs it. */
  path: string;
  /** The environment variable that names another executable. */
  variable: string;
  /** The Debian package, and where it installs the executable. */
  debianPackage: string;
  packagePath: string;
}

const debianChromium = (variable: string, debianPackage: string, packagePath: string): DebianChromium => ({
  path: process.env[variable] ?? packagePath,
  variable,
  debianPackage,
  packagePath,
});

/**
 * The browser tests and the launch rehearsal: Debian's `chromium-headless-shell`, the same Blink
 * and V8 as the browser without its windowing layer, as Playwright's own downloads use for headless
 * runs. On two cores the browser tests take a quarter less time in it than in the full browser
 * (clean-clone runs: 314–345 s against 419–459 s; the tests' own durations add up to 601 s against
 * 881 s). It draws text with slightly different anti-aliasing and, by default, whole-pixel glyph
 * advances: the screen states run it with `--font-render-hinting=none` (playwright.config.ts), which
 * lays text out as the full browser does, and their screenshots are this build's.
 */
export const testChromium = debianChromium(
  'CHROMIUM_PATH',
  'chromium-headless-shell',
  '/usr/bin/chromium-headless-shell',
);

/** Lighthouse measures the browser people run: Debian's full `chromium`. */
export const fullChromium = debianChromium('CHROME_PATH', 'chromium', '/usr/bin/chromium');

/**
 * Launch flags for either build as root on this closed network: no sandbox (root), no GPU, and none
 * of Chromium's own connections (each is refused here, many at a time, and looked up at start).
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Installs the build's Debian package when its executable is missing; answers the executable. A
 * path of one's own that is missing is an error: the package would not put anything there.
 */
export async function ensureChromium({ path, variable, debianPackage, packagePath }: DebianChromium) {
  if (existsSync(path)) return path;
  if (path !== packagePath) throw new Error(`No browser at ${path}, the path ${variable} names`);
  console.log(`${path} is missing: installing Debian's ${debianPackage} package…`);
  await run('apt-get', ['update']);
  await run('apt-get', ['install', '-y', '--no-install-recommends', debianPackage], {
    DEBIAN_FRONTEND: 'noninteractive',
  });
  if (!existsSync(path)) throw new Error(`${debianPackage} is installed but ${path} is not there`);
  return path;
}
