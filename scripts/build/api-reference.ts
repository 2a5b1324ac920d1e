// The API reference page (GET /api/docs, functions/routes/api-docs/) renders the OpenAPI document
// with Swagger UI. Its bundle and stylesheet are copied from swagger-ui-dist into the build, so the
// page loads them from the site's own origin (the API's Content-Security-Policy allows no other)
// and works where no CDN answers.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { apiReferenceAssets } from '../../schemas/paths.ts';

const FILES = ['swagger-ui-bundle.js', 'swagger-ui.css'];

export function apiReference(): AstroIntegration {
  return {
    name: 'api-reference',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const from = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
        const to = join(fileURLToPath(dir), apiReferenceAssets);
        mkdirSync(to, { recursive: true });
        for (const file of FILES) copyFileSync(join(from, file), join(to, file));
      },
    },
  };
}
