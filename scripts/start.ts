// npm start: migrate and seed the local D1, build the site, serve site and API with wrangler dev.
import { run } from './lib/run.ts';
import { startPublishWatcher } from './lib/publish.ts';

const port = process.env.PORT ?? '8787';
await run('node', ['scripts/prepare-db.ts']);
const builtAt = new Date();
await run('astro', ['build'], { SITE_URL: process.env.SITE_URL ?? `http://127.0.0.1:${port}` });
// Publish requests from the back office rebuild the site (production uses a deploy hook instead).
startPublishWatcher({ initialBuildAt: builtAt, readyUrl: `http://127.0.0.1:${port}/api/countries` });
console.log(`\n  Site and API: http://127.0.0.1:${port}\n`);
await run('wrangler', ['dev', '--ip', '127.0.0.1', '--port', port, '--var', `SITE_URL:http://127.0.0.1:${port}`, '--show-interactive-dev-session=false']);
