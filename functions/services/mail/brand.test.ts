import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createDb } from '#db/client.ts';
import { contentBlocks, outbox } from '#db/schema/index.ts';
import { getSite } from '#db/queries/site-content.ts';
import { config } from '../../lib/config.ts';
import { postJson } from '../../test/fixtures/index.ts';
import site from '#content/site.json';

// The brand is the site block (content/site.json as edited by staff): e-mails,
// their trading disclosure and the Stripe description follow it; nothing in the code names it.
// Reads the seed on purpose: the shipped brand (the seeded site block, content/site.json) is the subject.

const db = createDb(env.DB);
const renamed = {
  ...site,
  companyName: 'Northwind Study Partners',
  legalName: 'Northwind Study Partners Ltd',
  companyNumber: 'SC123456',
  registeredIn: 'Scotland',
  registeredOffice: '1 Example Street, Edinburgh EH1 1AA',
};

async function rename() {
  await db.update(contentBlocks).set({ value: renamed }).where(eq(contentBlocks.key, 'site'));
}

describe('the brand comes from the site block', () => {
  it('fills fields a block seeded before they existed from the shipped content file', async () => {
    const { legalName: _l, companyNumber: _n, registeredIn: _i, registeredOffice: _o, ...old } = site;
    await db
      .update(contentBlocks)
      .set({ value: { ...old, companyName: 'Older Block Ltd' } })
      .where(eq(contentBlocks.key, 'site'));
    const read = await getSite(db);
    expect(read.companyName).toBe('Older Block Ltd');
    expect(read.companyNumber).toBe(site.companyNumber);
    expect(read.registeredOffice).toBe(site.registeredOffice);
  });

  it('verification e-mails name the company and end with its registered details', async () => {
    await rename();
    const email = `brand-${crypto.randomUUID()}@example.com`;
    const res = await postJson('/api/users/register/', {
      fullName: 'Brand Test',
      academicStatus: 'Graduate',
      contactNumber: '020 7946 0999',
      email,
      currentAddress: 'Leeds',
      password: 'secret-brand-1',
    });
    expect(res.status).toBe(201);
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt));
    expect(mail?.subject).toMatch(/^Your Northwind Study Partners verification code: \d{6}$/);
    expect(mail?.text).toContain(
      'Northwind Study Partners Ltd, registered in Scotland, company number SC123456. Registered office: 1 Example Street, Edinburgh EH1 1AA.',
    );
    expect(mail?.html).toContain('company number SC123456');
    expect(`${mail?.subject} ${mail?.text} ${mail?.html}`).not.toContain(site.companyName);
  });

  it('staff notifications carry the brand too', async () => {
    await rename();
    const res = await postJson(
      '/api/sendsmsus',
      { fullName: 'Brand Visitor', email: 'visitor@example.com', nnumber: '020 7946 0998', details: 'Hello' },
      { 'CF-Connecting-IP': '198.51.100.77' },
    );
    expect(res.status).toBe(201);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.to, renamed.staffNotificationEmail))
      .orderBy(desc(outbox.createdAt));
    expect(mail?.text).toContain('Northwind Study Partners Ltd');
  });

  it('the Stripe description is the company name of the block', async () => {
    await rename();
    const email = `brand-pay-${crypto.randomUUID()}@example.com`;
    const res = await postJson(
      '/api/payment/create-payment-intent',
      { amount: 1000, name: 'Ada', email, attemptId: crypto.randomUUID() },
      { 'CF-Connecting-IP': '198.51.100.78' },
    );
    expect(res.status).toBe(200);
    const stripe = config(env).stripe;
    const list = await (
      await fetch(`http://127.0.0.1:${stripe.port}/v1/payment_intents?limit=100`, {
        headers: { Authorization: `Bearer ${stripe.secretKey}` },
      })
    ).json<{ data: { metadata: { email?: string }; description: string }[] }>();
    expect(list.data.find((i) => i.metadata.email === email)?.description).toBe(
      'Northwind Study Partners payment',
    );
  });
});
