import { Hono } from 'hono';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { config } from '#functions/lib/config.ts';
import { checkedConfig } from '#functions/middleware/config-check.ts';
import { readContentVersion, readPublishedBuild } from '#db/queries/publishing.ts';
import type { HealthResponse } from '#schemas/build.ts';
import { getSite } from '#db/queries/site-content.ts';
import { siteExampleValues } from '#functions/lib/example-values.ts';

/**
 * GET /api/health: 200 with the content version and the deployed commit when the configuration is
 * complete; 503 naming each setting that is wrong (never its value) when it is not. In a deployed
 * Worker the site settings count too: an example address or placeholder still there is named.
 */
export const health = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  const problems = [
    ...checkedConfig(c.env),
    // Read each time: staff fix these in the back office while the Worker runs.
    ...(config(c.env).isDeployed ? siteExampleValues(await getSite(c.var.db)) : []),
  ];
  if (problems.length) {
    const body: HealthResponse = {
      success: false,
      status: 'misconfigured',
      message: `The server is not configured for production: ${problems.map((p) => p.setting).join(', ')}.`,
      problems,
    };
    return c.json(body satisfies HealthResponse, 503);
  }
  const [contentVersion, published] = await Promise.all([
    readContentVersion(c.var.db),
    readPublishedBuild(c.var.db),
  ]);
  const cfg = config(c.env);
  const body: HealthResponse = {
    success: true,
    status: 'ok',
    environment: cfg.environment,
    contentVersion,
    publishedContentVersion: published?.contentVersion ?? null,
    commit: cfg.buildCommit,
  };
  return c.json(body satisfies HealthResponse, 200);
});
