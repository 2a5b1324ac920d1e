import { TooMany } from '../errors.ts';
import type { Db } from '#db/client.ts';
import { countHit, deleteCounter, uncountHit, windowStartOf } from '#db/queries/rate-limits.ts';

export interface Limit {
  /** What is limited, e.g. 'login:address'. */
  name: string;
  /** Allowed events per window. */
  max: number;
  windowSeconds: number;
}

export interface HitResult {
  allowed: boolean;
  /** Seconds until the window ends (when refused, how long to wait). */
  retryAfter: number;
  /** The events counted in the window with this one (when refused, the limit). */
  count: number;
}

/**
 * Counts one event against a fixed window in D1 and says whether it is allowed. One conditional
 * statement per hit: the upsert starts a new window when the old one has ended, and otherwise adds
 * one only while the count is below the limit (the `where` of `do update`), so parallel hits can
 * never admit more than `max` (they are serialised by D1, each seeing the previous one's count).
 * A refused hit changes nothing and returns no row; only then is the window read back, for the
 * wait. Windows end by themselves, so a real user is never locked out for good.
 */
export async function hit(db: Db, limit: Limit, subject: string, now = Date.now()): Promise<HitResult> {
  const key = `${limit.name}:${subject}`;
  const windowMs = limit.windowSeconds * 1000;
  const row = await countHit(db, key, limit.max, windowMs, now);
  if (row)
    return { allowed: true, retryAfter: secondsLeft(row.window_start, windowMs, now), count: row.count };
  const windowStart = await windowStartOf(db, key);
  return {
    allowed: false,
    retryAfter: secondsLeft(windowStart ?? now, windowMs, now),
    count: limit.max,
  };
}

const secondsLeft = (windowStart: number, windowMs: number, now: number) =>
  Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));

/**
 * Takes back one counted event that turned out not to be what the limit is about: a sign-in counted
 * before it was judged (so parallel tries cannot pass the limit together) that proved the right
 * password. The limit then counts failures only.
 */
export async function refund(db: Db, limit: Limit, subject: string, now = Date.now()) {
  await uncountHit(db, `${limit.name}:${subject}`, now);
}

/** Forgets the counter (after a successful login, the per-account failures start again). */
export async function clear(db: Db, limit: Limit, subject: string) {
  await deleteCounter(db, `${limit.name}:${subject}`);
}

/**
 * The client's address as Cloudflare reports it in `CF-Connecting-IP`, set by Cloudflare from the
 * connection, so a client cannot choose it. `X-Forwarded-For` is never read: anyone can write it,
 * and trusting it would give an attacker a fresh bucket per request. IPv6 clients are counted by
 * their /64 (one subscriber usually holds a whole /64, so per-address buckets would be per-request).
 * Without the header (only off Cloudflare: tests, local tools) every request shares one bucket.
 */
export function clientAddress(headers: Headers) {
  const raw = headers.get('CF-Connecting-IP')?.trim();
  return raw ? addressBucket(raw) : 'unknown';
}

/** The rate-limit bucket of an address: IPv4 as is, IPv6 by its /64 prefix. */
export function addressBucket(address: string) {
  if (!address.includes(':')) return address;
  const bare = address
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
    .toLowerCase();
  // An IPv4 address written as IPv6 (::ffff:192.0.2.1) is the IPv4 client.
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  const groups = expandIpv6(bare);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : bare;
}

/** The eight 16-bit groups of an IPv6 address (without leading zeros), or null if malformed. */
function expandIpv6(address: string): string[] | null {
  let text = address;
  // A trailing dotted IPv4 part counts as two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16).toString(16));
}

/** One counter to hit: a limit and whom it counts (an address bucket, an e-mail, an account id). */
export interface LimitHit {
  limit: Limit;
  subject: string;
}

/** The refusal's message, given the wait in words (waitText) and in seconds. */
export type LimitMessage = (wait: string, seconds: number) => string;

/** "1 minute", "5 minutes", "30 seconds": how long to wait, in words. */
export function waitText(seconds: number) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The one way to apply rate limits: counts every hit (in parallel, each one conditional statement)
 * and throws TooMany (429 with `Retry-After`) when any is over its limit, waiting for the longest.
 */
export async function enforce(
  db: Db,
  hits: LimitHit[],
  message: LimitMessage = (wait) => `Too many attempts. Please try again in ${wait}.`,
  now = Date.now(),
) {
  const results = await Promise.all(hits.map((h) => hit(db, h.limit, h.subject, now)));
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return;
  const retryAfter = Math.max(...refused.map((r) => r.retryAfter));
  throw new TooMany(message(waitText(retryAfter), retryAfter), retryAfter);
}

/**
 * The counters of an owner-friendly limit on one account (sign-in, codes, the staff second factor):
 * the client's address, the account, and the pair of the two (the tries this address made on this
 * account). Every one is counted before the try is judged, each in one conditional statement.
 */
export interface GateHits {
  address: LimitHit;
  account: LimitHit;
  /** `account.limit`'s window, keyed by account and address together. */
  pair: LimitHit;
}

/**
 * Applies an account's limit without letting strangers lock its owner out. The
 * address limit refuses as `enforce` does. Under the account's limit every try is judged; past it,
 * a try is judged only when it is this address's first on the account in the window: so however
 * many wrong guesses others make, the owner's first try from their own network is still judged,
 * while an address that has already tried is refused. Parallel tries from one address are counted
 * by the one conditional upsert of the pair, so exactly one of them is the first. Returns
 * `pastLimit` so the caller can ask for more proof (an e-mailed code after a right password).
 */
export async function gate(
  db: Db,
  hits: GateHits,
  message: LimitMessage = (wait) => `Too many attempts. Please try again in ${wait}.`,
  now = Date.now(),
): Promise<GateResult> {
  const [address, account, pair] = await Promise.all(
    [hits.address, hits.account, hits.pair].map((h) => hit(db, h.limit, h.subject, now)),
  );
  const refuse = (result: HitResult) =>
    new TooMany(message(waitText(result.retryAfter), result.retryAfter), result.retryAfter);
  if (!address!.allowed) throw refuse(address!);
  const first = pair!.allowed && pair!.count === 1;
  if (account!.allowed) return { pastLimit: false, first };
  if (first) return { pastLimit: true, first };
  throw refuse(account!);
}

export interface GateResult {
  /** The account was past its limit; this try is judged only as its address's first. */
  pastLimit: boolean;
  /** This is the address's first try on the account in the window (the per-code limits use it too). */
  first: boolean;
}

/** The three counters of `gate` for a limit name, an account and an address. */
export function gateHits(
  name: string,
  limits: { perAddress: Omit<Limit, 'name'>; perAccount: Omit<Limit, 'name'> },
  account: string,
  address: string,
): GateHits {
  return {
    address: { limit: { name: `${name}-address`, ...limits.perAddress }, subject: address },
    account: { limit: { name: `${name}-account`, ...limits.perAccount }, subject: account },
    // The account last, as in every counter's key (`name:…:account`): erasing a person finds and
    // deletes the counters that end with their e-mail or id (db/queries/personal-data.ts).
    pair: { limit: { name: `${name}-pair`, ...limits.perAccount }, subject: `${address}:${account}` },
  };
}
