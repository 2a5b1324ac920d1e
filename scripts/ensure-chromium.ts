// Browser tests use Debian's Chromium (Playwright cannot download browsers here): install it if missing.
import { existsSync } from 'node:fs';
import { run } from './lib/run.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log("Chromium is missing: installing Debian's chromium package…");
  await run('apt-get', ['update']);
  await run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    DEBIAN_FRONTEND: 'noninteractive',
  });
}
