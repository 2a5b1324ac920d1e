import { exports } from 'cloudflare:workers';

/** Calls the Worker under test as a browser would, on the site's own origin. */
export function request(path: string, init: RequestInit = {}) {
  return (exports as unknown as { default: Fetcher }).default.fetch(new Request(`http://127.0.0.1:8787${path}`, init));
}

/** JSON POST helper. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}
