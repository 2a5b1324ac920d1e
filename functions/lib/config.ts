import type { ConfigProblem, PublishMode } from '#schemas/build.ts';
import { exampleDomainIn } from './example-values.ts';
import { TOKEN_SECRET_MIN_BYTES, tokenSecretProblem } from './token-secret.ts';

/**
 * Optional settings that are not in wrangler.toml, so `wrangler types` does not know them: the
 * Stripe secrets come from `.dev.vars` or `wrangler secret put`, the Stripe API host/port/protocol
 * only in tests (they point the SDK at a local Stripe-compatible server).
 */
interface OptionalVars {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  PUBLIC_STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_API_HOST?: string;
  STRIPE_API_PORT?: string;
  STRIPE_API_PROTOCOL?: string;
  /** Seconds the Worker keeps public reads in the Cache API (0: off). See middleware/edge-cache.ts. */
  EDGE_CACHE_SECONDS?: string;
  /** A JSON exchange-rates feed the daily job reads (functions/scheduled/exchange-rates.ts); unset: staff keep the rates. */
  RATES_URL?: string;
  /** How the estimate names that feed ("European Central Bank via …"); defaults to the feed's host. */
  RATES_SOURCE?: string;
  /** Production e-mail (functions/services/mail/mail-transport.ts): the provider's endpoint, its key, the sender. */
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  /** Publishing (secrets): the build's bearer token, the deploy hook and, for GitHub, its token. */
  BUILD_TOKEN?: string;
  DEPLOY_HOOK_URL?: string;
  DEPLOY_HOOK_TOKEN?: string;
  /** The commit this Worker was deployed from (`npm run deploy` sets it with --var). */
  BUILD_COMMIT?: string;
  /** Alerts (functions/services/operations/alerts.ts): a webhook to POST them to, beside the staff e-mail. */
  ALERT_WEBHOOK_URL?: string;
  /** `on` or `off`; unset, alerts are on in a deployed Worker and off in development and tests. */
  ALERTS?: string;
}

/** The environments that are not deployed; every other value (or none) is held to production's rules. */
const localEnvironments = new Set(['development', 'test']);

/**
 * How mail leaves: `http` (a provider with Resend's API shape), `mailbox` (development and tests:
 * the outbox table is the mailbox, nothing leaves the machine) or `unconfigured` (anywhere else
 * without the settings: nothing pretends to send; messages wait in the outbox as failed and the
 * retry job sends them once the settings exist). `missing` names what is not set, never values.
 */
export type MailSettings =
  | { transport: 'http'; url: string; apiKey: string; from: string; keepBodies: boolean; missing: [] }
  | { transport: 'mailbox'; keepBodies: true; missing: [] }
  | { transport: 'unconfigured'; keepBodies: false; missing: string[] };

function mailSettings(env: Env, vars: OptionalVars): MailSettings {
  // Production is the default: only an explicit development or test environment may do without a
  // provider, and only they keep message bodies (docs/decisions/005-outbox-bodies.md).
  const local = localEnvironments.has(env.ENVIRONMENT);
  const url = vars.MAIL_API_URL?.trim() || null;
  const apiKey = vars.MAIL_API_KEY?.trim() || null;
  const from = vars.MAIL_FROM?.trim() || null;
  if (url && apiKey && (from || local))
    return {
      transport: 'http',
      url,
      apiKey,
      from: from ?? 'no-reply@example.com',
      keepBodies: local,
      missing: [],
    };
  if (local) return { transport: 'mailbox', keepBodies: true, missing: [] };
  const missing = Object.entries({ MAIL_API_URL: url, MAIL_API_KEY: apiKey, MAIL_FROM: from })
    .filter(([, v]) => !v)
    .map(([name]) => name);
  return { transport: 'unconfigured', keepBodies: false, missing };
}

/** The hosts that only this machine can reach. */
const loopbackHosts = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/** Whether a host name (a URL's `hostname`) is loopback: 127.0.0.1, ::1 or localhost. */
export const isLoopbackHost = (hostname: string) => loopbackHosts.has(hostname.toLowerCase());

/** Reads the Worker's configuration in one place (DESIGN: env read in one module). */
export function config(env: Env) {
  const isDevelopment = env.ENVIRONMENT === 'development';
  const vars = env as Env & OptionalVars;
  const publishing: PublishMode = vars.DEPLOY_HOOK_URL
    ? 'hook'
    : localEnvironments.has(env.ENVIRONMENT)
      ? 'local'
      : 'not-set-up';
  return {
    environment: env.ENVIRONMENT,
    isDevelopment,
    siteUrl: env.SITE_URL,
    tokenIssuer: env.TOKEN_ISSUER || 'bridgeway-global',
    tokenSecret: env.TOKEN_SECRET,
    // API tests create rows and read them back at once, so the shared cache is off under tests
    // unless a test turns it on; everywhere else public reads are kept for 10 s by default.
    edgeCacheSeconds: Math.max(
      0,
      Number(vars.EDGE_CACHE_SECONDS ?? (env.ENVIRONMENT === 'test' ? 0 : 10)) || 0,
    ),
    exchangeRates: {
      url: vars.RATES_URL || null,
      source: vars.RATES_SOURCE || null,
    },
    mail: mailSettings(env, vars),
    /** Staging, production, or anything unknown: held to production's rules (fails closed). */
    isDeployed: !localEnvironments.has(env.ENVIRONMENT),
    /**
     * The bearer token of /api/build/*. Null (those routes refuse everyone) when unset or shorter
     * than 32 bytes: a guessable token would hand out the snapshot and let anyone mark a build done.
     */
    buildToken:
      vars.BUILD_TOKEN && new TextEncoder().encode(vars.BUILD_TOKEN).byteLength >= TOKEN_SECRET_MIN_BYTES
        ? vars.BUILD_TOKEN
        : null,
    buildCommit: vars.BUILD_COMMIT || null,
    deployHook: vars.DEPLOY_HOOK_URL
      ? { url: vars.DEPLOY_HOOK_URL, token: vars.DEPLOY_HOOK_TOKEN || null }
      : null,
    alerts: {
      // A local server's faults are its developer's to see; a test turns alerts on to check them.
      enabled: vars.ALERTS === 'on' || (vars.ALERTS !== 'off' && !localEnvironments.has(env.ENVIRONMENT)),
      webhookUrl: vars.ALERT_WEBHOOK_URL?.trim() || null,
    },
    /**
     * How Publish rebuilds the pages: the deploy hook; a local rebuild (development and tests);
     * or, deployed without a hook, not at all (refused, and named by the health check).
     */
    publishing,
    stripe: {
      secretKey: vars.STRIPE_SECRET_KEY || null,
      webhookSecret: vars.STRIPE_WEBHOOK_SECRET || null,
      publishableKey: vars.PUBLIC_STRIPE_PUBLISHABLE_KEY || null,
      host: vars.STRIPE_API_HOST || undefined,
      port: vars.STRIPE_API_PORT ? Number(vars.STRIPE_API_PORT) : undefined,
      protocol: vars.STRIPE_API_PROTOCOL || undefined,
    },
  };
}

/**
 * Development tools (/dev/*, /api/dev/*: the mailbox and its JSON) answer only in development AND
 * on a loopback host: a deployed Worker left on `development` by mistake still serves them to nobody.
 */
export function devToolsAllowed(env: Env, requestUrl: string) {
  return config(env).isDevelopment && isLoopbackHost(new URL(requestUrl).hostname);
}

/**
 * The deployed Worker's configuration check: which settings would make production unsafe or broken.
 * Names and rules only, never values (the answer is public at /api/health). Empty outside deployed
 * environments. A `blocking` problem (a missing or weak TOKEN_SECRET: tokens, receipt, confirmation
 * and unsubscribe links could be forged) makes the Worker refuse every request but GET /api/health
 * (middleware/config-check.ts); the others are reported by health while the site keeps serving.
 */
export function configProblems(env: Env): ConfigProblem[] {
  const c = config(env);
  if (!c.isDeployed) return [];
  const problems: ConfigProblem[] = [];
  const secret = tokenSecretProblem(env.TOKEN_SECRET);
  if (secret) problems.push({ setting: 'TOKEN_SECRET', problem: secret, blocking: true });
  if (!URL.canParse(env.SITE_URL ?? '') || new URL(env.SITE_URL).protocol !== 'https:') {
    problems.push({ setting: 'SITE_URL', problem: 'must be an https:// URL', blocking: false });
  }
  for (const setting of c.mail.missing)
    problems.push({ setting, problem: 'must be set (production e-mail)', blocking: false });
  const webhook = c.alerts.webhookUrl;
  if (webhook && (!URL.canParse(webhook) || new URL(webhook).protocol !== 'https:'))
    problems.push({ setting: 'ALERT_WEBHOOK_URL', problem: 'must be an https:// URL', blocking: false });
  // Publishing: without the hook, Publish would start nothing and editors' changes would never
  // reach the pages; without the build token, a build could neither read the content nor report.
  if (!c.deployHook)
    problems.push({
      setting: 'DEPLOY_HOOK_URL',
      problem: 'must be set (publishing: the build service Publish starts)',
      blocking: false,
    });
  if (!c.buildToken)
    problems.push({
      setting: 'BUILD_TOKEN',
      problem: `must be set, ${TOKEN_SECRET_MIN_BYTES}+ bytes (publishing: the build reads the content and reports back with it)`,
      blocking: false,
    });
  // Example values: the origin every link names, and the sender of every e-mail.
  const vars = env as Env & OptionalVars;
  for (const [setting, value] of [
    ['SITE_URL', env.SITE_URL],
    ['MAIL_FROM', vars.MAIL_FROM],
  ] as const) {
    const domain = exampleDomainIn(value);
    if (domain)
      problems.push({ setting, problem: `uses the example domain ${domain}: set your own`, blocking: false });
  }
  return problems;
}
