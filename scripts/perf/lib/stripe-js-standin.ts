// Stripe.js for a Lighthouse run: js.stripe.com is unreachable here, and a production payment page
// always loads it (the Worker has its Stripe keys). Chromium is pointed at this HTTPS server for
// js.stripe.com (--host-resolver-rules), so /payment is measured as people get it (the card form,
// served at CDN speed), not as the "card payments are not available" page an unconfigured server shows.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAKE_STRIPE_JS } from '#e2e/helpers/fake-stripe-js.ts';

export interface StripeJsStandIn {
  /** Chromium flags that send js.stripe.com here and accept this server's own certificate. */
  chromeFlags: string[];
  close(): Promise<void>;
}

export async function startStripeJsStandIn(): Promise<StripeJsStandIn> {
  // A throwaway self-signed certificate (Debian's openssl): only this run's Chromium trusts it.
  const dir = mkdtempSync(join(tmpdir(), 'stripe-js-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=js.stripe.com',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const server = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/javascript',
        'access-control-allow-origin': '*',
        'cache-control': 'public, max-age=300',
      });
      response.end(FAKE_STRIPE_JS);
    },
  );
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    chromeFlags: [`--host-resolver-rules=MAP js.stripe.com 127.0.0.1:${port}`, '--ignore-certificate-errors'],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
