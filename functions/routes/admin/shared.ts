import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { requireAuth } from '#functions/middleware/auth.ts';
import type { AppEnv } from '#functions/lib/app-env.ts';
import { declareFact } from '#functions/lib/route-facts.ts';
import type { ListQuery } from '#schemas/admin/index.ts';
import type { PageOf } from '#schemas/responses.ts';
import type { Page } from '#db/queries/page.ts';
import { staffMfaEnabled } from '#db/queries/staff-mfa.ts';
import { downloadResponse } from '#functions/services/files/files.ts';
import { writeAudit, type AuditEntry } from '#db/queries/audit.ts';

export const ENROL_FIRST = 'Set up two-step sign-in before using the back office.';

/**
 * A staff session, and for admins a second factor that is on: an admin whose factor was reset
 * (or whose role was raised) reaches nothing until they enrol at the next sign-in.
 */
const staffSession = (roles?: readonly string[]) => {
  const session = requireAuth('staff', roles ? { roles } : {});
  // A new middleware around requireAuth's: it says itself that its routes are staff's.
  return declareFact(
    createMiddleware<AppEnv>((c, next) =>
      session(c, async () => {
        if (c.var.auth.role === 'admin' && !(await staffMfaEnabled(c.var.db, c.var.auth.sub)))
          throw new HTTPException(403, { message: ENROL_FIRST });
        await next();
      }),
    ),
    { kind: 'auth', audience: 'staff', roles },
  );
};

/** Any active staff member (admin or editor). */
export const staffOnly = staffSession();
/** Admins only: everything but content and publishing. */
export const adminOnly = staffSession(['admin']);

/** The most rows one CSV export carries. */
export const CSV_LIMIT = 10_000;

/**
 * What a list search looks for: the text itself, lower-cased. Matched with instr(), not LIKE: D1
 * refuses LIKE patterns over 50 bytes (a long id or e-mail), and instr() needs no escaping.
 */
export const searchNeedle = (q: string) => q.toLowerCase();

/** Limit and offset for a list: one page as JSON, everything (up to CSV_LIMIT) as CSV. */
export function window(query: ListQuery) {
  return query.format === 'csv'
    ? { limit: CSV_LIMIT, offset: 0 }
    : { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date
      ? value.toISOString()
      : Array.isArray(value)
        ? value.join('; ')
        : typeof value === 'string'
          ? value
          : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
            ? String(value)
            : JSON.stringify(value);
  // Cells starting with = + - @ are formulas to spreadsheet programs: prefix them so they stay text.
  // A plain negative number ("-0.59", a net amount) is no formula and must stay a number for finance.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV: a header row, CRLF line ends, quoted where needed. */
export function toCsv<T extends Record<string, unknown>>(
  rows: T[],
  columns: { key: keyof T & string; header: string }[],
) {
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(row[c.key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A list answer: JSON page, or the CSV file as an attachment. */
export function listResponse<T extends Record<string, unknown>>(
  c: Context<AppEnv>,
  query: ListQuery,
  result: Page<T>,
  csv: { filename: string; columns: { key: keyof T & string; header: string }[] },
) {
  c.header('Cache-Control', 'private, no-store');
  if (query.format === 'csv') {
    const date = new Date().toISOString().slice(0, 10);
    return c.body(toCsv(result.items, csv.columns), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csv.filename}-${date}.csv"`,
    });
  }
  return c.json({
    items: result.items,
    total: result.total,
    page: query.page,
    pageSize: query.pageSize,
  } satisfies PageOf<T>);
}

/** A stored file opened by staff (a CV, a student's document): sent as a download, and audited. */
export async function auditedDownload(
  c: Context<AppEnv>,
  file: { key: string; name: string },
  entry: Omit<AuditEntry, 'staffId'>,
) {
  const res = await downloadResponse(c.env.FILES, file.key, file.name);
  await writeAudit(c.var.db, { staffId: c.var.auth.sub, ...entry });
  return res;
}
