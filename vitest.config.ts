import { defineConfig } from 'vitest/config';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';

// API tests run inside workerd against real D1 and R2, with the real migrations applied.
export default defineConfig(async () => {
  const migrations = await readD1Migrations('db/migrations');
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            ENVIRONMENT: 'test',
            TOKEN_SECRET: 'test-only-secret-0123456789abcdef0123456789',
          },
        },
      }),
    ],
    test: {
      include: ['functions/**/*.test.ts', 'db/**/*.test.ts', 'schemas/**/*.test.ts'],
      setupFiles: ['./functions/test/setup.ts'],
    },
  };
});
