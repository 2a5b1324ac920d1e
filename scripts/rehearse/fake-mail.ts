// A stand-in for an HTTP e-mail provider, on loopback: Resend's API shape (POST JSON
// { from, to, subject, text, html, headers? } with a bearer key, answering { id }), so the Worker's
// production mail transport talks to it exactly as it would to the real one. It can be told to fail.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  at: Date;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

/** Starts the fake provider on 127.0.0.1 (an OS-chosen port). */
export async function startFakeMail(apiKey: string) {
  const received: ReceivedMail[] = [];
  let failing = false;
  let refused = 0;
  const server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== '/emails')
      return answer(404, { statusCode: 404, name: 'not_found', message: 'Not found' });
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return answer(401, { statusCode: 401, name: 'missing_api_key', message: 'API key is invalid' });
    let mail: Partial<ReceivedMail> & { to?: string | string[] };
    try {
      mail = JSON.parse(await readBody(req)) as typeof mail;
    } catch {
      return answer(400, { statusCode: 400, name: 'invalid_json', message: 'Body is not JSON' });
    }
    const to = typeof mail.to === 'string' ? [mail.to] : Array.isArray(mail.to) ? mail.to : [];
    if (!mail.from || !to.length || !mail.subject || !(mail.text || mail.html)) {
      return answer(422, {
        statusCode: 422,
        name: 'validation_error',
        message: 'from, to, subject and text or html are required',
      });
    }
    if (failing) {
      refused++;
      return answer(500, {
        statusCode: 500,
        name: 'internal_server_error',
        message: 'The provider is down (told to fail)',
      });
    }
    const id = crypto.randomUUID();
    received.push({
      id,
      from: mail.from,
      to,
      subject: mail.subject,
      text: mail.text ?? '',
      html: mail.html ?? '',
      ...(mail.headers ? { headers: mail.headers } : {}),
      at: new Date(),
    });
    answer(200, { id });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/emails`,
    received,
    /** Messages delivered to an address, oldest first. */
    to: (address: string) =>
      received.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())),
    /** From now on refuse every message (HTTP 500), or accept them again. */
    fail: (on: boolean) => {
      failing = on;
    },
    get refused() {
      return refused;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeMail = Awaited<ReturnType<typeof startFakeMail>>;
