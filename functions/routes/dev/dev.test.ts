import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { createDb } from '../../../db/client.ts';
import { OutboxMailer } from '../../services/mailer.ts';
import { codeEmail } from '../../services/emails.ts';
import { app } from '../../index.ts';
import { getSite } from '../../../db/queries/site-content.ts';

describe('GET /api/dev/outbox', () => {
  it('answers 404 outside development', async () => {
    const res = await app.request('/api/dev/outbox', {}, { ...env, ENVIRONMENT: 'production' });
    expect(res.status).toBe(404);
  });

  it('lists messages for an address, newest first, in development', async () => {
    const db = createDb(env.DB);
    const mailer = new OutboxMailer(db);
    const brand = await getSite(db);
    await mailer.send(codeEmail(brand, 'dev-outbox@example.com', 'Ada', '111111', 'verify'));
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send(codeEmail(brand, 'dev-outbox@example.com', 'Ada', '222222', 'verify'));
    const res = await app.request('/api/dev/outbox?to=DEV-OUTBOX@example.com', {}, { ...env, ENVIRONMENT: 'development' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { to: string; subject: string; text: string; html: string; createdAt: string }[];
    expect(body).toHaveLength(2);
    expect(body[0]!.text).toContain('222222');
    expect(body[0]).toMatchObject({ to: 'dev-outbox@example.com', subject: expect.stringContaining('222222'), html: expect.stringContaining('222222') });
  });
});
