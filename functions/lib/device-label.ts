/**
 * A person-readable name for the browser that signs in ("Chrome on Android", "Safari on iPhone"),
 * for the list of signed-in devices. Only the browser's and the system's names are kept (no version,
 * no model): enough to tell one's phone from one's laptop, and nothing that identifies the device.
 */
export function deviceLabel(userAgent: string | undefined) {
  if (!userAgent) return 'Unknown browser';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return 'Unknown browser';
  if (!system) return browser!;
  return `${browser ?? 'A browser'} on ${system}`;
}

// Order matters: several browsers name the engine they are built on too (Edge says Chrome and
// Safari, Chrome says Safari), so the more specific come first.
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bHeadlessChrome\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];
