import type { SiteContent } from '../../schemas/content.ts';
import type { EmailMessage } from './mailer.ts';

/**
 * Who the e-mails come from: the brand of the site block (db/queries/site-content.ts getSite), never
 * a name written here. Business e-mails carry the registered name, number, place of registration
 * and office (UK Companies (Trading Disclosures) Regulations), so every message ends with them.
 */
export type EmailBrand = Pick<SiteContent, 'companyName' | 'legalName' | 'companyNumber' | 'registeredIn' | 'registeredOffice'>;

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** The sign-off and the trading disclosure, as lines. */
function footerLines(brand: EmailBrand) {
  return [brand.companyName, `${brand.legalName}, registered in ${brand.registeredIn}, company number ${brand.companyNumber}. Registered office: ${brand.registeredOffice}.`];
}

/** Wraps paragraphs in a plain, accessible HTML e-mail. */
function layout(brand: EmailBrand, title: string, paragraphs: string[], highlight?: string) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const code = highlight
    ? `<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:8px 0 24px;color:#0b1f3a">${escapeHtml(highlight)}</p>`
    : '';
  const [name, disclosure] = footerLines(brand).map(escapeHtml);
  return `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#0b1f3a;background:#f7fafc;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${code}${body}<p style="color:#4a5a70;font-size:12px;margin-top:32px">${name}</p><p style="color:#4a5a70;font-size:11px;margin:8px 0 0">${disclosure}</p></div></body></html>`;
}

const textFooter = (brand: EmailBrand) => footerLines(brand).join('\n');

/** The verification or password-reset code e-mail. */
export function codeEmail(brand: EmailBrand, to: string, name: string, code: string, purpose: 'verify' | 'reset'): EmailMessage {
  const company = brand.companyName;
  const subject = purpose === 'verify' ? `Your ${company} verification code: ${code}` : `Your ${company} password reset code: ${code}`;
  const lead = purpose === 'verify'
    ? `Hello ${name}, use this code to verify your ${company} account.`
    : `Hello ${name}, use this code to set a new password for your ${company} account.`;
  const rest = ['The code is valid for 10 minutes and can be used once.', "If you didn't ask for it, you can ignore this e-mail."];
  return {
    to,
    subject,
    text: `${lead}\n\n${code}\n\n${rest.join('\n')}\n\n${textFooter(brand)}`,
    html: layout(brand, purpose === 'verify' ? 'Verify your account' : 'Reset your password', [lead, ...rest], code),
  };
}

/** A plain notification (staff alerts, status changes, receipts). */
export function notificationEmail(brand: EmailBrand, to: string, subject: string, paragraphs: string[]): EmailMessage {
  return { to, subject, text: `${paragraphs.join('\n\n')}\n\n${textFooter(brand)}`, html: layout(brand, subject, paragraphs) };
}
