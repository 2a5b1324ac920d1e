import type { APIRequestContext } from '@playwright/test';

/** The newest six-digit code e-mailed to an address (read from the dev outbox), waiting for it to arrive. */
export async function latestCode(request: APIRequestContext, to: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const messages = (await res.json()) as { text: string }[];
    const code = messages[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No code e-mailed to ${to}`);
}

/** A unique e-mail address per test run. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
