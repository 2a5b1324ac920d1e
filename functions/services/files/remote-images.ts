import type { Db } from '#db/client.ts';
import { findImageBySource } from '#db/queries/images.ts';
import { imageUrl, MAX_IMAGE_BYTES } from '#schemas/images.ts';
import { DomainError } from '../errors.ts';
import { checkImage, processImage } from './image-pipeline.ts';

// Images content names by a link to another site (the spec's campus images are such links): fetched
// once, when the content is saved, then checked and processed like an upload; pages show our copy
// and never the link (docs/decisions/023-image-pipeline.md). The fetch is a request the Worker makes
// on an editor's behalf, so it is held to rules that keep it from reaching anything but a public
// web server on its usual port: a size cap, a time cap, and the same checks on every redirect.
//
// A Worker cannot resolve a name before fetching it (fetch is its only way to the DNS), so a host
// is judged as written: address literals in every spelling the URL parser accepts are read as the
// address they mean and refused in any private, local or special-purpose range, and names that can
// only mean this machine or a private network are refused. On Cloudflare a Worker's fetch leaves
// from the edge, which has no route into private networks, so a public name that resolves to a
// private address reaches nothing there. Every failure, from a refused host to a site that answers
// 404 or never answers, gives the same message, so the warning says nothing about what listens
// where (no port or host scan through the editor).

/** How long one link may take, redirects included. */
export const REMOTE_IMAGE_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

/** The one message for a link that was not fetched, whatever the reason (shown beside the field). */
export const REMOTE_IMAGE_REFUSED =
  'Check that the link is the public web address (https://…) of an image of at most 15 MB, and that it opens in a browser.';

/** A link that was not fetched; its message is always REMOTE_IMAGE_REFUSED. */
export class RemoteImageError extends DomainError {
  override name = 'RemoteImageError';
  constructor() {
    super(REMOTE_IMAGE_REFUSED);
  }
}

/** A CIDR block of IPv4 as [first address, prefix length]. */
type V4Block = readonly [string, number];

/** IPv4 ranges a link may not name: not public unicast (RFC 6890's special-purpose registry). */
const REFUSED_V4: readonly V4Block[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/** A dotted-quad IPv4 address as one 32-bit number. */
const v4Number = (dotted: string) => dotted.split('.').reduce((n, part) => n * 256 + Number(part), 0);

function refusedV4(address: number) {
  return REFUSED_V4.some(([first, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(address / size) === Math.floor(v4Number(first) / size);
  });
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (hex, `::` compressed). */
function v6Groups(address: string): number[] | undefined {
  const [head = '', tail, extra] = address.split('::');
  if (extra !== undefined) return undefined;
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  const groups =
    tail === undefined ? start : [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : undefined;
}

/**
 * IPv6 a link may name: global unicast (2000::/3) outside its special blocks, and the IPv4-mapped
 * (::ffff:0:0/96) and NAT64 (64:ff9b::/96) forms of a public IPv4 address, judged by the address
 * they carry. Everything else (::, ::1, the deprecated IPv4-compatible ::/96, unique local fc00::/7,
 * link-local fe80::/10, site-local, multicast, discard-only 100::/64, local NAT64) is refused.
 */
function refusedV6(groups: number[]) {
  const startsWith = (...first: number[]) => first.every((value, i) => groups[i] === value);
  if (startsWith(0, 0, 0, 0, 0, 0xffff) || startsWith(0x64, 0xff9b, 0, 0, 0, 0))
    return refusedV4(groups[6]! * 65536 + groups[7]!);
  const [g0 = 0, g1 = 0] = groups;
  if ((g0 & 0xe000) !== 0x2000) return true;
  return (
    (g0 === 0x2001 && g1 < 0x200) || // IETF protocol assignments (Teredo, benchmarking, ORCHID), 2001::/23
    (g0 === 0x2001 && g1 === 0xdb8) || // documentation, 2001:db8::/32
    g0 === 0x2002 || // 6to4, 2002::/16: carries an IPv4 address a relay would reach
    (g0 & 0xfff0) === 0x3ff0 // documentation, 3fff::/20
  );
}

/** Name suffixes that only ever mean this machine or a private network. */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan'];

/**
 * Whether a host is one a server-side fetch must never reach: an address literal (in any form the
 * URL parser reads: `2130706433`, `0x7f.1`, `[::ffff:127.0.0.1]`) outside public unicast, or a name
 * that means this machine or a private network (`localhost`, `*.local`, `*.internal`, a single
 * label such as `metadata`), or a name ending in a dot (the absolute form, which skips the checks
 * on the name as usually written).
 */
export function isPrivateHost(hostname: string) {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  let host: string;
  try {
    // The URL parser's own reading: IPv4 in decimal, octal, hex or shortened, IPv6 compressed.
    host = new URL(`http://${bare.includes(':') ? `[${bare}]` : bare}/`).hostname.toLowerCase();
  } catch {
    return true;
  }
  if (host.startsWith('[')) {
    const groups = v6Groups(host.slice(1, -1));
    return !groups || refusedV6(groups);
  }
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return refusedV4(v4Number(host));
  return host.endsWith('.') || !host.includes('.') || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/**
 * Whether one hop's URL may be fetched: http(s) without credentials and, where the Worker is
 * deployed (not `allowPrivate`), a public host on the scheme's usual port. Locally the test and
 * development servers listen on loopback, on ports of their own.
 */
function linkAllowed(url: URL, allowPrivate: boolean) {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  if (allowPrivate) return true;
  return ['', '80', '443'].includes(url.port) && !isPrivateHost(url.hostname);
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
      throw new RemoteImageError();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  chunks.reduce((at, c) => (out.set(c, at), at + c.length), 0);
  return out;
}

/**
 * The bytes at a link, following up to three redirects by hand, each hop checked before it is
 * fetched. Any failure throws RemoteImageError, with the one message.
 */
export async function fetchRemoteImage(
  link: string,
  options: { allowPrivate: boolean },
): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(REMOTE_IMAGE_TIMEOUT_MS);
  try {
    let url = new URL(link);
    for (let hop = 0; ; hop++) {
      if (!linkAllowed(url, options.allowPrivate)) throw new RemoteImageError();
      const res = await fetch(url, { redirect: 'manual', signal, headers: { Accept: 'image/*' } });
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel();
        const location = res.headers.get('Location');
        if (!location || hop >= MAX_REDIRECTS) throw new RemoteImageError();
        url = new URL(location, url);
        continue;
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw new RemoteImageError();
      }
      const declared = Number(res.headers.get('Content-Length') ?? 0);
      if (declared > MAX_IMAGE_BYTES) {
        await res.body.cancel();
        throw new RemoteImageError();
      }
      return await readCapped(res.body as ReadableStream<Uint8Array>, MAX_IMAGE_BYTES);
    }
  } catch {
    // An unparsable link or Location, an unreachable host, the time cap: all the same to the editor.
    throw new RemoteImageError();
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
