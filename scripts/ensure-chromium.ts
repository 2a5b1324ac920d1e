// Browser tests use Debian's headless Chromium (scripts/lib/chromium.ts): install it if missing.
import { ensureChromium, testChromium } from './lib/chromium.ts';

await ensureChromium(testChromium);
