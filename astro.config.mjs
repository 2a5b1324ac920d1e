// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';

const site = process.env.SITE_URL ?? 'http://127.0.0.1:8787';

export default defineConfig({
  site,
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [react(), sitemap()],
  build: { format: 'directory', inlineStylesheets: 'auto' },
  vite: {
    build: { assetsInlineLimit: 2048 },
    // `npm run dev`: Astro's live-reload server forwards API calls to wrangler dev.
    server: process.env.ASTRO_DEV_PROXY ? { proxy: { '/api': process.env.ASTRO_DEV_PROXY } } : {},
  },
});
