import type { D1Migration } from '@cloudflare/vitest-plugin';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** docs/staff-routes.md, as text (functions/routes/admin/roles.test.ts checks it). */
      STAFF_ROUTES_DOC: string;
      /** The fake mail provider's port (functions/test/mail-fake). */
      MAIL_FAKE_PORT: string;
      /** Flood limits small enough to refuse, swapped in by functions/flood-limits.test.ts (vitest.config.ts). */
      TEST_FLOOD_ADDRESS: RateLimit;
      TEST_FLOOD_ACCOUNT: RateLimit;
      /** The test images' server (functions/test/image-fixtures). */
      IMAGE_FIXTURES_PORT: string;
    }
  }
}
