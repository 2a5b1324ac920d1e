import type { Context } from 'hono';
import type { AppEnv } from '../lib/app-env.ts';
import type { AccountType } from '../../db/schema/index.ts';
import { clientAddress, enforce, type Limit, type LimitHit } from '../services/rate-limit.ts';

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
  verify: { name: 'verify', perAddress: { max: 30, windowSeconds: FIFTEEN_MINUTES }, perAccount: { max: 10, windowSeconds: FIFTEEN_MINUTES } },
  resend: { name: 'resend', perAddress: { max: 10, windowSeconds: FIFTEEN_MINUTES }, perAccount: { max: 5, windowSeconds: FIFTEEN_MINUTES } },
  forgot: { name: 'forgot', perAddress: { max: 10, windowSeconds: FIFTEEN_MINUTES }, perAccount: { max: 5, windowSeconds: FIFTEEN_MINUTES } },
  reset: { name: 'reset', perAddress: { max: 20, windowSeconds: FIFTEEN_MINUTES }, perAccount: { max: 10, windowSeconds: FIFTEEN_MINUTES } },
  partnerRequest: { name: 'request', perAddress: { max: 30, windowSeconds: 60 * 60 }, perAccount: { max: 20, windowSeconds: 60 * 60 } },
  // A data export reads every file of the account from storage: heavy, so a few an hour.
  export: { name: 'export', perAddress: { max: 20, windowSeconds: 60 * 60 }, perAccount: { max: 5, windowSeconds: 60 * 60 } },
  // Deleting an account checks the password: limited like sign-in, so it cannot be used to guess one.
  erase: { name: 'erase', perAddress: { max: 20, windowSeconds: FIFTEEN_MINUTES }, perAccount: { max: 5, windowSeconds: FIFTEEN_MINUTES } },
  // Job alerts: creating and deleting them.
  jobAlerts: { name: 'job-alerts', perAddress: { max: 60, windowSeconds: 60 * 60 }, perAccount: { max: 30, windowSeconds: 60 * 60 } },
} satisfies Record<string, RequestRule>;

/**
 * Applies a rule to this request: its client address always, the account when given (an e-mail is
 * lower-cased, so spellings share one bucket). Throws 429 with `Retry-After` and a readable message.
 */
export async function limitRequest(c: Context<AppEnv>, type: AccountType, rule: RequestRule, account?: string, message?: (wait: string) => string) {
  const hits: LimitHit[] = [{ limit: { name: `${type}-${rule.name}-address`, ...rule.perAddress }, subject: clientAddress(c.req.raw.headers) }];
  if (rule.perAccount && account !== undefined) {
    hits.push({ limit: { name: `${type}-${rule.name}-account`, ...rule.perAccount }, subject: account.trim().toLowerCase() });
  }
  await enforce(c.var.db, hits, message);
}

/** Only a per-address limit (registration, check-email: no account yet). */
export async function limitAddress(c: Context<AppEnv>, limit: Limit, message?: (wait: string) => string) {
  await enforce(c.var.db, [{ limit, subject: clientAddress(c.req.raw.headers) }], message);
}
