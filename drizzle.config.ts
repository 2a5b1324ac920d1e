import { defineConfig } from 'drizzle-kit';

// Migrations are generated here and applied by `wrangler d1 migrations apply` (and by the tests).
export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema/index.ts',
  out: './db/migrations',
});
