import { describe, expect, it, beforeAll } from 'vitest';
import { env } from 'cloudflare:test';
import { admin as adminRouter } from '#functions/routes/admin/index.ts';
import { apiPaths } from '#schemas/paths.ts';
import { request } from '#functions/test/fixtures/index.ts';
import { auth, makeStaff, tokenFor } from '#functions/test/fixtures/index.ts';
import { signToken } from '#functions/services/security/tokens.ts';
import { NO_SESSION, sessionToken } from '#functions/test/fixtures/index.ts';

// Every staff route and its role, as docs/staff-routes.md states them (the table
// is the documentation, and this file holds it to the routes the Worker has).
type Role = 'sign-in' | 'staff' | 'admin';
interface Row {
  method: string;
  path: string;
  role: Role;
}

/** The table's rows: `| \`METHOD\` | \`/api/admin/…\` | role | what |` (a `\|` inside a cell is a `|`). */
function documentedRoutes(markdown: string): Row[] {
  const rows: Row[] = [];
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim().replaceAll('\\|', '|'));
    const [method, path, role] = cells;
    rows.push({ method: method!.replaceAll('`', ''), path: path!.replaceAll('`', ''), role: role as Role });
  }
  return rows;
}

const documented = documentedRoutes(env.STAFF_ROUTES_DOC);

/** The routes the admin router has (middleware registrations, method ALL, are not routes). */
const actual = [
  ...new Set(
    adminRouter.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${apiPaths.admin}${r.path}`),
  ),
].sort();

/** A concrete URL for a route pattern: any value reaches the role check, which runs before validation. */
const concrete = (path: string) =>
  path
    .replace(/:action\{[^}]+\}/, 'retire')
    .replace(':kind', 'subjects')
    .replace(':source', 'contact')
    .replace(':type', 'student')
    .replace(/:\w+/g, 'some-id');

const call = (method: string, path: string, headers: Record<string, string> = {}) =>
  request(concrete(path), {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(method === 'GET' ? {} : { body: '{}' }),
  });

describe('docs/staff-routes.md against the routes', () => {
  it('lists every staff route once, and no route the Worker does not have', () => {
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.map((r) => r.role).every((r) => ['sign-in', 'staff', 'admin'].includes(r))).toBe(true);
    const listed = documented.map((r) => `${r.method} ${r.path}`);
    expect(new Set(listed).size, 'a route listed twice').toBe(listed.length);
    expect([...listed].sort()).toEqual(actual);
  });
});

describe('role checks on every admin endpoint, as the table says', () => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    tokens.student = await tokenFor('student', 'student-1', 'student');
    tokens.partner = await tokenFor('partner', 'partner-1', 'partner');
    tokens.applicant = await tokenFor('applicant', 'applicant-1', 'applicant');
    tokens.editor = (await makeStaff('editor')).token;
    tokens.admin = (await makeStaff('admin')).token;
    tokens.forged = await signToken('another-secret-0123456789abcdef0123456789', 'bridgeway-global', {
      sub: 'x',
      aud: 'staff',
      role: 'admin',
      sid: NO_SESSION,
    });
  });

  it.each(documented.filter((r) => r.role !== 'sign-in'))(
    '$method $path: $role',
    async ({ method, path, role }) => {
      const none = await call(method, path);
      expect(none.status, 'no token').toBe(401);
      expect(await none.json()).toMatchObject({ success: false, message: 'Please log in to continue.' });
      expect((await call(method, path, auth(tokens.forged!))).status, 'forged token').toBe(401);
      for (const other of ['student', 'partner', 'applicant']) {
        const res = await call(method, path, auth(tokens[other]!));
        expect(res.status, `${other} token`).toBe(403);
      }
      const asEditor = await call(method, path, auth(tokens.editor!));
      if (role === 'staff') expect([401, 403], 'editor allowed').not.toContain(asEditor.status);
      else {
        expect(asEditor.status, 'editor refused').toBe(403);
        expect(await asEditor.json()).toMatchObject({ message: 'Your role does not allow this.' });
      }
      const asAdmin = await call(method, path, auth(tokens.admin!));
      expect([401, 403], 'admin allowed').not.toContain(asAdmin.status);
      expect(asAdmin.status, 'never a server error').toBeLessThan(500);
    },
  );

  it.each(documented.filter((r) => r.role === 'sign-in'))(
    '$method $path: sign-in (answers without a session, never 5xx)',
    async ({ method, path }) => {
      const none = await call(method, path);
      expect(none.status).toBeLessThan(500);
      expect(none.status, 'no role check').not.toBe(403);
      // An editor's session does not make a sign-in step refuse on role either.
      expect((await call(method, path, auth(tokens.editor!))).status).not.toBe(403);
    },
  );

  it('refuses an expired staff token with 401', async () => {
    const staff = await makeStaff('admin');
    const old = await sessionToken({ sub: staff.id, aud: 'staff', role: 'admin' }, Date.now() - 3 * 3600_000);
    const res = await call('GET', '/api/admin/auth/me', auth(old));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Your session has expired. Please log in again.' });
  });
});
