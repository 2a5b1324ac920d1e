// The fuzzer and the load test (npm run fuzz, npm run load) send requests to the endpoints of a
// list the Worker generates from its own route table (functions/endpoint-catalogue/), so a route
// added to the Worker is fuzzed without anyone listing it. These tests hold the generator to that:
// every API route is in the list and reached by its path, every sample passes the schema its route
// validates, every override is still needed by a route that exists, and a new route with a validated
// body comes out with a valid sample.
import { Hono } from 'hono';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { app } from './index.ts';
import {
  apiRoutes,
  endpointCatalogue,
  factsOf,
  fileFieldOf,
  inputOf,
  routeKey,
} from './endpoint-catalogue/catalogue.ts';
import { overrides } from './endpoint-catalogue/overrides.ts';
import { validate } from './lib/validate.ts';
import { requireAuth } from './middleware/auth.ts';
import type { Endpoint } from '#schemas/endpoints.ts';
import type { AppEnv } from './lib/app-env.ts';

const routes = apiRoutes(app.routes);
const endpoints = endpointCatalogue(app.routes);

/** Real-looking ids for the placeholders the fuzzer fills from the running server. */
const ids: Record<string, string> = {
  subject: 'msc-data-science-university-of-leeds',
  country: 'united-kingdom',
  university: 'university-of-leeds',
  job: 'job-1',
};
const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, k: string) => ids[k] ?? 'x');
const fillDeep = (value: unknown): unknown =>
  typeof value === 'string'
    ? fill(value)
    : Array.isArray(value)
      ? value.map(fillDeep)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v)]))
        : value;

/** The route a request to the endpoint reaches: Hono's own router, asked with the filled path. */
function routeOf(source: Hono<AppEnv>, e: Endpoint) {
  const [matches] = source.router.match(e.method, fill(e.path.split('?')[0]!));
  return matches.map(([[, route]]) => route).find((r) => r.method === e.method);
}

const endpointFor = (route: { method: string; path: string }) =>
  endpoints.find((e) => {
    const reached = routeOf(app, e);
    return (
      reached?.method === route.method &&
      reached.path.replace(/(.)\/$/, '$1') === route.path.replace(/(.)\/$/, '$1')
    );
  });

/** The sample (and query) of an endpoint checked against the schemas its route validates. */
function problems(source: Hono<AppEnv>, e: Endpoint, route: { method: string; path: string }): string[] {
  const facts = factsOf(source.routes, route);
  const found: string[] = [];
  const check = (part: string, schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return;
    const result = schema.safeParse(value);
    if (!result.success)
      found.push(`${part}: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  };
  const sample = fillDeep(e.sample ?? {}) as Record<string, unknown>;
  check('json', inputOf(facts, 'json'), sample);
  const form = inputOf(facts, 'form');
  const file = fileFieldOf(form);
  check('form', form, {
    ...Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, String(v)])),
    ...(file ? { [file]: new File(['%PDF-1.4\n'], 'cv.pdf', { type: 'application/pdf' }) } : {}),
  });
  const query = new URLSearchParams(fill(e.path.split('?')[1] ?? ''));
  check('query', inputOf(facts, 'query'), Object.fromEntries(query));
  return found;
}

describe('the endpoint list the fuzzer and the load test use', () => {
  it("reads the Worker's routes", () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(endpoints).toHaveLength(routes.length);
  });

  it('has an endpoint for every API route, whose path reaches that route', () => {
    const missing = routes.filter((route) => !endpointFor(route)).map(routeKey);
    expect(missing).toEqual([]);
  });

  it('gives every endpoint a sample body and query its route accepts', () => {
    const invalid = routes.flatMap((route) => {
      const e = endpointFor(route);
      return e ? problems(app, e, route).map((p) => `${routeKey(route)} ${p}`) : [];
    });
    expect(invalid).toEqual([]);
  });

  it('knows which account each authenticated route requires', () => {
    const auth = (method: string, path: string) =>
      endpoints.find((e) => e.method === method && e.path === path)?.auth;
    expect(auth('GET', '/api/users/profile')).toBe('student');
    expect(auth('GET', '/api/partner/profile')).toBe('partner');
    expect(auth('GET', '/api/job-applicants/me')).toBe('applicant');
    expect(auth('GET', '/api/admin/dashboard')).toBe('staff');
    expect(auth('GET', '/api/health')).toBeUndefined();
    // A `use()` added after a route does not guard it (job alerts' unsubscribe link needs no sign-in).
    expect(
      endpoints.find((e) => e.method === 'GET' && e.path.startsWith('/api/job-alerts/unsubscribe'))?.auth,
    ).toBeUndefined();
  });

  it('marks the uploads as multipart with their file field', () => {
    const uploads = endpoints
      .filter((e) => e.body === 'multipart')
      .map((e) => `${e.method} ${e.path} ${e.fileField}`);
    expect(uploads.sort()).toEqual([
      'POST /api/admin/uploads file',
      'POST /api/jobs/{job}/apply resume',
      'POST /api/users/document document',
    ]);
  });

  it('puts the sign-outs last (they end the sessions the other requests use)', () => {
    const first = endpoints.findIndex((e) => /\/logout(-all)?$/.test(e.path));
    expect(first).toBeGreaterThan(0);
    expect(endpoints.slice(first).every((e) => /\/logout(-all)?$/.test(e.path))).toBe(true);
  });

  it('has overrides only for routes that exist, each of them used', () => {
    const unused: string[] = [];
    for (const [key, override] of Object.entries(overrides)) {
      const route = routes.find((r) => routeKey(r) === key);
      if (!route) {
        unused.push(`${key}: no such route`);
        continue;
      }
      const facts = factsOf(app.routes, route);
      for (const name of Object.keys(override.params ?? {}))
        if (!route.path.includes(`:${name}`)) unused.push(`${key}: no parameter ${name}`);
      if (override.auth && facts.some((f) => f.kind === 'auth'))
        unused.push(`${key}: auth comes from a middleware`);
      if (
        override.body &&
        facts.some((f) => f.kind === 'input' && (f.target === 'json' || f.target === 'form'))
      )
        unused.push(`${key}: body comes from a schema`);
      if (override.query && !inputOf(facts, 'query')) unused.push(`${key}: the route validates no query`);
      const body = inputOf(facts, 'json') ?? inputOf(facts, 'form');
      const shape = body && 'shape' in body ? (body.shape as Record<string, unknown>) : undefined;
      for (const field of Object.keys(override.sample ?? {}))
        if (shape && !(field in shape)) unused.push(`${key}: the body has no field ${field}`);
    }
    expect(unused).toEqual([]);
  });
});

describe('a route added without listing it anywhere', () => {
  // A throwaway router, built as every router here is, mounted on a copy of the app's pattern.
  const widgets = new Hono<AppEnv>()
    .use(requireAuth('partner'))
    .post(
      '/',
      validate(
        'json',
        z.object({
          name: z.string().trim().min(3).max(80),
          contactEmail: z.email(),
          sizes: z.array(z.enum(['small', 'large'])).min(2),
          count: z.number().int().min(5).max(9),
          note: z.string().max(200).optional(),
        }),
      ),
      (c) => c.body(null, 204),
    )
    .get(
      '/search',
      validate('query', z.object({ q: z.string().min(2), page: z.coerce.number().optional() })),
      (c) => c.body(null, 204),
    );
  const withWidgets = new Hono<AppEnv>().route('/api/widgets', widgets);

  it('is fuzzed: the generator emits it with its account and a valid sample', () => {
    const generated = endpointCatalogue(withWidgets.routes);
    const post = generated.find((e) => e.method === 'POST');
    expect(post).toMatchObject({ path: '/api/widgets', body: 'json', auth: 'partner' });
    expect(problems(withWidgets, post!, { method: 'POST', path: '/api/widgets' })).toEqual([]);
    expect(Object.keys(post!.sample ?? {}).sort()).toEqual([
      'contactEmail',
      'count',
      'name',
      'note',
      'sizes',
    ]);

    const search = generated.find((e) => e.method === 'GET');
    expect(search?.path).toMatch(/^\/api\/widgets\/search\?q=/);
    expect(problems(withWidgets, search!, { method: 'GET', path: '/api/widgets/search' })).toEqual([]);
  });
});
