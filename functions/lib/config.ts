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
  /** Production e-mail (functions/services/mail-transport.ts): the provider's endpoint, its key, the sender. */
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
}

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
  const local = env.ENVIRONMENT === 'development' || env.ENVIRONMENT === 'test';
  const url = vars.MAIL_API_URL?.trim() || null;
  const apiKey = vars.MAIL_API_KEY?.trim() || null;
  const from = vars.MAIL_FROM?.trim() || null;
  if (url && apiKey && (from || local)) return { transport: 'http', url, apiKey, from: from ?? 'Bridgeway Global <no-reply@example.com>', keepBodies: local, missing: [] };
  if (local) return { transport: 'mailbox', keepBodies: true, missing: [] };
  const missing = Object.entries({ MAIL_API_URL: url, MAIL_API_KEY: apiKey, MAIL_FROM: from }).filter(([, v]) => !v).map(([name]) => name);
  return { transport: 'unconfigured', keepBodies: false, missing };
}

/** Reads the Worker's configuration in one place (DESIGN: env read in one module). */
export function config(env: Env) {
  const isDevelopment = env.ENVIRONMENT === 'development';
  const vars = env as Env & OptionalVars;
  return {
    environment: env.ENVIRONMENT,
    isDevelopment,
    siteUrl: env.SITE_URL,
    tokenIssuer: env.TOKEN_ISSUER || 'bridgeway-global',
    tokenSecret: env.TOKEN_SECRET,
    // API tests create rows and read them back at once, so the shared cache is off under tests
    // unless a test turns it on; everywhere else public reads are kept for 10 s by default.
    edgeCacheSeconds: Math.max(0, Number(vars.EDGE_CACHE_SECONDS ?? (env.ENVIRONMENT === 'test' ? 0 : 10)) || 0),
    mail: mailSettings(env, vars),
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
