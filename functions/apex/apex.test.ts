// The bare domain (https://example.com) is served by a Worker of its own (wrangler.apex.toml) whose
// every answer is a permanent redirect to the same path on the site's origin (SITE_URL, www).
import { describe, expect, it } from 'vitest';
import apex from './apex.ts';

const env = { SITE_URL: 'https://www.bridgeway-global.example' };
const call = (url: string, init: RequestInit = {}) => apex.fetch(new Request(url, init), env);

describe('the apex redirect Worker', () => {
  it('sends a page, its query and every method to the same place on www, permanently', async () => {
    const res = call('https://bridgeway-global.example/courses?country=uk&page=2');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe(
      'https://www.bridgeway-global.example/courses?country=uk&page=2',
    );
    // Browsers and crawlers may keep a permanent redirect for good.
    expect(res.headers.get('Cache-Control')).toMatch(/max-age=\d+/);
    const home = call('https://bridgeway-global.example/');
    expect(home.headers.get('Location')).toBe('https://www.bridgeway-global.example/');
    const head = call('https://bridgeway-global.example/about', { method: 'HEAD' });
    expect([head.status, head.headers.get('Location')]).toEqual([
      301,
      'https://www.bridgeway-global.example/about',
    ]);
  });

  it('keeps a form post a post (308), so nothing sent to the bare domain turns into a GET', async () => {
    const res = call('https://bridgeway-global.example/api/contact', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(308);
    expect(res.headers.get('Location')).toBe('https://www.bridgeway-global.example/api/contact');
  });

  it('never redirects to itself: SITE_URL on the same host, or not a URL, is a 500 that says so', async () => {
    for (const SITE_URL of ['https://bridgeway-global.example', 'not a url', '']) {
      const res = apex.fetch(new Request('https://bridgeway-global.example/x'), { SITE_URL });
      expect(res.status).toBe(500);
      expect(res.headers.get('Location')).toBeNull();
      expect(await res.text()).toMatch(/SITE_URL/);
    }
  });
});
