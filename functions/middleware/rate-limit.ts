import type { Db } from '#db/client.ts';
import { normalizeEmail } from '#schemas/email.ts';
import type { AccountType } from '#db/schema/index.ts';
import { TooMany } from '../services/errors.ts';
import {
  clear,
  clientAddress,
  enforce,
  gate,
  gateHits,
  type GateResult,
  type Limit,
  type LimitHit,
  type LimitMessage,
} from '../services/security/rate-limit.ts';

/** A request limit: per client address (IPv6 by /64) and, where an account is named, per account. */
export interface RequestRule {
  /** Key prefix, e.g. 'verify'; the account type is put in front. */
  name: string;
  perAddress: Omit<Limit, 'name'>;
  perAccount?: Omit<Limit, 'name'>;
}

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;

/**
 * The limits of the endpoints that register, send or check e-mailed codes, and of the partner
 * request form (each request e-mails the team). Per address they are generous (a
 * school or campus behind one address registers and verifies at least 100 people an hour) and stop
 * floods; per account (the e-mail or id asked about, known or not) they do the protecting, and on
 * the code checks they are a `gate`, so others' wrong guesses never lock the owner out. The
 * per-code limits (5 tries a code, 3 codes a quarter hour) sit under these in codes.ts.
 */
export const REQUEST_RULES = {
  // Per account: the e-mail registered, whose inbox each registration writes to.
  register: {
    name: 'register',
    perAddress: { max: 200, windowSeconds: HOUR },
    perAccount: { max: 5, windowSeconds: FIFTEEN_MINUTES },
  },
  checkEmail: {
    name: 'check-email',
    perAddress: { max: 200, windowSeconds: HOUR },
  },
  verify: {
    name: 'verify',
    perAddress: { max: 200, windowSeconds: HOUR },
    perAccount: { max: 10, windowSeconds: FIFTEEN_MINUTES },
  },
  resend: {
    name: 'resend',
    perAddress: { max: 100, windowSeconds: HOUR },
    perAccount: { max: 5, windowSeconds: FIFTEEN_MINUTES },
  },
  forgot: {
    name: 'forgot',
    perAddress: { max: 100, windowSeconds: HOUR },
    perAccount: { max: 5, windowSeconds: FIFTEEN_MINUTES },
  },
  reset: {
    name: 'reset',
    perAddress: { max: 100, windowSeconds: HOUR },
    perAccount: { max: 10, windowSeconds: FIFTEEN_MINUTES },
  },
  partnerRequest: {
    name: 'request',
    perAddress: { max: 30, windowSeconds: 60 * 60 },
    perAccount: { max: 20, windowSeconds: 60 * 60 },
  },
  // A data export reads every file of the account from storage: heavy, so a few an hour.
  export: {
    name: 'export',
    perAddress: { max: 20, windowSeconds: 60 * 60 },
    perAccount: { max: 5, windowSeconds: 60 * 60 },
  },
  // Deleting an account checks the password: limited like sign-in, so it cannot be used to guess one.
  erase: {
    name: 'erase',
    perAddress: { max: 20, windowSeconds: FIFTEEN_MINUTES },
    perAccount: { max: 5, windowSeconds: FIFTEEN_MINUTES },
  },
  // Changing a password checks the current one: limited like deleting an account, for the same reason.
  changePassword: {
    name: 'change-password',
    perAddress: { max: 20, windowSeconds: FIFTEEN_MINUTES },
    perAccount: { max: 5, windowSeconds: FIFTEEN_MINUTES },
  },
  // Job alerts: creating and deleting them.
  jobAlerts: {
    name: 'job-alerts',
    perAddress: { max: 60, windowSeconds: 60 * 60 },
    perAccount: { max: 30, windowSeconds: 60 * 60 },
  },
  // Free consultations: booking, moving and cancelling, per address (each e-mails a calendar
  // invitation; the address's three-meeting limit sits in the booking statement itself).
  consultations: {
    name: 'consultations',
    perAddress: { max: 20, windowSeconds: 60 * 60 },
  },
} satisfies Record<string, RequestRule>;

/**
 * The rate limits of one request (c.var.limiter, built by middleware/request-services.ts). Every
 * method counts through `enforce`: one conditional statement per counter, and a refusal is
 * TooMany (429 with `Retry-After` and a readable message).
 */
export interface Limiter {
  /** The client's address bucket (CF-Connecting-IP, IPv6 by /64). */
  readonly address: string;
  /**
   * A REQUEST_RULES rule: the client address always, the account when given (an e-mail is
   * lower-cased, so spellings share one bucket).
   */
  rule(type: AccountType, rule: RequestRule, account?: string, message?: LimitMessage): Promise<void>;
  /**
   * A REQUEST_RULES rule with a per-account limit, as a `gate` (services/security/rate-limit.ts): past the
   * account's limit only this address's first try is let through, so strangers cannot lock the
   * owner out. For endpoints that judge a secret (a code).
   */
  gate(
    type: AccountType,
    rule: Required<RequestRule>,
    account: string,
    message?: LimitMessage,
    /**
     * Whose first try past the account's limit is still judged: by default the client's address;
     * for a code bound to a challenge, the challenge (or the registration id that names it), so a
     * guesser's new addresses buy no extra tries and the owner's own code step still gets one.
     */
    firstOf?: string,
  ): Promise<GateResult>;
  /** Only a per-address limit (registration, check-email: no account yet). */
  perAddress(limit: Limit, message?: LimitMessage): Promise<void>;
  /** Any counters, each with its own subject (an account id, `address`). */
  hits(hits: LimitHit[], message?: LimitMessage): Promise<void>;
  /** Forgets a counter (after a success, e.g. a correct second factor). */
  clear(limit: Limit, subject: string): Promise<void>;
  /**
   * The first line in front of every endpoint that hashes a password or checks a code: Cloudflare's
   * Rate Limiting binding, per address and per account, refuses a flood before scrypt or D1 run
   * (docs/decisions/018-workers-paid-and-flood-limits.md). Approximate (counted per Cloudflare
   * location) and cheap; the D1 counters above stay the exact second line, and the only line where
   * the bindings are absent.
   */
  flood(type: AccountType, account?: string): Promise<void>;
}

/** The refusal of `flood`: a period of the binding is at most a minute. */
export const FLOOD_MESSAGE = 'Too many requests right now. Please try again in a minute.';
const FLOOD_RETRY_SECONDS = 60;

/** The bindings `flood` reads (wrangler.toml `[[ratelimits]]`); either may be absent. */
export interface FloodBindings {
  RATE_LIMIT_ADDRESS?: RateLimit;
  RATE_LIMIT_ACCOUNT?: RateLimit;
}

/** The limiter of a request from these headers. */
export function createLimiter(db: Db, headers: Headers, bindings: FloodBindings = {}): Limiter {
  const address = clientAddress(headers);
  return {
    address,
    flood: async (type, account) => {
      const checks: Promise<RateLimitOutcome>[] = [];
      if (bindings.RATE_LIMIT_ADDRESS) checks.push(bindings.RATE_LIMIT_ADDRESS.limit({ key: address }));
      if (bindings.RATE_LIMIT_ACCOUNT && account !== undefined)
        checks.push(bindings.RATE_LIMIT_ACCOUNT.limit({ key: `${type}:${normalizeEmail(account)}` }));
      const outcomes = await Promise.all(checks);
      if (outcomes.some((o) => !o.success)) throw new TooMany(FLOOD_MESSAGE, FLOOD_RETRY_SECONDS);
    },
    rule: (type, rule, account, message) => {
      const hits: LimitHit[] = [
        { limit: { name: `${type}-${rule.name}-address`, ...rule.perAddress }, subject: address },
      ];
      if (rule.perAccount && account !== undefined) {
        hits.push({
          limit: { name: `${type}-${rule.name}-account`, ...rule.perAccount },
          subject: normalizeEmail(account),
        });
      }
      return enforce(db, hits, message);
    },
    gate: (type, rule, account, message, firstOf = address) => {
      const hits = gateHits(`${type}-${rule.name}`, rule, normalizeEmail(account), firstOf);
      // The address limit always counts the client's own address, whoever the first try is of.
      hits.address.subject = address;
      return gate(db, hits, message);
    },
    perAddress: (limit, message) => enforce(db, [{ limit, subject: address }], message),
    hits: (hits, message) => enforce(db, hits, message),
    clear: (limit, subject) => clear(db, limit, subject),
  };
}
