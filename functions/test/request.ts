import { exports } from 'cloudflare:workers';

let counter = 0;
/**
 * A client address of its own for a request that names none. In production Cloudflare always sets
 * `CF-Connecting-IP`, one per client; without it every test request would share one rate-limit
 * bucket for the whole file. Tests about per-address limits pass their own address.
 */
const anotherAddress = () => `100.${64 + ((counter >> 16) & 63)}.${(counter >> 8) & 255}.${counter++ & 255}`;

/** Calls the Worker under test as a browser would, on the site's own origin. */
export function request(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has('CF-Connecting-IP')) headers.set('CF-Connecting-IP', anotherAddress());
  return (exports as unknown as { default: Fetcher }).default.fetch(new Request(`http://127.0.0.1:8787${path}`, { ...init, headers }));
}

/** JSON POST helper. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}
