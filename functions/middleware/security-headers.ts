import { secureHeaders } from 'hono/secure-headers';
import { createMiddleware } from 'hono/factory';

// What every response the Worker makes carries, the API and the pages alike.
const lockedDownPolicy = {
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};
const transportAndFraming = {
  strictTransportSecurity: 'max-age=63072000; includeSubDomains',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ['self'] },
  crossOriginEmbedderPolicy: false,
};

/**
 * Headers for responses the Worker makes (the API and the fallback shell). Static pages get the
 * same policy from site/public/_headers, which the assets server applies.
 */
const apiHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", 'https://js.stripe.com'],
    frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connectSrc: ["'self'", 'https://api.stripe.com'],
    imgSrc: ["'self'", 'data:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'"],
    ...lockedDownPolicy,
  },
  ...transportAndFraming,
});

// Pages the Worker serves (pre-rendered pages under run_worker_first, the fallback shells) carry the
// policy of site/public/_headers, exactly: a page's headers do not depend on which server answered it
// (e2e/perf-security.spec.ts compares them). Their scripts are pinned by Astro's per-page CSP, and a
// header `script-src 'self'` would block Astro's inline island bootstrap so no island would hydrate.
// Hono's other defaults stay on the API only. Cross-Origin-Opener-Policy on the pages also cost a
// blank first frame: Chromium switched browsing context groups and painted the page a frame late
// (first paint before first contentful paint in 5 of 12 local loads, 1 of 12 without it;
// docs/history/performance-rounds.md §1b, seventh round).
const pageHeaders = secureHeaders({
  contentSecurityPolicy: lockedDownPolicy,
  ...transportAndFraming,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

export const securityHeaders = createMiddleware((c, next) =>
  c.req.path.startsWith('/api/') ? apiHeaders(c, next) : pageHeaders(c, next),
);
