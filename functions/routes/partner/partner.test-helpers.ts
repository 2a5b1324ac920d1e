import { env } from 'cloudflare:test';
import { aBrowser, partnerRegistration, type Browser } from '#functions/test/fixtures/index.ts';

/** The newest code e-mailed to an address (the test outbox). */
export async function lastCode(to: string) {
  const row = await env.DB.prepare(
    'select text from outbox where "to" = ? order by created_at desc, rowid desc limit 1',
  )
    .bind(to.toLowerCase())
    .first<{ text: string }>();
  const code = row?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

/** The password reset code e-mailed to an address; the e-mail goes out after the response, so poll briefly. */
export async function lastResetCode(to: string) {
  for (let i = 0; i < 100; i++) {
    const row = await env.DB.prepare(
      'select subject, text from outbox where "to" = ? order by created_at desc, rowid desc limit 1',
    )
      .bind(to.toLowerCase())
      .first<{ subject: string; text: string }>();
    const code =
      row && /password reset code/.test(row.subject) ? row.text.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no reset code for ${to}`);
}

/**
 * Registers, verifies and signs in a new partner, all from one browser as its owner would (the
 * sign-up code verifies only from the browser that registered); returns its token, registration and
 * that browser, now known to the account.
 */
export async function verifiedPartner(
  overrides: Record<string, unknown> = {},
  browser: Browser = aBrowser(),
) {
  const reg = partnerRegistration(overrides);
  const res = await browser.post('/api/partner/register', reg);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const verify = await browser.post('/api/partner/verify-otp', {
    email: reg.ownerEmail,
    otp: await lastCode(reg.ownerEmail),
  });
  if (verify.status !== 200) throw new Error(`verify failed: ${await verify.text()}`);
  const login = await browser.post('/api/partner/login', { email: reg.ownerEmail, password: reg.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const body = await login.json<{ token: string; partner: { _id: string } }>();
  return { reg, token: body.token, id: body.partner._id, browser };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A client address of its own, so per-address limits of one test do not leak into another. */
export const randomAddress = () => ({ 'CF-Connecting-IP': `10.${rnd()}.${rnd()}.${rnd()}` });
const rnd = () => Math.floor(Math.random() * 250);
