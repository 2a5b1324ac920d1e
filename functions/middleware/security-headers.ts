import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

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
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  strictTransportSecurity: 'max-age=63072000; includeSubDomains',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ['self'] },
  crossOriginEmbedderPolicy: false,
});

// Pages that pass through the Worker (pre-rendered content pages and the fallback shells) carry
// Astro's per-page CSP <meta> with the hashes of their inline scripts; a header policy without
// those hashes would block them (policies combine). They get the same header as site/public/_headers.
const pageHeaders = secureHeaders({
  contentSecurityPolicy: { frameAncestors: ["'none'"], objectSrc: ["'none'"], baseUri: ["'self'"], formAction: ["'self'"] },
  strictTransportSecurity: 'max-age=63072000; includeSubDomains',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ['self'] },
  crossOriginEmbedderPolicy: false,
});

export const securityHeaders: MiddlewareHandler = (c, next) => (c.req.path.startsWith('/api/') ? apiHeaders(c, next) : pageHeaders(c, next));
