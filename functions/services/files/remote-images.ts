import type { Db } from '#db/client.ts';
import { findImageBySource } from '#db/queries/images.ts';
import { imageUrl, MAX_IMAGE_BYTES } from '#schemas/images.ts';
import { DomainError } from '../errors.ts';
import { checkImage, processImage } from './image-pipeline.ts';

// Images content names by a link to another site (the spec's campus images are such links): fetched
// once, when the content is saved, then checked and processed like an upload; pages show our copy
// and never the link (docs/decisions/023-image-pipeline.md). The fetch is a request the Worker makes
// on an editor's behalf, so it is held to rules that keep it from reaching anything but a public
// web server: no private, loopback or link-local address (production), a size cap, a time cap, and
// the same checks again after every redirect.

/** How long one link may take, redirects included. */
export const REMOTE_IMAGE_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

/** Why a link was not fetched, in words an editor can act on (shown beside the field). */
export class RemoteImageError extends DomainError {
  override name = 'RemoteImageError';
}

/** An IPv4 literal's four numbers, or undefined. */
function ipv4(host: string) {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return m ? m.slice(1).map(Number) : undefined;
}

/**
 * Whether a host is one a server-side fetch must never reach: loopback, private (RFC 1918, unique
 * local), link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unspecified, multicast,
 * and names that mean this machine or a private network. A name is judged as written: on Cloudflare
 * a Worker's fetch leaves from the edge, which has no route into private networks, so a public name
 * that resolves to a private address reaches nothing there either.
 */
export function isPrivateHost(hostname: string) {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  )
    return true;
  const v4 = ipv4(host);
  if (v4) {
    const [a, b] = v4 as [number, number, number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (host.includes(':')) {
    // IPv6: loopback, unspecified, unique local (fc00::/7), link-local (fe80::/10), multicast, and
    // IPv4-mapped addresses (judged as the IPv4 address they carry).
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return isPrivateHost(mapped[1]!);
    return (
      host === '::1' ||
      host === '::' ||
      /^f[cd]/.test(host) ||
      /^fe[89ab]/.test(host) ||
      /^ff/.test(host) ||
      host.startsWith('::ffff:')
    );
  }
  // Decimal or hex forms of an address ("2130706433", "0x7f000001") are refused outright.
  return /^(0x[0-9a-f]+|\d+)$/.test(host);
}

/** Checks one hop's URL: http(s), no credentials, and (unless `allowPrivate`) a public host. */
function checkLink(url: URL, allowPrivate: boolean) {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new RemoteImageError('The link must start with https:// or http://.');
  if (url.username || url.password)
    throw new RemoteImageError('The link must not carry a user name or password.');
  if (!allowPrivate && isPrivateHost(url.hostname))
    throw new RemoteImageError('The link points at a private or local address; use a public web address.');
}

/** Reads a body up to `limit` bytes, refusing (and cancelling) one that goes past it. */
async function readCapped(body: ReadableStream<Uint8Array>, limit: number) {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new RemoteImageError('The image at the link is larger than 15 MB.');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  chunks.reduce((at, c) => (out.set(c, at), at + c.length), 0);
  return out;
}

/** The bytes at a link, following up to three redirects, each hop checked. */
export async function fetchRemoteImage(
  link: string,
  options: { allowPrivate: boolean },
): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(REMOTE_IMAGE_TIMEOUT_MS);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new RemoteImageError('The link is not a web address.');
  }
  try {
    for (let hop = 0; ; hop++) {
      checkLink(url, options.allowPrivate);
      const res = await fetch(url, { redirect: 'manual', signal, headers: { Accept: 'image/*' } });
      if (res.status >= 300 && res.status < 400 && res.headers.has('Location')) {
        await res.body?.cancel();
        if (hop >= MAX_REDIRECTS) throw new RemoteImageError('The link redirects too many times.');
        url = new URL(res.headers.get('Location')!, url);
        continue;
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw new RemoteImageError(
          `The site answered ${res.status} for the link: check that it still shows the image.`,
        );
      }
      const declared = Number(res.headers.get('Content-Length') ?? 0);
      if (declared > MAX_IMAGE_BYTES) {
        await res.body.cancel();
        throw new RemoteImageError('The image at the link is larger than 15 MB.');
      }
      return await readCapped(res.body as ReadableStream<Uint8Array>, MAX_IMAGE_BYTES);
    }
  } catch (error) {
    if (error instanceof RemoteImageError) throw error;
    if (signal.aborted)
      throw new RemoteImageError('The site took too long to send the image (over 10 seconds).');
    throw new RemoteImageError('The site could not be reached.');
  }
}

/**
 * A linked image as our own: the image already fetched from this link, or the link fetched now,
 * checked and processed like an upload. Throws RemoteImageError (or the pipeline's own refusal, such
 * as a decompression bomb) with a message for the editor.
 */
export async function importRemoteImage(
  env: Pick<Env, 'IMAGES' | 'FILES'>,
  db: Db,
  link: string,
  options: { allowPrivate: boolean; staffId: string },
): Promise<string> {
  const known = await findImageBySource(db, link);
  if (known) return imageUrl(known);
  const bytes = await fetchRemoteImage(link, options);
  const probe = checkImage(bytes);
  const { url } = await processImage(env, db, bytes, probe, { sourceUrl: link, staffId: options.staffId });
  return url;
}
