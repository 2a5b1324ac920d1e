import type { D1Migration } from '@cloudflare/vitest-plugin';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The fake mail provider's port (functions/test/mail-fake). */
      MAIL_FAKE_PORT: string;
      /** The test images' server (functions/test/image-fixtures). */
      IMAGE_FIXTURES_PORT: string;
    }
  }
}
