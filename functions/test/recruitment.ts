import { env } from 'cloudflare:test';
import { postJson } from './request.ts';

/** The confirmation link's token from the latest confirmation e-mail to an address. */
export async function confirmationToken(email: string) {
  const row = await env.DB.prepare("select text from outbox where \"to\" = ? and subject like 'Confirm your e-mail address%' order by created_at desc, rowid desc limit 1").bind(email).first<{ text: string }>();
  const link = row?.text.match(/https?:\/\/\S+\/my-applications\/confirm-email\?token=(\S+)/);
  if (!link) throw new Error(`no confirmation e-mail to ${email}`);
  return decodeURIComponent(link[1]!);
}

let counter = 0;

/** Registers a fresh job applicant (from its own address, clear of the registration limit) and returns its token. */
export async function registerApplicant(prefix = 'applicant', { confirmed = false } = {}) {
  counter += 1;
  const email = `${prefix}-${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await postJson(
    '/api/job-applicants/register',
    { fullName: 'Test Applicant', email, phone: '020 7946 0101', password: 'Secret-pass-123' },
    { 'CF-Connecting-IP': `10.0.${counter % 250}.${Math.floor(Math.random() * 250)}` },
  );
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  // Confirmed the way a person does it: the e-mailed link's token sent back by the confirmation page.
  if (confirmed) {
    const confirm = await postJson('/api/job-applicants/confirm-email', { token: await confirmationToken(email) });
    if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status} ${await confirm.text()}`);
  }
  return { email, password: 'Secret-pass-123', token };
}

/** The smallest real PDF header plus a body: enough for the byte sniffing. */
export const pdfBytes = () => new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
