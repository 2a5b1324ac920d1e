import type { EmailMessage } from './mailer.ts';

const BRAND = 'Bridgeway Global';

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** Wraps paragraphs in a plain, accessible HTML e-mail. */
function layout(title: string, paragraphs: string[], highlight?: string) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const code = highlight
    ? `<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:8px 0 24px;color:#0b1f3a">${escapeHtml(highlight)}</p>`
    : '';
  return `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#0b1f3a;background:#f7fafc;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${code}${body}<p style="color:#4a5a70;font-size:12px;margin-top:32px">${BRAND}</p></div></body></html>`;
}

/** The verification or password-reset code e-mail. */
export function codeEmail(to: string, name: string, code: string, purpose: 'verify' | 'reset'): EmailMessage {
  const subject = purpose === 'verify' ? `Your ${BRAND} verification code: ${code}` : `Your ${BRAND} password reset code: ${code}`;
  const lead = purpose === 'verify'
    ? `Hello ${name}, use this code to verify your ${BRAND} account.`
    : `Hello ${name}, use this code to set a new password for your ${BRAND} account.`;
  const rest = ['The code is valid for 10 minutes and can be used once.', "If you didn't ask for it, you can ignore this e-mail."];
  return {
    to,
    subject,
    text: `${lead}\n\n${code}\n\n${rest.join('\n')}\n\n${BRAND}`,
    html: layout(purpose === 'verify' ? 'Verify your account' : 'Reset your password', [lead, ...rest], code),
    oneTimeCode: code,
  };
}

/** A plain notification (staff alerts, status changes, receipts). */
export function notificationEmail(to: string, subject: string, paragraphs: string[]): EmailMessage {
  return { to, subject, text: `${paragraphs.join('\n\n')}\n\n${BRAND}`, html: layout(subject, paragraphs) };
}
