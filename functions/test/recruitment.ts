import { postJson } from './request.ts';

let counter = 0;

/** Registers a fresh job applicant (from its own address, clear of the registration limit) and returns its token. */
export async function registerApplicant(prefix = 'applicant') {
  counter += 1;
  const email = `${prefix}-${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await postJson(
    '/api/job-applicants/register',
    { fullName: 'Test Applicant', email, phone: '020 7946 0101', password: 'Secret-pass-123' },
    { 'CF-Connecting-IP': `10.0.${counter % 250}.${Math.floor(Math.random() * 250)}` },
  );
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { email, password: 'Secret-pass-123', token };
}

/** The smallest real PDF header plus a body: enough for the byte sniffing. */
export const pdfBytes = () => new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
