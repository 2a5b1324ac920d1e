import { describe, expect, it } from 'vitest';
import { failedUrl } from './stale-build.ts';

describe('failedUrl: the build file a failed load names', () => {
  it('reads the URL from Chromium’s, Firefox’s and Vite’s messages', () => {
    expect(
      failedUrl(
        new TypeError(
          'Failed to fetch dynamically imported module: https://www.example.com/_astro/Form.Bx1.js',
        ),
      ),
    ).toBe('https://www.example.com/_astro/Form.Bx1.js');
    expect(
      failedUrl(
        new TypeError('error loading dynamically imported module: http://127.0.0.1:8787/_astro/a.js'),
      ),
    ).toBe('http://127.0.0.1:8787/_astro/a.js');
    expect(failedUrl(new Error('Unable to preload CSS for /_astro/Dialog.C9.css'))).toBe(
      '/_astro/Dialog.C9.css',
    );
  });

  it('names nothing for other errors, or where the browser gives no URL', () => {
    expect(failedUrl(new TypeError('Importing a module script failed.'))).toBeUndefined();
    expect(failedUrl(new Error('https://www.example.com/api/x: HTTP 500'))).toBeUndefined();
    expect(failedUrl({ message: 'Failed to fetch dynamically imported module: x' })).toBeUndefined();
    expect(failedUrl(undefined)).toBeUndefined();
  });
});
