import type { Db } from '#db/client.ts';
import type { AccountType } from '#db/schema/index.ts';
import {
  clear,
  clientAddress,
  enforce,
  type Limit,
  type LimitHit,
  type LimitMessage,
} from '../services/rate-limit.ts';

/** A request limit: per client address (IPv6 by /64) and, where an account is named, per account. */
export interface RequestRule {
  /** Key prefix, e.g. 'verify'; the account type is put in front. */
  name: string;
  perAddress: Omit<Limit, 'name'>;
  perAccount?: Omit<Limit, 'name'>;
}

const FIFTEEN_MINUTES = 15 * 60;

/**
 * The limits of the endpoints that send or check e-mailed codes, and of the partner request form
 * (each request e-mails the team). Per address they slow a guesser spreading over accounts; per
 * account (the e-mail or id asked about, known or not) they slow one spread over addresses. The
 * per-code limits (5 tries a code, 3 codes a quarter hour) sit under these in codes.ts.
 */
export const REQUEST_RULES = {
  verify: {
    name: 'verify',
    perAddress: { max: 30, windowSeconds: FIFTEEN_MINUTES },
    perAccount: { max: 10, windowSeconds: FIFTEEN_MINUTES },
  },
  resend: {
    name: 'resend',
    perAddress: { max: 10, windowSeconds: FIFTEEN_MINUTES },
    perAccount: { max: 5, windowSeconds: FIFTEEN_MINUTES },
  },
  forgot: {
    name: 'forgot',
    perAddress: { max: 10, windowSeconds: FIFTEEN_MINUTES },
    perAccount: { max: 5, windowSeconds: FIFTEEN_MINUTES },
  },
  reset: {
    name: 'reset',
    perAddress: { max: 20, windowSeconds: FIFTEEN_MINUTES },
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
  // Job alerts: creating and deleting them.
  jobAlerts: {
    name: 'job-alerts',
    perAddress: { max: 60, windowSeconds: 60 * 60 },
    perAccount: { max: 30, windowSeconds: 60 * 60 },
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
  /** Only a per-address limit (registration, check-email: no account yet). */
  perAddress(limit: Limit, message?: LimitMessage): Promise<void>;
  /** Any counters, each with its own subject (an account id, `address`). */
  hits(hits: LimitHit[], message?: LimitMessage): Promise<void>;
  /** Forgets a counter (after a success, e.g. a correct second factor). */
  clear(limit: Limit, subject: string): Promise<void>;
}

/** The limiter of a request from these headers. */
export function createLimiter(db: Db, headers: Headers): Limiter {
  const address = clientAddress(headers);
  return {
    address,
    rule: (type, rule, account, message) => {
      const hits: LimitHit[] = [
        { limit: { name: `${type}-${rule.name}-address`, ...rule.perAddress }, subject: address },
      ];
      if (rule.perAccount && account !== undefined) {
        hits.push({
          limit: { name: `${type}-${rule.name}-account`, ...rule.perAccount },
          subject: account.trim().toLowerCase(),
        });
      }
      return enforce(db, hits, message);
    },
    perAddress: (limit, message) => enforce(db, [{ limit, subject: address }], message),
    hits: (hits, message) => enforce(db, hits, message),
    clear: (limit, subject) => clear(db, limit, subject),
  };
}
