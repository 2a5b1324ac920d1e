// The benchmark peer: a client-rendered React SPA, the seed's architecture, built into
// dist/peer so the same wrangler dev serves it beside our pages and the same API.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/peer/',
  // No @vitejs/plugin-react: Vite's own transform compiles the JSX (automatic runtime).
  oxc: { jsx: { runtime: 'automatic' } },
  build: { outDir: fileURLToPath(new URL('../../dist/peer', import.meta.url)), emptyOutDir: true },
  logLevel: 'warn',
});
