import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import { STAFF_SESSION_COOKIE } from '#functions/lib/staff-cookies.ts';
import type { RouteFact } from '#functions/lib/route-facts.ts';
import { apiRoutes, factsOf, inputOf } from './catalogue.ts';
import { isFileField } from './sample.ts';

/**
 * The API as an OpenAPI 3.1 document (GET /api/openapi.json, read at /api/docs), made from the same
 * route table and route facts as the endpoint catalogue: each route's method and path, the zod
 * schemas its middlewares validate (as JSON Schema 2020-12, the dialect OpenAPI 3.1 uses), and the
 * account it requires. Nothing here is kept by hand, so the document cannot fall behind the routes.
 * Response bodies are typed in TypeScript (schemas/responses.ts), not by a schema a route carries:
 * the document describes every route's error answer, `{ success: false, message }`, and leaves its
 * success body to the specs' prose for now.
 */

type Json = Record<string, unknown>;

/** What the document says about the service itself. */
export interface ApiInfo {
  title: string;
  version: string;
  /** The public origin the API answers on (SITE_URL). */
  origin: string;
}

/** How each account's credentials travel (functions/middleware/auth.ts). */
const securitySchemes = {
  student: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A student\'s token, from POST /api/users/login ("token").',
  },
  partner: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A partner\'s token, from POST /api/partner/login ("token").',
  },
  applicant: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Applicant-Token',
    description: 'A job seeker\'s token, from POST /api/job-applicants/login or /register ("token").',
  },
  staff: {
    type: 'apiKey',
    in: 'cookie',
    name: STAFF_SESSION_COOKIE,
    description:
      "The back office's session cookie (HttpOnly), set by the staff sign-in; unsafe methods also need the X-CSRF-Token header.",
  },
} as const;

/** The error every route answers with on a 4xx, and on a 5xx that is not the route's fault. */
const errorSchema = {
  type: 'object',
  properties: {
    success: { const: false },
    message: { type: 'string', description: 'What went wrong, in words a person understands.' },
  },
  required: ['success', 'message'],
};

/**
 * A zod schema as JSON Schema 2020-12: what a request may carry (the input side of transforms). In a
 * multipart form a custom field is the file (sample.ts `isFileField`): binary, as OpenAPI says it.
 */
export function jsonSchemaOf(schema: z.ZodType, { form = false } = {}): Json {
  // `any` for what JSON Schema cannot state (a date coerced from a string, a bigint): the route's
  // own validation still decides; the document only describes.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: ({ zodSchema, jsonSchema }) => {
      if (form && isFileField(zodSchema)) Object.assign(jsonSchema, { type: 'string', format: 'binary' });
    },
  });
  return rest;
}

/** Hono's `/api/x/:id{[0-9]+}` as OpenAPI's `/api/x/{id}`, with the parameters it names. */
export function openApiPath(path: string): { path: string; params: { name: string; pattern?: string }[] } {
  const params: { name: string; pattern?: string }[] = [];
  const converted = path
    .replace(/(.)\/$/, '$1')
    .replace(/:(\w+)(\{([^/]*)\})?/g, (_, name: string, _p, pattern?: string) => {
      params.push(pattern ? { name, pattern: `^(?:${pattern})$` } : { name });
      return `{${name}}`;
    });
  return { path: converted, params };
}

/** One parameter per property of a query schema. */
function queryParameters(query: z.ZodType): Json[] {
  const schema = jsonSchemaOf(query);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

const authOf = (facts: RouteFact[]) =>
  facts.findLast((f): f is Extract<RouteFact, { kind: 'auth' }> => f.kind === 'auth');

/** `GET /api/admin/counsellors/{id}` → `getAdminCounsellorsById`: unique, stable, readable. */
const operationId = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .replace(/^\/api\//, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `By${cap(part.slice(1, -1))}` : cap(part.replace(/\W/g, ''))))
    .join('');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The first segment after /api: the resource an operation belongs to. */
const tagOf = (path: string) => path.split('/')[2] ?? 'api';

/** Routes a deployed API never answers (development tools) stay out of the published document. */
const published = (path: string) => !path.startsWith('/api/dev/') && path !== '/api/dev';

export function openApiDocument(routes: readonly RouterRoute[], info: ApiInfo): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of apiRoutes(routes)) {
    if (!published(route.path)) continue;
    const facts = factsOf(routes, route);
    const { path, params } = openApiPath(route.path);
    const json = inputOf(facts, 'json');
    const form = inputOf(facts, 'form');
    const query = inputOf(facts, 'query');
    const upload = facts.some((f) => f.kind === 'upload');
    const auth = authOf(facts);

    const operation: Json = {
      operationId: operationId(route.method, path),
      tags: [tagOf(path)],
      parameters: [
        ...params.map(({ name, pattern }) => ({
          name,
          in: 'path',
          required: true,
          schema: pattern ? { type: 'string', pattern } : { type: 'string' },
        })),
        ...(query ? queryParameters(query) : []),
      ],
      responses: {
        '200': { description: 'Done; the body is the resource or `{ success: true, … }`.' },
        '4XX': {
          description: 'Refused: bad input, not signed in, not allowed, not found, too many requests.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
    if (json)
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchemaOf(json) } },
      };
    else if (form || upload)
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: form
              ? jsonSchemaOf(form, { form: true })
              : { type: 'object', description: 'A file upload.' },
          },
        },
      };
    if (auth) {
      operation.security = [{ [auth.audience]: [] }];
      if (auth.roles?.length) {
        operation['x-staff-roles'] = [...auth.roles];
        operation.description = `Staff roles allowed: ${auth.roles.join(', ')}.`;
      }
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.1',
    info: {
      title: info.title,
      version: info.version,
      description:
        'The public, account and back-office API of the site. Every refusal is a 4xx JSON `{ success: false, message }`.',
    },
    servers: [{ url: info.origin }],
    tags: [...new Set(Object.keys(paths).map(tagOf))].sort().map((name) => ({ name })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: { schemas: { Error: errorSchema }, securitySchemes },
  };
}
