// npm run dev: the API under wrangler dev on 8787 and Astro's live-reload server on 4321,
// which proxies /api to it. Pages are rendered on request in dev, so edits show at once.
import { spawn } from 'node:child_process';
import { run } from './lib/run.ts';

await run('node', ['scripts/prepare-db.ts']);
const api = spawn('wrangler', ['dev', '--ip', '127.0.0.1', '--port', '8787', '--show-interactive-dev-session=false'], { stdio: 'inherit' });
const site = spawn('astro', ['dev', '--host', '127.0.0.1', '--port', '4321'], { stdio: 'inherit', env: { ...process.env, ASTRO_DEV_PROXY: 'http://127.0.0.1:8787' } });
console.log('\n  Pages (live reload): http://127.0.0.1:4321   API: http://127.0.0.1:8787\n');
const stop = () => { api.kill(); site.kill(); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of [api, site]) child.on('exit', stop);
