import { Validator } from '@seriousme/openapi-schema-validator';
import { test, expect } from '@playwright/test';
import { axeViolations } from './helpers/axe.ts';

// The API's published description, as an integrator meets it: the document the running Worker
// serves is valid OpenAPI 3.1 by a validator of the OpenAPI schemas (not by our own reading of it),
// and the reference page renders it, from the site's own files, on a phone and a desktop.

test('GET /api/openapi.json is a valid OpenAPI 3.1 document', async ({ request }) => {
  const res = await request.get('/api/openapi.json');
  expect(res.status()).toBe(200);
  const document = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toMatch(/^3\.1\./);
  const result = await new Validator().validate(document);
  expect(result.errors ?? [], 'OpenAPI schema errors').toEqual([]);
  expect(result.valid).toBe(true);
  // The specs' sign-in doors, among everything else.
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/api/users/login', '/api/partner/login', '/api/job-applicants/login']),
  );
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`/api/docs shows the API's operations at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') refused.push(m.text());
    });
    page.on('pageerror', (e) => refused.push(e.message));
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /API/, level: 1 })).toBeVisible();
    // Operations are grouped by resource; opening one shows the path as the document says it.
    await page
      .getByRole('heading', { level: 3, name: /^users\b/ })
      .getByRole('button')
      .click();
    await expect(page.locator('[data-path="/api/users/login"]').first()).toBeVisible();
    expect(refused, 'console errors (a policy refusal shows here)').toEqual([]);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, { atLeast: 'serious' })).toEqual([]);
  });
}
