// npm start: migrate and seed the local D1, build the site, serve site and API with wrangler dev.
// Development settings (ENVIRONMENT=development, TOKEN_SECRET) come from .dev.vars, which
// prepare-db creates or completes: wrangler.toml's top level is production.
import { run } from './lib/run.ts';
import { buildAndSwap, startPublishWatcher } from './lib/publish.ts';
import { localDevArgs } from './lib/local-dev.ts';

const port = process.env.PORT ?? '8787';
const siteUrl = process.env.SITE_URL ?? `http://127.0.0.1:${port}`;
await run('node', ['scripts/prepare-db.ts']);
const builtAt = new Date();
const { contentVersion } = await buildAndSwap({ env: { SITE_URL: siteUrl } });
// Publish requests from the back office rebuild the site (production uses a deploy hook instead).
startPublishWatcher({
  initialBuild: { at: builtAt, contentVersion },
  readyUrl: `http://127.0.0.1:${port}/api/countries`,
  siteUrl,
});
console.log(`\n  Site and API: http://127.0.0.1:${port}\n`);
await run('wrangler', [
  'dev',
  ...localDevArgs(Number(port)),
  '--var',
  `SITE_URL:${siteUrl}`,
  '--show-interactive-dev-session=false',
]);
