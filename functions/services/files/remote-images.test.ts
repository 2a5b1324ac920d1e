import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '#schemas/images.ts';
import { fetchRemoteImage, isPrivateHost, REMOTE_IMAGE_REFUSED } from './remote-images.ts';

// The fetch of a linked image where the Worker is deployed (allowPrivate: false), with the network
// answered by a stub: which links it refuses before any request leaves, that it checks every
// redirect the same way, and that every failure reads the same to the editor.

const IMAGE = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
const deployed = { allowPrivate: false };

/** The URL a fetch was called with. */
const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The network as a table of answers by URL; anything not in it is an image. */
function network(answers: Record<string, () => Response | Promise<Response>> = {}) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input) => (answers[urlOf(input)] ?? (() => new Response(IMAGE)))());
}

afterEach(() => vi.restoreAllMocks());

describe('links refused before any request leaves', () => {
  it.each([
    // Names that mean this machine or a private network, or skip the name checks.
    ['http://localhost/a.jpg', 'localhost'],
    ['http://api.localhost/a.jpg', '*.localhost'],
    ['http://printer.local/a.jpg', '*.local'],
    ['http://metadata.google.internal/a.jpg', '*.internal'],
    ['http://router.home.arpa/a.jpg', '*.home.arpa'],
    ['http://metadata/a.jpg', 'a single label'],
    ['http://example.com./a.jpg', 'a name ending in a dot'],
    ['http://localhost./a.jpg', 'localhost ending in a dot'],
    ['http://%6c%6f%63%61%6c%68%6f%73%74/a.jpg', 'localhost percent-encoded'],
    // IPv4 in every spelling the URL parser reads.
    ['http://127.0.0.1/a.jpg', 'loopback'],
    ['http://127.1/a.jpg', 'loopback, shortened'],
    ['http://2130706433/a.jpg', 'loopback, decimal'],
    ['http://0x7f.1/a.jpg', 'loopback, hex and shortened'],
    ['http://0x7f000001/a.jpg', 'loopback, hex'],
    ['http://017700000001/a.jpg', 'loopback, octal'],
    ['http://１２７.０.０.１/a.jpg', 'loopback, full-width digits'],
    ['http://0.0.0.0/a.jpg', '0.0.0.0/8'],
    ['http://0.1.2.3/a.jpg', '0.0.0.0/8'],
    ['http://10.0.0.8/a.jpg', '10.0.0.0/8'],
    ['http://100.64.0.1/a.jpg', '100.64.0.0/10'],
    ['http://100.127.255.254/a.jpg', '100.64.0.0/10, its end'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.0.0/16 (cloud metadata)'],
    ['http://172.16.4.1/a.jpg', '172.16.0.0/12'],
    ['http://172.31.255.254/a.jpg', '172.16.0.0/12, its end'],
    ['http://192.0.0.8/a.jpg', '192.0.0.0/24'],
    ['http://192.0.2.10/a.jpg', '192.0.2.0/24 (documentation)'],
    ['http://192.168.1.1/a.jpg', '192.168.0.0/16'],
    ['http://198.18.0.1/a.jpg', '198.18.0.0/15 (benchmarking)'],
    ['http://198.51.100.7/a.jpg', '198.51.100.0/24 (documentation)'],
    ['http://203.0.113.99/a.jpg', '203.0.113.0/24 (documentation)'],
    ['http://224.0.0.1/a.jpg', '224.0.0.0/4 (multicast)'],
    ['http://239.255.255.250/a.jpg', '224.0.0.0/4, its end'],
    ['http://240.0.0.1/a.jpg', '240.0.0.0/4'],
    ['http://255.255.255.255/a.jpg', 'broadcast'],
    // IPv6, and IPv4 carried inside it.
    ['http://[::1]/a.jpg', '::1'],
    ['http://[::]/a.jpg', '::'],
    ['http://[::ffff:127.0.0.1]/a.jpg', 'IPv4-mapped loopback'],
    ['http://[::ffff:7f00:1]/a.jpg', 'IPv4-mapped loopback, in hex'],
    ['http://[::ffff:10.0.0.1]/a.jpg', 'IPv4-mapped private'],
    ['http://[::ffff:192.0.2.1]/a.jpg', 'IPv4-mapped documentation'],
    ['http://[::127.0.0.1]/a.jpg', 'IPv4-compatible loopback'],
    ['http://[::8.8.8.8]/a.jpg', 'IPv4-compatible (deprecated), any'],
    ['http://[fc00::1]/a.jpg', 'fc00::/7'],
    ['http://[fd12:3456::1]/a.jpg', 'fc00::/7'],
    ['http://[fe80::1]/a.jpg', 'fe80::/10'],
    ['http://[febf::1]/a.jpg', 'fe80::/10, its end'],
    ['http://[fec0::1]/a.jpg', 'site-local'],
    ['http://[ff02::1]/a.jpg', 'multicast'],
    ['http://[100::1]/a.jpg', 'discard-only'],
    ['http://[2001:db8::1]/a.jpg', '2001:db8::/32 (documentation)'],
    ['http://[2001::1]/a.jpg', 'Teredo'],
    ['http://[2002:7f00:1::1]/a.jpg', '6to4'],
    ['http://[3fff::1]/a.jpg', '3fff::/20 (documentation)'],
    ['http://[64:ff9b::127.0.0.1]/a.jpg', 'NAT64 of loopback'],
    ['http://[64:ff9b::a9fe:a9fe]/a.jpg', 'NAT64 of 169.254.169.254'],
    ['http://[64:ff9b::10.1.2.3]/a.jpg', 'NAT64 of a private address'],
    ['http://[64:ff9b:1::8.8.8.8]/a.jpg', 'local-use NAT64'],
    // Only the usual ports, only http(s), no credentials.
    ['https://example.com:8443/a.jpg', 'port 8443'],
    ['http://example.com:8080/a.jpg', 'port 8080'],
    ['https://example.com:22/a.jpg', 'port 22'],
    ['http://example.com:6379/a.jpg', 'port 6379'],
    ['ftp://example.com/a.jpg', 'ftp'],
    ['file:///etc/passwd', 'file'],
    ['https://user:secret@example.com/a.jpg', 'credentials'],
    ['not a web address', 'not a URL'],
  ])('%s (%s)', async (link) => {
    const fetch = network();
    await expect(fetchRemoteImage(link, deployed)).rejects.toThrow(REMOTE_IMAGE_REFUSED);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('links fetched', () => {
  it.each([
    'https://example.com/a.jpg',
    'http://www.leeds.ac.uk/campus.jpg',
    'https://example.com:443/a.jpg',
    'http://example.com:80/a.jpg',
    'https://xn--bcher-kva.example/a.jpg',
    'http://8.8.8.8/a.jpg',
    'http://11.0.0.1/a.jpg',
    'http://100.128.0.1/a.jpg',
    'http://172.32.0.1/a.jpg',
    'http://192.0.3.1/a.jpg',
    'http://[2606:4700::1111]/a.jpg',
    'http://[::ffff:8.8.8.8]/a.jpg',
    'http://[64:ff9b::8.8.8.8]/a.jpg',
  ])('%s', async (link) => {
    const fetch = network();
    expect(await fetchRemoteImage(link, deployed)).toEqual(IMAGE);
    expect(fetch).toHaveBeenCalledOnce();
    // Redirects are followed here, never by fetch itself: each hop is checked first.
    expect(fetch.mock.calls[0]![1]).toMatchObject({ redirect: 'manual' });
  });
});

describe('redirects: every hop is checked the same way', () => {
  const start = 'https://images.example.com/a.jpg';
  const redirectTo =
    (location: string, status = 302) =>
    () =>
      new Response(null, { status, headers: { Location: location } });

  it.each([
    'http://127.0.0.1/a.jpg',
    'http://[::1]/a.jpg',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://169.254.169.254/latest/meta-data/',
    'http://localhost/a.jpg',
    'https://images.example.com:8443/a.jpg',
    'http://2130706433/a.jpg',
    'file:///etc/passwd',
  ])('refuses a redirect to %s without fetching it', async (location) => {
    const fetch = network({ [start]: redirectTo(location, 301) });
    await expect(fetchRemoteImage(start, deployed)).rejects.toThrow(REMOTE_IMAGE_REFUSED);
    expect(fetch.mock.calls.map(([url]) => urlOf(url))).toEqual([start]);
  });

  it('follows a redirect to a public host, relative ones too', async () => {
    const fetch = network({
      [start]: redirectTo('https://cdn.example.net/a.jpg', 307),
      'https://cdn.example.net/a.jpg': redirectTo('/b.jpg', 308),
    });
    expect(await fetchRemoteImage(start, deployed)).toEqual(IMAGE);
    expect(fetch.mock.calls.map(([url]) => urlOf(url))).toEqual([
      start,
      'https://cdn.example.net/a.jpg',
      'https://cdn.example.net/b.jpg',
    ]);
  });

  it('gives up after three redirects', async () => {
    const hop = (n: number) => `https://images.example.com/${n}.jpg`;
    const fetch = network(Object.fromEntries([0, 1, 2, 3].map((n) => [hop(n), redirectTo(hop(n + 1))])));
    await expect(fetchRemoteImage(hop(0), deployed)).rejects.toThrow(REMOTE_IMAGE_REFUSED);
    expect(fetch).toHaveBeenCalledTimes(4);
  });
});

describe('every failure reads the same', () => {
  const link = 'https://images.example.com/a.jpg';
  it.each<[string, () => Response | Promise<Response>]>([
    ['a refused connection', () => Promise.reject(new TypeError('Network connection lost.'))],
    ['the time cap', () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'))],
    ['404', () => new Response('Not found', { status: 404 })],
    ['500', () => new Response('Oops', { status: 500 })],
    ['a redirect without a Location', () => new Response(null, { status: 302 })],
    [
      'a Location that is not a URL',
      () => new Response(null, { status: 302, headers: { Location: 'http://[::1' } }),
    ],
    [
      'a declared size over the cap',
      () => new Response(IMAGE, { headers: { 'Content-Length': String(MAX_IMAGE_BYTES + 1) } }),
    ],
    [
      'a body over the cap',
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new Uint8Array(1024 * 1024));
            },
          }),
        ),
    ],
  ])('%s', async (_what, answer) => {
    network({ [link]: answer });
    const error = await fetchRemoteImage(link, deployed).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RemoteImageError', message: REMOTE_IMAGE_REFUSED });
  });
});

describe('isPrivateHost, on host names as written', () => {
  it.each(['2130706433', '0x7f.1', '[::ffff:127.0.0.1]', '::ffff:127.0.0.1', '[::127.0.0.1]', 'LOCALHOST'])(
    '%s is refused',
    (host) => expect(isPrivateHost(host)).toBe(true),
  );
  it.each(['example.com', 'WWW.Leeds.AC.uk', '8.8.8.8', '2606:4700::1111'])('%s is public', (host) =>
    expect(isPrivateHost(host)).toBe(false),
  );
});
