/**
 * A fake e-mail provider with Resend's API shape, for tests (there is no internet here):
 *
 * - POST /emails   `Authorization: Bearer <key>` and JSON `{ from, to, subject, text, html, headers? }`;
 *                  answers 200 `{ id }`. A repeated `Idempotency-Key` that was delivered answers the
 *                  same id without delivering again (as Resend does for 24 hours). 401 for another key,
 *                  422 for a body without from/to/subject/text.
 * - POST /__program `{ to, failures, status?, delayMs? }`: the next `failures` sends to `to` answer
 *                  `status` (default 503); every send to `to` waits `delayMs` first.
 * - GET  /__requests?to=  every POST /emails received (delivered, replayed or failed), oldest first.
 *
 * State is kept per recipient, so test files running side by side do not disturb each other.
 * Run alone: `node functions/test/mail-fake/server.ts [port]`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_MAIL_KEY = 'test-mail-key';

export interface ReceivedRequest {
  idempotencyKey: string | null;
  body: Record<string, unknown>;
  answered: number;
  /** delivered: a new message; replayed: an idempotency key seen before; failed: answered an error. */
  outcome: 'delivered' | 'replayed' | 'failed';
  id: string | null;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Starts the fake on `port` (0: any free port). */
export async function startFakeMail(
  port = 0,
): Promise<{ port: number; url: string; close: () => Promise<void> }> {
  const requests: ReceivedRequest[] = [];
  const programs = new Map<string, { failures: number; status: number; delayMs: number }>();
  const delivered = new Map<string, string>();
  let next = 1;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/__program') {
      const body = await readJson(req);
      if (!body || typeof body.to !== 'string') return send(res, 400, { message: 'to is required' });
      programs.set(body.to, {
        failures: Number(body.failures ?? 0),
        status: Number(body.status ?? 503),
        delayMs: Number(body.delayMs ?? 0),
      });
      return send(res, 200, { ok: true });
    }
    if (req.method === 'GET' && url.pathname === '/__requests') {
      const to = url.searchParams.get('to');
      return send(res, 200, to ? requests.filter((r) => r.body.to === to) : requests);
    }
    if (req.method === 'POST' && url.pathname === '/emails') {
      const body = await readJson(req);
      const idempotencyKey = req.headers['idempotency-key']?.toString() ?? null;
      const record = (answered: number, outcome: ReceivedRequest['outcome'], id: string | null) =>
        requests.push({ idempotencyKey, body: body ?? {}, answered, outcome, id });
      if (req.headers.authorization !== `Bearer ${FAKE_MAIL_KEY}`) {
        record(401, 'failed', null);
        return send(res, 401, { name: 'validation_error', message: 'API key is invalid' });
      }
      if (
        !body ||
        typeof body.from !== 'string' ||
        typeof body.to !== 'string' ||
        typeof body.subject !== 'string' ||
        typeof body.text !== 'string'
      ) {
        record(422, 'failed', null);
        return send(res, 422, { name: 'validation_error', message: 'Missing required field' });
      }
      const program = programs.get(body.to);
      if (program?.delayMs) await new Promise((r) => setTimeout(r, program.delayMs));
      if (program && program.failures > 0) {
        program.failures--;
        record(program.status, 'failed', null);
        return send(res, program.status, { name: 'application_error', message: `Failed for ${body.to}` });
      }
      const seen = idempotencyKey ? delivered.get(idempotencyKey) : undefined;
      if (seen) {
        record(200, 'replayed', seen);
        return send(res, 200, { id: seen });
      }
      const id = `fake-${next++}`;
      if (idempotencyKey) delivered.set(idempotencyKey, id);
      record(200, 'delivered', id);
      return send(res, 200, { id });
    }
    send(res, 404, { message: 'Not found' });
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `http://127.0.0.1:${actual}/emails`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeMail(Number(process.argv[2] ?? 0));
  console.log(`fake mail provider on ${fake.url} (key ${FAKE_MAIL_KEY})`);
}
