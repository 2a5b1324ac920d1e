import { env } from 'cloudflare:test';
import type { ReceivedRequest } from './server.ts';

/** The fake provider (functions/test/mail-fake/server.ts), as the tests inside workerd reach it. */
const base = () => `http://127.0.0.1:${env.MAIL_FAKE_PORT}`;

/** Worker bindings whose mail goes to the fake provider; `production` also drops ENVIRONMENT=test. */
export function withFakeMail(overrides: Partial<Env> & Record<string, unknown> = {}): Env {
  return {
    ...env,
    MAIL_API_URL: `${base()}/emails`,
    MAIL_API_KEY: 'test-mail-key',
    MAIL_FROM: 'Example Sender <mail@example.com>',
    ...overrides,
  } as Env;
}

/** The next `failures` sends to `to` fail with `status`; every send to `to` waits `delayMs`. */
export async function program(
  to: string,
  failures: number,
  options: { status?: number; delayMs?: number } = {},
) {
  const res = await fetch(`${base()}/__program`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ to, failures, ...options }),
  });
  if (!res.ok) throw new Error(`program failed: ${res.status}`);
}

/** Every request the provider received for `to`, oldest first. */
export async function received(to: string): Promise<ReceivedRequest[]> {
  return await (await fetch(`${base()}/__requests?to=${encodeURIComponent(to)}`)).json<ReceivedRequest[]>();
}
