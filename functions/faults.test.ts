// Faults: the storage behind the Worker failing (injected by swapping the binding), the
// answer a clear 503 JSON with Retry-After and no internals, and recovery once the fault ends.
// Mailer faults: a failed send waits for the retry job, a one-time code's failure answers 503
// (functions/services/mail/mailer.ts, functions/scheduled/mail-retry.test.ts). After the merge: R2 failing
// on uploads and downloads, and the mailer failing during registration (below); Stripe failing is
// in functions/routes/payment/payment.test.ts.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from './index.ts';
import { HttpMailer, MailNotSentError } from './services/mail/mailer.ts';
import { codeEmail } from './services/mail/emails.ts';
import { createDb } from '#db/client.ts';
import { sql } from 'drizzle-orm';
import { sessionToken } from './test/fixtures/index.ts';
import { users } from '#db/schema/index.ts';
import { aBrowser, aCountry, aJob, registerApplicant } from './test/fixtures/index.ts';
import { testBrand } from './test/fixtures/index.ts';

/** A D1 binding whose every query fails the way D1 does when it cannot be reached. */
const brokenD1 = new Proxy(env.DB, {
  get(target, prop, receiver) {
    // The request's D1 session (middleware/db.ts) is the broken binding too.
    if (prop === 'withSession') return () => receiver;
    if (prop === 'getBookmark') return () => null;
    if (prop === 'prepare') {
      return () => {
        const fail = async () => {
          throw new Error('D1_ERROR: Network connection lost.');
        };
        const stmt: Record<string, unknown> = { all: fail, run: fail, first: fail, raw: fail, values: fail };
        stmt.bind = () => stmt;
        return stmt;
      };
    }
    if (prop === 'batch' || prop === 'exec')
      return async () => {
        throw new Error('D1_ERROR: Network connection lost.');
      };
    return Reflect.get(target, prop);
  },
});

const call = (path: string, bindings: Env) => app.request(`http://127.0.0.1:8787${path}`, {}, bindings);

// A country of this file's own, for the one-row read (its id is no seed country's).
const COUNTRY = 'faults-country';
beforeAll(async () => {
  await aCountry({ id: COUNTRY });
});

describe('D1 failing', () => {
  it.each(['/api/features', '/api/subjects', '/api/subjects/search?q=data', `/api/countries/${COUNTRY}`])(
    '%s answers 503 JSON with Retry-After, then recovers',
    async (path) => {
      const down = await call(path, { ...env, DB: brokenD1 });
      expect(down.status).toBe(503);
      expect(down.headers.get('Retry-After')).toBe('5');
      const body = await down.text();
      expect(JSON.parse(body)).toMatchObject({
        success: false,
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      });
      expect(body).not.toMatch(/D1_ERROR|Network connection|at /);
      expect(down.headers.get('Cache-Control') ?? '').not.toMatch(/public/);
      const up = await call(path, env);
      expect(up.status).toBe(200);
    },
  );

  it('a bug (not a storage fault) is still a 500 without internals', async () => {
    const weird: D1Database = new Proxy(env.DB, {
      get: (t, p) =>
        p === 'prepare'
          ? () => {
              throw new TypeError('x is not a function');
            }
          : p === 'withSession'
            ? () => weird
            : p === 'getBookmark'
              ? () => null
              : Reflect.get(t, p),
    });
    const res = await call('/api/features', { ...env, DB: weird });
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('TypeError');
  });
});

describe('mailer failing', () => {
  it('HttpMailer keeps a failed message for the retry job, and refuses to pretend a one-time code went out', async () => {
    for (const fetch of [
      async () => new Response('down', { status: 502 }),
      async () => {
        throw new TypeError('fetch failed');
      },
    ]) {
      const db = createDb(env.DB);
      const mailer = new HttpMailer(db, {
        url: 'https://mail.example/send',
        apiKey: 'k',
        from: 'noreply@example.com',
        fetch: fetch,
      });
      // A notification: queued for a retry (5 minutes later), so the caller carries on.
      expect(await mailer.send({ to: 'fault@example.com', subject: 's', text: 't', html: '<p>t</p>' })).toBe(
        'queued',
      );
      // A one-time code is never resent late (it is withdrawn): the caller hears that it failed.
      await expect(
        mailer.send(codeEmail(testBrand, 'fault@example.com', 'Ada', '123456', 'verify')),
      ).rejects.toBeInstanceOf(MailNotSentError);
    }
    // Nothing pretends to be sent: the notifications wait as failed, the codes are given up.
    const rows = await createDb(env.DB).all<{ status: string; retryable: number }>(
      sql`select status, retryable from outbox where "to" = 'fault@example.com' order by rowid`,
    );
    expect(rows).toEqual([
      { status: 'failed', retryable: 1 },
      { status: 'dead', retryable: 0 },
      { status: 'failed', retryable: 1 },
      { status: 'dead', retryable: 0 },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Faults in the feature code (docs/reliability.md checklist, run after the merge).

/** An R2 binding whose every call fails the way a storage outage does. */
const brokenR2 = new Proxy(env.FILES, {
  get(target, prop) {
    if (prop === 'put' || prop === 'get' || prop === 'head' || prop === 'delete')
      return async () => {
        throw new Error('put: We encountered an internal error. Please try again. (10001)');
      };
    return Reflect.get(target, prop);
  },
});
const pdf = () =>
  new File(
    [
      new TextEncoder().encode(
        '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      ),
    ],
    'cv.pdf',
    { type: 'application/pdf' },
  );
const countRows = async (query: string) => (await env.DB.prepare(query).first<{ n: number }>())!.n;
const R2_DOWN = 'We could not store the file right now. Please try again in a moment.';

describe('R2 failing', () => {
  const studentId = 'fault-r2-student';
  const studentToken = async () => {
    await createDb(env.DB)
      .insert(users)
      .values({
        id: studentId,
        fullName: 'Fault Student',
        academicStatus: 'Undergraduate',
        contactNumber: '+447700900999',
        currentAddress: 'x',
        email: 'fault-r2@example.com',
        passwordHash: 'x',
        isVerified: true,
      })
      .onConflictDoNothing();
    return sessionToken({ sub: studentId, aud: 'student', role: 'student' });
  };
  const upload = async (bindings: Env, token: string) => {
    const form = new FormData();
    form.set('documentType', 'Academic Transcript');
    form.set('document', pdf());
    return app.request(
      'http://127.0.0.1:8787/api/users/document',
      { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form },
      bindings,
    );
  };

  it('a student document upload answers 503 JSON, leaves no row, and works once R2 is back', async () => {
    const token = await studentToken();
    const down = await upload({ ...env, FILES: brokenR2 }, token);
    expect(down.status).toBe(503);
    const text = await down.text();
    expect(JSON.parse(text)).toMatchObject({ success: false, message: R2_DOWN });
    expect(text).not.toMatch(/internal error|10001/);
    expect(await countRows(`select count(*) as n from documents where user_id = '${studentId}'`)).toBe(0);
    const up = await upload(env, token);
    expect(up.status).toBe(201);
    expect(await countRows(`select count(*) as n from documents where user_id = '${studentId}'`)).toBe(1);
  });

  it('downloading a stored document while R2 is down answers 503 JSON, not 500', async () => {
    const token = await studentToken();
    const [row] = (
      await env.DB.prepare(`select id from documents where user_id = ?`).bind(studentId).all<{ id: string }>()
    ).results;
    const res = await app.request(
      `http://127.0.0.1:8787/api/users/document/${row!.id}`,
      { headers: { Authorization: `Bearer ${token}` } },
      { ...env, FILES: brokenR2 },
    );
    expect(res.status).toBe(503);
    expect((await res.json<{ message: string }>()).message).toBe(
      'We could not fetch the file right now. Please try again in a moment.',
    );
  });

  it('a job application answers 503 JSON, leaves no row, and can be sent again once R2 is back', async () => {
    const { token } = await registerApplicant('fault-r2');
    const job = await aJob();
    const apply = (bindings: Env) => {
      const form = new FormData();
      form.set('coverLetter', 'I would love to join.');
      form.set('resume', pdf());
      return app.request(
        `http://127.0.0.1:8787/api/jobs/${job.id}/apply`,
        { method: 'POST', headers: { 'X-Applicant-Token': token }, body: form },
        bindings,
      );
    };
    const before = await countRows('select count(*) as n from job_applications');
    const down = await apply({ ...env, FILES: brokenR2 });
    expect(down.status).toBe(503);
    expect((await down.json<{ message: string }>()).message).toBe(R2_DOWN);
    expect(await countRows('select count(*) as n from job_applications')).toBe(before);
    expect((await apply(env)).status).toBe(201);
    expect(await countRows('select count(*) as n from job_applications')).toBe(before + 1);
  });
});

describe('mailer failing during registration', () => {
  // A provider that cannot be reached: createMailer picks HttpMailer when MAIL_API_URL is set.
  const mailDown = { ...env, MAIL_API_URL: 'http://127.0.0.1:9/send', MAIL_API_KEY: 'k' } as Env;
  const post = (path: string, body: unknown, bindings: Env, ip: string) =>
    app.request(
      `http://127.0.0.1:8787${path}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
        body: JSON.stringify(body),
      },
      bindings,
    );
  const codeFor = async (to: string) => {
    const row = await env.DB.prepare(
      `select text from outbox where "to" = ? and status = 'sent' order by created_at desc, rowid desc limit 1`,
    )
      .bind(to)
      .first<{ text: string }>();
    return row?.text.match(/\b(\d{6})\b/)?.[1];
  };

  it('password reset with the mailer down: a real account gets the same 200 as an unknown e-mail, and can ask again at once', async () => {
    // A 503 for real accounts only would say that the account exists, so the e-mail is sent after
    // the response and a failure cannot change the answer (docs/reliability.md §7).
    const email = 'fault-reset@example.com';
    await createDb(env.DB)
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        fullName: 'Reset Fault',
        academicStatus: 'Undergraduate',
        contactNumber: '+447700900998',
        currentAddress: 'x',
        email,
        passwordHash: 'x',
        isVerified: true,
      })
      .onConflictDoNothing();
    const known = await post('/api/users/forgot-password', { email }, mailDown, '198.51.100.94');
    const unknown = await post(
      '/api/users/forgot-password',
      { email: 'fault-reset-nobody@example.com' },
      mailDown,
      '198.51.100.95',
    );
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const rows = async (status: string) =>
      (await env.DB.prepare(`select count(*) as n from outbox where "to" = ? and status = ?`)
        .bind(email, status)
        .first<{ n: number }>())!.n;
    // The code e-mail failed and is given up (its code is withdrawn; a late retry would carry a void code).
    for (let i = 0; i < 150 && (await rows('dead')) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await rows('dead')).toBe(1);
    // The mailer is back: asking again at once sends a code (the failed one was withdrawn, no 60 s wait).
    expect((await post('/api/users/forgot-password', { email }, env, '198.51.100.96')).status).toBe(200);
    for (let i = 0; i < 150 && (await rows('sent')) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await codeFor(email)).toMatch(/^\d{6}$/);
  });

  it('a student account whose code e-mail failed is completed by resending the code', async () => {
    const email = 'fault-mail-student@example.com';
    const res = await post(
      '/api/users/register/',
      {
        fullName: 'Mail Fault',
        academicStatus: 'Undergraduate',
        contactNumber: '02079460999',
        email,
        currentAddress: '1 Example Street, London',
        password: 'Str0ng!Passw0rd#2026',
      },
      mailDown,
      '198.51.100.90',
    );
    expect(res.status).toBe(201);
    const { userId, message } = await res.json<{ userId: string; message: string }>();
    expect(message).toMatch(/Resend OTP/);
    expect(await codeFor(email)).toBeUndefined();
    expect((await post('/api/users/resend-otp', { userId }, env, '198.51.100.91')).status).toBe(200);
    const otp = await codeFor(email);
    expect(otp).toMatch(/^\d{6}$/);
    expect((await post('/api/users/verify-otp', { userId, otp }, env, '198.51.100.91')).status).toBe(200);
    expect(
      await countRows(`select count(*) as n from users where email = '${email}' and is_verified = 1`),
    ).toBe(1);
  });

  it('a partner account whose code e-mail failed answers 503, and is completed by resending the code', async () => {
    const email = 'fault-mail-partner@example.com';
    const password = 'Str0ng!Passw0rd';
    // One browser throughout (the code verifies only from the browser that asked for it), first
    // with the mailer down, then with it back.
    let bindings = mailDown;
    const owner = aBrowser('198.51.100.92', async (path, init) =>
      app.request(`http://127.0.0.1:8787${path}`, init, bindings),
    );
    const res = await owner.post('/api/partner/register', {
      companyName: 'Fault Ltd',
      companyHQ: 'London',
      ownerFirstName: 'Mail',
      ownerLastName: 'Fault',
      ownerEmail: email,
      ownerPhoneNumber: '02079460998',
      ownerDesignation: 'Director',
      ownerNationality: 'British',
      contactFirstName: 'Mail',
      contactLastName: 'Fault',
      contactDesignation: 'HR',
      contactPhoneNumber: '02079460997',
      contactEmail: 'hr-fault@example.com',
      password,
    });
    expect(res.status).toBe(503);
    expect((await res.json<{ message: string }>()).message).toBe(
      'We could not send the e-mail right now. Please try again in a moment.',
    );
    bindings = env;
    // The answer gave no registration id; signing in with the password does (403, not verified),
    // and the login page asks for a new code for that registration.
    const login = await owner.post('/api/partner/login', { email, password });
    expect(login.status).toBe(403);
    const { userId } = await login.json<{ userId: string }>();
    expect((await owner.post('/api/partner/resend-otp', { email, registrationId: userId })).status).toBe(200);
    // The partner resend sends after its answer (the same answer for unknown e-mails).
    let otp: string | undefined;
    for (let i = 0; i < 150 && !otp; i++) {
      otp = await codeFor(email);
      if (!otp) await new Promise((r) => setTimeout(r, 20));
    }
    expect(otp).toMatch(/^\d{6}$/);
    expect((await owner.post('/api/partner/verify-otp', { email, otp })).status).toBe(200);
    expect(
      await countRows(`select count(*) as n from partners where email = '${email}' and is_verified = 1`),
    ).toBe(1);
  });
});
