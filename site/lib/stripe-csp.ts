/**
 * The origins Stripe documents for Stripe.js and its Elements (docs.stripe.com/security/guide,
 * "Content Security Policy"), and nothing else: scripts and frames from js.stripe.com and its
 * subdomains, 3-D Secure and redirect frames from hooks.stripe.com, API calls to api.stripe.com.
 * (maps.googleapis.com is only for the Address Element's autocomplete, which we do not use.)
 * site/public/_headers repeats them for /payment; keep the two in step.
 */
export const stripeCsp = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/** Adds Stripe's origins to a page's Astro CSP (Astro.csp is undefined when CSP is off). */
export function allowStripe(
  csp: { insertScriptResource(resource: string): void; insertDirective(directive: string): void } | undefined,
) {
  if (!csp) return;
  // Inserting a script resource replaces Astro's default 'self', so 'self' is listed again for our own bundles.
  csp.insertScriptResource("'self'");
  for (const origin of stripeCsp.script) csp.insertScriptResource(origin);
  csp.insertDirective(`frame-src ${stripeCsp.frame.join(' ')}`);
  csp.insertDirective(`connect-src 'self' ${stripeCsp.connect.join(' ')}`);
}
