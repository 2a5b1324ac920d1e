import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { openApiDocument } from '#functions/endpoint-catalogue/openapi.ts';
import { getSite } from '#db/queries/site-content.ts';
import { apiReferenceAssets } from '#schemas/paths.ts';

/** The API contract's version: raised when a published path, field or answer changes. */
const API_VERSION = '1.0.0';

// The reference page runs Swagger UI (swagger-ui-dist, copied into the build at
// apiReferenceAssets) with this start script, a file of its own because the API's
// Content-Security-Policy allows scripts from the site's origin only. No validator badge: it would
// send the document to a third party.
const startScript = `SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#api-reference',
  // Deep links put a link inside each operation's toggle button: a control in a control, which
  // screen readers cannot use.
  deepLinking: false,
  validatorUrl: null,
  docExpansion: 'none',
  defaultModelsExpandDepth: -1,
});
`;

/**
 * Swagger UI's own colours for its badges, methods, the document's URL and the Authorize button are below
 * WCAG AA contrast on white; these are the same hues, darkened. With one server, the servers picker
 * (an unlabelled select) has nothing to choose: it is hidden.
 */
const contrast = `
.swagger-ui .info .title small { background: #4b5563; }
.swagger-ui .info .title small.version-stamp { background: #2f6b12; }
.swagger-ui .info .url, .swagger-ui .info a.link { color: #1f4e99; }
.swagger-ui .btn.authorize { color: #1d6b3f; border-color: #1d6b3f; }
.swagger-ui .btn.authorize svg { fill: #1d6b3f; }
.swagger-ui .servers-title, .swagger-ui .servers { display: none; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f5f9e; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1d6b3f; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f6b5c; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
`;

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>API reference</title>
<link rel="stylesheet" href="${apiReferenceAssets}/swagger-ui.css">
<style>${contrast}</style>
</head>
<body>
<main id="api-reference"><p>Loading the API reference… The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></main>
<script src="${apiReferenceAssets}/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

/**
 * GET /api/openapi.json: the API as an OpenAPI 3.1 document, made from the app's own route table
 * (read when asked, as the development tools read it, so it holds every router mounted after this
 * one); GET /api/docs: a reference page that reads it, for partners and integrators.
 */
export const apiDocs = (routeTable: () => readonly RouterRoute[]) => {
  // The routes do not change while an isolate lives: one document per origin and company name
  // (staff may rename the company in the back office).
  const documents = new Map<string, string>();
  return new Hono<AppEnv>()
    .get('/openapi.json', async (c) => {
      const origin = config(c.env).siteUrl;
      const { companyName } = await getSite(c.var.db);
      const key = `${origin} ${companyName}`;
      let body = documents.get(key);
      if (!body) {
        const info = { title: `${companyName} API`, version: API_VERSION, origin };
        body = JSON.stringify(openApiDocument(routeTable(), info));
        documents.set(key, body);
      }
      c.header('Cache-Control', 'public, max-age=300');
      return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
    })
    .get('/docs', (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.html(page);
    })
    .get('/docs/start.js', (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.body(startScript, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    });
};
