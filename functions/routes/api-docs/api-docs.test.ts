// The published API document is made from the route table: every route a client can call is in it
// by its OpenAPI path, with the fields its schema validates and the account it requires, and the
// development tools are not. The document's validity against the OpenAPI 3.1 schema is checked by a
// validator in Node, on the running site (e2e/api-docs.spec.ts); here, what it says.
import { describe, expect, it } from 'vitest';
import { app } from '#functions/index.ts';
import { apiRoutes } from '#functions/endpoint-catalogue/catalogue.ts';
import { openApiPath } from '#functions/endpoint-catalogue/openapi.ts';
import { request } from '#functions/test/fixtures/index.ts';

interface Operation {
  operationId: string;
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
  };
  security?: Record<string, string[]>[];
  'x-staff-roles'?: string[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

const document = async () => {
  const res = await request('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  return res.json<Document>();
};
const operation = (doc: Document, method: string, path: string) => {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return op;
};
const bodyOf = (op: Operation, type = 'application/json') => op.requestBody?.content[type]?.schema;

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of this site, with every route but the development tools', async () => {
    const doc = await document();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toMatch(/ API$/);
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:8787' }]);
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const routes = apiRoutes(app.routes)
      .filter((r) => !r.path.startsWith('/api/dev/'))
      .map((r) => `${r.method} ${openApiPath(r.path).path}`);
    expect(new Set(listed)).toEqual(new Set(routes));
    expect(listed.some((k) => k.includes('/api/dev/'))).toBe(false);
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("says the specs' endpoints with their exact paths and fields", async () => {
    const doc = await document();
    const login = bodyOf(operation(doc, 'post', '/api/users/login'));
    expect(login?.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(Object.keys(operation(doc, 'post', '/api/partner/login').requestBody!.content)).toEqual([
      'application/json',
    ]);
    expect(bodyOf(operation(doc, 'post', '/api/job-applicants/register'))?.properties).toHaveProperty(
      'email',
    );
    // Uploads are multipart forms whose file is binary.
    const forms = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops))
      .map((op) => bodyOf(op, 'multipart/form-data')?.properties ?? {});
    expect(
      forms.some((fields) =>
        Object.values(fields).some((f) => (f as { format?: string }).format === 'binary'),
      ),
    ).toBe(true);
    // A path parameter, and a query the route validates.
    const subject = operation(doc, 'get', '/api/subjects/{id}');
    expect(subject.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
    const compare = operation(doc, 'get', '/api/programs/compare');
    expect(compare.parameters).toContainEqual(
      expect.objectContaining({ name: 'ids', in: 'query', required: true }),
    );
  });

  it('names the account each route requires, and the staff roles where a route narrows them', async () => {
    const doc = await document();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'applicant',
      'partner',
      'staff',
      'student',
    ]);
    expect(operation(doc, 'get', '/api/subjects').security).toBeUndefined();
    expect(operation(doc, 'get', '/api/users/me/timeline').security).toEqual([{ student: [] }]);
    expect(operation(doc, 'get', '/api/admin/payments').security).toEqual([{ staff: [] }]);
    expect(operation(doc, 'get', '/api/admin/payments')['x-staff-roles']).toEqual(['admin']);
  });
});

describe('GET /api/docs', () => {
  it('is a reference page that reads the document with scripts from the site itself', async () => {
    const res = await request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('/vendor/swagger-ui/swagger-ui-bundle.js');
    expect(html).toContain('<script src="/api/docs/start.js"></script>');
    // No inline script: the API's policy would refuse it.
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const start = await request('/api/docs/start.js');
    expect(start.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(await start.text()).toContain("url: '/api/openapi.json'");
  });
});
