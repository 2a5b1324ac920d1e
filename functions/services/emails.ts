import type { SiteContent } from '#schemas/content.ts';
import type { EmailMessage } from './mailer.ts';

/**
 * Who the e-mails come from: the brand of the site block (db/queries/site-content.ts getSite), never
 * a name written here. Business e-mails carry the registered name, number, place of registration
 * and office (UK Companies (Trading Disclosures) Regulations), so every message ends with them.
 */
export type EmailBrand = Pick<
  SiteContent,
  'companyName' | 'legalName' | 'companyNumber' | 'registeredIn' | 'registeredOffice'
>;

export function escapeHtml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/** The sign-off and the trading disclosure, as lines. */
export function footerLines(brand: EmailBrand) {
  return [
    brand.companyName,
    `${brand.legalName}, registered in ${brand.registeredIn}, company number ${brand.companyNumber}. Registered office: ${brand.registeredOffice}.`,
  ];
}

const textFooter = (brand: EmailBrand) => footerLines(brand).join('\n');

/** A moment as e-mails write it: "27 November 2026 at 14:05 UTC" (the reader's zone is unknown). */
export const emailDateTime = (date: Date) =>
  `${date.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** Wraps paragraphs in a plain, accessible HTML e-mail. */
function layout(
  brand: EmailBrand,
  title: string,
  paragraphs: string[],
  highlight?: string,
  action?: { href: string; label: string },
) {
  const [first, ...others] = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`);
  const button = action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(action.href)}" style="background:#0b1f3a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block;font-weight:700">${escapeHtml(action.label)}</a></p>`
    : '';
  const body = `${first ?? ''}${button}${others.join('')}`;
  const code = highlight
    ? `<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:8px 0 24px;color:#0b1f3a">${escapeHtml(highlight)}</p>`
    : '';
  const [name, disclosure] = footerLines(brand).map(escapeHtml);
  return `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#0b1f3a;background:#f7fafc;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${code}${body}<p style="color:#4a5a70;font-size:12px;margin-top:32px">${name}</p><p style="color:#4a5a70;font-size:11px;margin:8px 0 0">${disclosure}</p></div></body></html>`;
}

/** The verification or password-reset code e-mail. */
export function codeEmail(
  brand: EmailBrand,
  to: string,
  name: string,
  code: string,
  purpose: 'verify' | 'reset',
): EmailMessage {
  const company = brand.companyName;
  const subject =
    purpose === 'verify'
      ? `Your ${company} verification code: ${code}`
      : `Your ${company} password reset code: ${code}`;
  const lead =
    purpose === 'verify'
      ? `Hello ${name}, use this code to verify your ${company} account.`
      : `Hello ${name}, use this code to set a new password for your ${company} account.`;
  const rest = [
    'The code is valid for 10 minutes and can be used once.',
    "If you didn't ask for it, you can ignore this e-mail.",
  ];
  return {
    to,
    subject,
    text: `${lead}\n\n${code}\n\n${rest.join('\n')}\n\n${textFooter(brand)}`,
    html: layout(
      brand,
      purpose === 'verify' ? 'Verify your account' : 'Reset your password',
      [lead, ...rest],
      code,
    ),
    oneTimeCode: code,
  };
}

/** The job applicant's e-mail confirmation link (issue 13 item 12). */
export function applicantConfirmationEmail(
  brand: EmailBrand,
  to: string,
  name: string,
  link: string,
  validHours: number,
): EmailMessage {
  const lead = `Hello ${name}, please confirm that this is your e-mail address so that we can pass your job applications on to employers.`;
  const rest = [
    `The link is valid for ${validHours} hours. You can ask for a new one on My applications.`,
    "If you didn't create a job-applicant account with us, you can ignore this e-mail.",
  ];
  return {
    to,
    subject: `Confirm your e-mail address for ${brand.companyName}`,
    text: `${lead}\n\nConfirm your e-mail address: ${link}\n\n${rest.join('\n')}\n\n${textFooter(brand)}`,
    html: layout(brand, 'Confirm your e-mail address', [lead, ...rest], undefined, {
      href: link,
      label: 'Confirm my e-mail address',
    }),
  };
}

/** A plain notification (staff alerts, status changes, receipts). */
export function notificationEmail(
  brand: EmailBrand,
  to: string,
  subject: string,
  paragraphs: string[],
): EmailMessage {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${textFooter(brand)}`,
    html: layout(brand, subject, paragraphs),
  };
}
