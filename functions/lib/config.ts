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
    exchangeRates: {
      url: vars.RATES_URL || null,
      source: vars.RATES_SOURCE || null,
    },
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
