import { expect, type APIRequestContext } from '@playwright/test';

/** The newest six-digit code e-mailed to an address (read from the dev outbox), waiting for it to arrive. */
export async function latestCode(
  request: APIRequestContext,
  to: string,
  timeoutMs = 10_000,
): Promise<string> {
  return firstFound(
    async () => (await mailsTo(request, to))[0]?.text.match(/\b(\d{6})\b/)?.[1],
    `No code e-mailed to ${to}`,
    timeoutMs,
  );
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
  const pattern = new RegExp(`https?://[^/\\s]+(${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?\\S+)`);
  return firstFound(
    async () => (await mailsTo(request, to)).map((m) => m.text.match(pattern)?.[1]).find(Boolean),
    `No link to ${path} e-mailed to ${to}`,
    timeoutMs,
  );
}

/** What `find` finds, asked again until it finds something (the outbox is written after the reply). */
async function firstFound(find: () => Promise<string | undefined>, message: string, timeout: number) {
  let found: string | undefined;
  await expect
    .poll(async () => (found = await find()), { message, timeout, intervals: [100, 250] })
    .toBeTruthy();
  return found!;
}
