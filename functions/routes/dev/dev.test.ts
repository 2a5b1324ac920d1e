import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { createDb } from '#db/client.ts';
import { OutboxMailer } from '#functions/services/mail/mailer.ts';
import { codeEmail } from '#functions/services/mail/emails.ts';
import { app } from '#functions/index.ts';
import { getSite } from '#db/queries/site-content.ts';
import { endpointListResponse } from '#schemas/endpoints.ts';

/** Every development-only API route (a new one belongs here). */
const devApiRoutes = ['/api/dev/outbox', '/api/dev/outbox?to=someone@example.com', '/api/dev/endpoints'];

const call = (url: string, environment: string) => app.request(url, {}, { ...env, ENVIRONMENT: environment });

describe('GET /api/dev/*', () => {
  it.each([
    ['production', 'http://127.0.0.1:8787'],
    ['staging', 'http://127.0.0.1:8787'],
    ['', 'http://127.0.0.1:8787'],
    ['development', 'https://www.bridgeway-global.example'],
    ['development', 'http://192.168.1.20:8787'],
    ['development', 'http://127.0.0.1.nip.io:8787'],
  ])('answers 404 like an unknown route with ENVIRONMENT=%j on %s', async (environment, origin) => {
    for (const path of devApiRoutes) {
      const res = await call(`${origin}${path}`, environment);
      const unknown = await call(
        `${origin}${path.replace('/api/dev/outbox', '/api/dev/no-such-route')}`,
        environment,
      );
      expect(res.status, path).toBe(404);
      // Byte for byte what an unknown route says (with its own path): nothing tells the route exists.
      expect(await res.json()).toMatchObject({
        success: false,
        message: `No API endpoint at GET ${new URL(path, origin).pathname}`,
      });
      expect(unknown.status).toBe(404);
    }
  });

  it.each(['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787'])(
    'answers in development on the loopback host %s',
    async (origin) => {
      const res = await call(`${origin}/api/dev/outbox?to=nobody@example.com`, 'development');
      expect(res.status).toBe(200);
    },
  );

  it('lists messages for an address, newest first, in development', async () => {
    const db = createDb(env.DB);
    const mailer = new OutboxMailer(db);
    const brand = await getSite(db);
    await mailer.send(codeEmail(brand, 'dev-outbox@example.com', 'Ada', '111111', 'verify'));
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send(codeEmail(brand, 'dev-outbox@example.com', 'Ada', '222222', 'verify'));
    const res = await call('http://127.0.0.1:8787/api/dev/outbox?to=DEV-OUTBOX@example.com', 'development');
    expect(res.status).toBe(200);
    const body = await res.json<
      {
        to: string;
        subject: string;
        text: string;
        html: string;
        createdAt: string;
      }[]
    >();
    expect(body).toHaveLength(2);
    expect(body[0]!.text).toContain('222222');
    expect(body[0]).toMatchObject({
      to: 'dev-outbox@example.com',
      subject: expect.stringContaining('222222'),
      html: expect.stringContaining('222222'),
    });
  });

  it('lists every API endpoint, itself included, for the fuzzer in development', async () => {
    const res = await call('http://127.0.0.1:8787/api/dev/endpoints', 'development');
    expect(res.status).toBe(200);
    const list = endpointListResponse.parse(await res.json());
    expect(list.length).toBeGreaterThan(100);
    expect(list).toContainEqual({ method: 'GET', path: '/api/dev/endpoints', body: 'none' });
    expect(list).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/contact', body: 'json' }),
    );
  });
});
