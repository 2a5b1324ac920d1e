import type { APIRequestContext } from '@playwright/test';

/** The newest six-digit code e-mailed to an address (read from the dev outbox), waiting for it to arrive. */
export async function latestCode(
  request: APIRequestContext,
  to: string,
  timeoutMs = 10_000,
): Promise<string> {
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

/** The e-mails sent to an address, newest first (the dev outbox). */
export async function mailsTo(request: APIRequestContext, to: string) {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return (await res.json()) as { subject: string; text: string }[];
}

/**
 * A new address each call, always as long as the last with the same prefix: a screen that shows it
 * (masked in a screenshot) then wraps it the same way every run.
 */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}@example.com`;

/** The newest link to a path e-mailed to an address (from the dev outbox), as a path with its query. */
export async function latestLink(
  request: APIRequestContext,
  to: string,
  path: string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^/\\s]+(${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?\\S+)`);
  while (Date.now() < deadline) {
    const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const messages = (await res.json()) as { text: string }[];
    const link = messages.map((m) => m.text.match(pattern)?.[1]).find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No link to ${path} e-mailed to ${to}`);
}
