import { describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:test';
import { app } from '#functions/index.ts';

/** Every development-only page (the mailbox; a new one belongs here). */
const devPages = ['/dev/mailbox', '/dev/mailbox/', '/dev/'];

// The assets server's answers: /404 is the site's 404 page; the dev pages exist in dist.
const notFoundPage = '<!doctype html><title>Page not found</title>';
const assets = {
  fetch: vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    if (path === '/404')
      return new Response(notFoundPage, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    if (path.startsWith('/dev/'))
      return new Response('<h1>Mailbox</h1>', { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    return new Response(notFoundPage, {
      status: 404,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    });
  }),
} as unknown as Fetcher;

const call = (url: string, environment: string, method = 'GET') =>
  app.request(url, { method }, { ...env, ASSETS: assets, ENVIRONMENT: environment });

describe('/dev/* pages', () => {
  it.each([
    ['production', 'http://127.0.0.1:8787'],
    ['development', 'https://www.bridgeway-global.example'],
    ['development', 'http://10.0.0.5:8787'],
  ])(
    "answer with the site's 404 page, like an unknown page, with ENVIRONMENT=%s on %s",
    async (environment, origin) => {
      for (const path of devPages) {
        for (const method of ['GET', 'POST']) {
          const res = await call(`${origin}${path}`, environment, method);
          expect(res.status, `${method} ${path}`).toBe(404);
          expect(await res.text()).toBe(notFoundPage);
        }
      }
    },
  );

  it('are served in development on a loopback host', async () => {
    const res = await call('http://127.0.0.1:8787/dev/mailbox', 'development');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Mailbox');
  });
});
