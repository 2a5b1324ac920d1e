// npm run dev: the API under wrangler dev on 8787 and Astro's live-reload server on 4321,
// which proxies /api to it. Pages are rendered on request in dev, so edits show at once.
// ENVIRONMENT=development comes from .dev.vars (prepare-db creates or completes it).
import { spawn } from 'node:child_process';
import { run } from './lib/run.ts';
import { localDevArgs } from './lib/local-dev.ts';

await run('node', ['scripts/prepare-db.ts']);
const api = spawn(
  'wrangler',
  [
    'dev',
    ...localDevArgs(8787),
    '--var',
    'SITE_URL:http://127.0.0.1:4321',
    '--show-interactive-dev-session=false',
  ],
  { stdio: 'inherit' },
);
const site = spawn('astro', ['dev', '--host', '127.0.0.1', '--port', '4321'], {
  stdio: 'inherit',
  env: { ...process.env, SITE_URL: 'http://127.0.0.1:4321', ASTRO_DEV_PROXY: 'http://127.0.0.1:8787' },
});
console.log('\n  Pages (live reload): http://127.0.0.1:4321   API: http://127.0.0.1:8787\n');
const stop = () => {
  api.kill();
  site.kill();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of [api, site]) child.on('exit', stop);
