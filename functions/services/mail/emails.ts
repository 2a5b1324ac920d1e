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

/** The longest name an e-mail to an address not yet confirmed carries. */
export const PLAIN_NAME_MAX = 60;

/**
 * A name as it may appear in an e-mail that can reach an address not yet confirmed (codes, the
 * applicant's confirmation): anyone can register anyone's address, so the name is text a stranger
 * chose. Only letters, spaces and common punctuation (. , ' ’ - ( )), at most 60 characters, nothing
 * that reads as a web address; anything else and the name is left out (null), never trimmed into
 * something else. Without this, a "name" could carry a message ("Security team: your card was
 * charged… https://evil.example") in our e-mail to someone else's inbox.
 */
export function plainName(name: string | null | undefined): string | null {
  const text = (name ?? '').replace(/\s+/g, ' ').trim();
  if (!text || text.length > PLAIN_NAME_MAX) return null;
  if (!/^[\p{L}\p{M} .,'’()-]+$/u.test(text) || !/\p{L}/u.test(text)) return null;
  // A dot between letters followed by two or more letters reads as a domain ("evil.example").
  if (/\p{L}\.\p{L}{2,}/u.test(text)) return null;
  return text;
}

/** "Hello Ana," or, with no name that may be shown, "Hello,". */
const greeting = (name: string | null) => {
  const shown = plainName(name);
  return shown ? `Hello ${shown},` : 'Hello,';
};

const CODE_TEXT = {
  verify: {
    title: 'Verify your account',
    subject: (company: string) => `Your ${company} verification code`,
    lead: (company: string) => `use this code to verify your ${company} account.`,
    ignore: "If you didn't ask for it, you can ignore this e-mail.",
  },
  reset: {
    title: 'Reset your password',
    subject: (company: string) => `Your ${company} password reset code`,
    lead: (company: string) => `use this code to set a new password for your ${company} account.`,
    ignore: "If you didn't ask for it, you can ignore this e-mail.",
  },
  signin: {
    title: 'Finish signing in',
    subject: (company: string) => `Your ${company} sign-in code`,
    lead: (company: string) =>
      `someone signed in to your ${company} account with its password. Because of many failed sign-in attempts on the account, we ask for this code as well.`,
    ignore:
      'If it wasn\'t you, someone knows your password: don\'t share this code, and set a new password with "Forgot password?".',
  },
  'email-change': {
    title: 'Confirm your new e-mail address',
    subject: (company: string) => `Your ${company} code to change your e-mail address`,
    lead: (company: string) => `use this code to make this address the one of your ${company} account.`,
    ignore: "If you didn't ask for it, you can ignore this e-mail: nothing changes without the code.",
  },
  // Staff only: the code that must come before a first authenticator app is linked to the account.
  authenticator: {
    title: 'Set up two-step sign-in',
    subject: (company: string) => `Your ${company} code to set up two-step sign-in`,
    lead: (company: string) =>
      `use this code to link an authenticator app to your ${company} staff account (two-step sign-in).`,
    ignore:
      "If it wasn't you, someone else knows your password: don't share this code, and tell an administrator.",
  },
} as const;

/**
 * A one-time code e-mail: verification, password reset, the code that finishes a sign-in past the
 * failure limit, or the one that links a staff member's first authenticator app. The name is shown
 * only as `plainName` allows (these can reach addresses not yet confirmed).
 */
export function codeEmail(
  brand: EmailBrand,
  to: string,
  name: string | null,
  code: string,
  purpose: keyof typeof CODE_TEXT,
): EmailMessage {
  const company = brand.companyName;
  const words = CODE_TEXT[purpose];
  const lead = `${greeting(name)} ${words.lead(company)}`;
  const rest = ['The code is valid for 10 minutes and can be used once.', words.ignore];
  return {
    to,
    subject: `${words.subject(company)}: ${code}`,
    text: `${lead}\n\n${code}\n\n${rest.join('\n')}\n\n${textFooter(brand)}`,
    html: layout(brand, words.title, [lead, ...rest], code),
    oneTimeCode: code,
  };
}

/**
 * The job applicant's e-mail confirmation link. It says exactly
 * what confirming does: which registration (the name given, as `plainName` allows) and which jobs
 * its applications go to, and that ignoring it sends nothing.
 */
export function applicantConfirmationEmail(
  brand: EmailBrand,
  to: string,
  name: string | null,
  jobs: readonly { title: string; company: string }[],
  link: string,
  validHours: number,
): EmailMessage {
  const shown = plainName(name);
  const who = shown ? `under the name ${shown}` : 'with this e-mail address';
  const lead = `${greeting(name)} someone registered a job-seeker account with ${brand.companyName} ${who}. Please confirm that this is your e-mail address so that we can pass the account's job applications on to employers.`;
  const applied = jobs.length
    ? `Confirming sends these applications to the employers: ${jobs.map((j) => `${j.title} at ${j.company}`).join('; ')}. Any application made on the account before you click goes too.`
    : 'The account has not applied to any job yet; once you confirm, its applications go straight to the employers.';
  const rest = [
    applied,
    `The link is valid for ${validHours} hours. You can ask for a new one on My applications.`,
    "If you didn't create this account, ignore this e-mail: nothing is sent to any employer.",
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
