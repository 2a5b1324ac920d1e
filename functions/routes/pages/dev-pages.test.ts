import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:test';
import { app } from '../../index.ts';

describe('/dev/* pages', () => {
  it('answer 404 outside development, before any asset is read', async () => {
    for (const path of ['/dev/mailbox', '/dev/mailbox/']) {
      const res = await app.request(path, {}, { ...env, ENVIRONMENT: 'production' });
      expect(res.status, path).toBe(404);
    }
  });
});
