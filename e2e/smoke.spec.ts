import { test, expect } from '@playwright/test';

test('the built home page and the subjects API are served together', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ignite Your Career With');
  const res = await request.get('/api/subjects');
  expect(res.status()).toBe(200);
  expect(await res.json()).toHaveLength(80);
});
