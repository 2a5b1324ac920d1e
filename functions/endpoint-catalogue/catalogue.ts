import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import type { AccountType } from '#db/schema/index.ts';
import { factOf, type RouteFact } from '#functions/lib/route-facts.ts';
import { endpointMethods, type BodyKind, type Endpoint } from '#schemas/endpoints.ts';
import { overrides, type Override } from './overrides.ts';
import { isFileField, sampleOf, type SampleOptions } from './sample.ts';

/**
 * The API's endpoints, read off Hono's route table: each route's method and path, and from the
 * middlewares on it (functions/lib/route-facts.ts) the schemas it validates, the account it
 * requires and whether it takes a file; a sample body and query made from those schemas, with the
 * few fields no schema can tell from overrides.ts. A new route is in the list the moment it is
 * mounted: the fuzzer (npm run fuzz) reads this list from GET /api/dev/endpoints.
 */
export function endpointCatalogue(routes: readonly RouterRoute[]): Endpoint[] {
  return apiRoutes(routes)
    .map((route) => endpointOf(route, factsOf(routes, route), overrides[routeKey(route)]))
    .sort((a, b) => Number(signsOut(a)) - Number(signsOut(b)));
}

/** An override's key, and a route's: "METHOD path" with Hono's `:param` path. */
export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

type Method = Endpoint['method'];
const isMethod = (m: string): m is Method => (endpointMethods as readonly string[]).includes(m);

/**
 * One entry per method and path of /api (the table lists a route once per handler and middleware);
 * `/register` and `/register/` are one endpoint, served either way.
 */
export function apiRoutes(routes: readonly RouterRoute[]): { method: Method; path: string }[] {
  const seen = new Map<string, { method: Method; path: string }>();
  for (const { method, path } of routes) {
    if (!isMethod(method) || !path.startsWith('/api/')) continue;
    const key = `${method} ${path.replace(/(.)\/$/, '$1')}`;
    if (!seen.has(key)) seen.set(key, { method, path });
  }
  return [...seen.values()];
}

/**
 * A `use()` path (`/api/admin/*`, `/api/programs`) as a test of route paths: `*` takes the rest
 * (and, as in Hono, nothing at all after a final `/*`), a `:param` any one segment.
 */
const covers = (pattern: string, path: string) =>
  new RegExp(
    `^${pattern
      .split('/')
      .map((s) => (s === '*' ? '.*' : s.startsWith(':') ? '[^/]+' : s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')
      .replace(/\/\.\*$/, '(?:/.*)?')}$`,
  ).test(path);

/**
 * The facts of every handler and middleware that runs for the route. Hono runs them in the order
 * they were added and the route's own handler answers: a `use()` added after it does not run for it.
 */
export function factsOf(
  routes: readonly RouterRoute[],
  route: { method: string; path: string },
): RouteFact[] {
  const own = (r: RouterRoute) => r.method === route.method && r.path === route.path;
  const last = routes.findLastIndex(own);
  return routes
    .filter((r, i) => own(r) || (r.method === 'ALL' && i < last && covers(r.path, route.path)))
    .map((r) => factOf(r.handler))
    .filter((f): f is RouteFact => f !== undefined);
}

/** The schema a route's middlewares validate one request part with (json, form, query, param). */
export const inputOf = (facts: RouteFact[], target: string) =>
  facts.find((f): f is Extract<RouteFact, { kind: 'input' }> => f.kind === 'input' && f.target === target)
    ?.schema;

function endpointOf(
  route: { method: Method; path: string },
  facts: RouteFact[],
  override: Override = {},
): Endpoint {
  const input = (target: string) => inputOf(facts, target);
  const json = input('json');
  const form = input('form');
  const upload = Boolean(form) || facts.some((f) => f.kind === 'upload');
  const body: BodyKind = override.body ?? (upload ? 'multipart' : json ? 'json' : 'none');
  const audience = override.auth ?? facts.find((f) => f.kind === 'auth')?.audience;

  const endpoint: Endpoint = {
    method: route.method,
    path: pathOf(route.path, override, input('query')),
    body,
  };
  if (audience) endpoint.auth = audience satisfies AccountType;
  const schema = body === 'multipart' ? form : body === 'json' ? json : undefined;
  const generated = schema ? objectSample(schema, { optionals: true }) : undefined;
  if (generated || override.sample || body !== 'none')
    endpoint.sample = Object.fromEntries(
      Object.entries({ ...generated, ...override.sample }).filter(([, value]) => value !== undefined),
    );
  if (body === 'multipart') endpoint.fileField = override.fileField ?? fileFieldOf(form) ?? 'file';
  return endpoint;
}

/** A body's sample: an object, with a multipart form's file left for the caller to add. */
function objectSample(schema: z.ZodType, options: SampleOptions): Record<string, unknown> | undefined {
  const value = sampleOf(withoutFiles(schema), options);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

const shapeOf = (schema: z.ZodType | undefined) =>
  schema && 'shape' in schema && schema.shape && typeof schema.shape === 'object'
    ? (schema.shape as Record<string, z.core.$ZodType>)
    : undefined;

export const fileFieldOf = (form: z.ZodType | undefined) =>
  Object.entries(shapeOf(form) ?? {}).find(([, field]) => isFileField(field))?.[0];

/**
 * A form schema's fields without its file, to sample the rest of the form (its own refinements, if
 * any, are left out with it: the test checks the sample against the whole form, with a file).
 */
function withoutFiles(schema: z.ZodType): z.ZodType {
  const shape = shapeOf(schema);
  const file = fileFieldOf(schema);
  return shape && file
    ? z.object(Object.fromEntries(Object.entries(shape).filter(([k]) => k !== file)))
    : schema;
}

/**
 * Hono's path with each `:param` (and `:param{pattern}`) as the value the override gives, else a
 * `{param}` placeholder the caller fills; then the query the route's query schema accepts.
 */
function pathOf(path: string, override: Override, query: z.ZodType | undefined): string {
  const filled = path.replace(/:(\w+)(\{[^/]*\})?/g, (_, name: string, pattern?: string) => {
    const given = override.params?.[name];
    if (given !== undefined) return given;
    // A pattern of plain alternatives (`{retire|restore}`) takes its first.
    const alternatives = pattern?.slice(1, -1);
    if (alternatives && /^[\w-]+(\|[\w-]+)*$/.test(alternatives)) return alternatives.split('|')[0]!;
    return `{${name}}`;
  });
  const values = override.query ?? (query ? objectSample(query, { optionals: false }) : undefined);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values ?? {}))
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  const qs = search.toString().replace(/%7B(\w+)%7D/g, '{$1}');
  return qs ? `${filled}?${qs}` : filled;
}

/** Signing out ends the session the fuzzer's other requests use: those come last. */
const signsOut = (e: Endpoint) => /\/logout(-all)?$/.test(e.path);
