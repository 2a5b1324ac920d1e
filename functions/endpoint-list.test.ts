// The fuzzer and the load test (npm run fuzz, npm run load) send requests to the endpoints of one
// hand-kept list, scripts/perf/lib/endpoints.ts, each with a plausible body. A route added to the
// Worker and not to that list would never be fuzzed, and nothing would say so: this test reads the
// routes the Worker really has (Hono's own route table) and fails, naming them, for any API route
// the list has no entry for. (Written on 2026-11-28, it found 28.)
import { describe, expect, it } from 'vitest';
import { app } from './index.ts';
import { endpoints } from '#scripts/perf/lib/endpoints.ts';

/**
 * A route's path as a pattern: a segment with a parameter (`:id`, `:id{regex}`, `:w.:format`) takes
 * any one segment, and a trailing slash is optional (the spec's `/api/users/register/` is served
 * with and without it).
 */
const pattern = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) => (segment.includes(':') ? '[^/]+' : segment === '*' ? '.*' : segment))
      .join('/')
      .replace(/(.)\/$/, '$1')}/?$`,
  );

/** An endpoint of the list as a concrete path: placeholders filled, the query left off. */
const concrete = (path: string) => path.split('?')[0]!.replace(/\{[^}]+\}(-x)?/g, 'x');

const apiRoutes = [
  ...new Map(
    app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
];

describe('the fuzzer and the load test cover every API route', () => {
  it("reads the Worker's routes", () => {
    expect(apiRoutes.length).toBeGreaterThan(100);
  });

  it('has an entry in scripts/perf/lib/endpoints.ts for each', () => {
    const missing = apiRoutes.filter(
      (route) =>
        !endpoints.some((e) => e.method === route.method && pattern(route.path).test(concrete(e.path))),
    );
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});
