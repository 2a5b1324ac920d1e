import { useState } from 'react';
import { formatDate } from '../session.ts';
import { DataTable } from '../DataTable.tsx';
import { auditRowSchema, type AuditRow } from '#schemas/admin/index.ts';

export function Audit() {
  const [open, setOpen] = useState<AuditRow | null>(null);
  return (
    <>
      <h1>Audit log</h1>
      <div className="admin-split">
        <DataTable<AuditRow>
          caption="Every staff action, newest first"
          path="/audit"
          row={auditRowSchema}
          searchLabel="Search action, item or person"
          rowKey={(r) => r.id}
          selected={open?.id ?? null}
          onOpen={(r) => setOpen(r)}
          columns={[
            { header: 'When', cell: (r) => formatDate(r.createdAt) },
            { header: 'Who', cell: (r) => r.staffName ?? 'system' },
            { header: 'What happened', cell: (r) => r.summary },
          ]}
        />
        {open && (
          <section className="admin-detail" aria-label="Audit entry">
            <div className="admin-detail__head">
              <h2>{open.summary}</h2>
              <button
                type="button"
                className="admin-button admin-button--quiet"
                onClick={() => setOpen(null)}
              >
                Close
              </button>
            </div>
            <p className="admin-muted">
              {formatDate(open.createdAt)} by {open.staffName ?? 'the system'}
            </p>
            <h3>Before</h3>
            <pre className="admin-json">
              {open.before === null ? '—' : JSON.stringify(open.before, null, 2)}
            </pre>
            <h3>After</h3>
            <pre className="admin-json">
              {open.after === null ? '—' : JSON.stringify(open.after, null, 2)}
            </pre>
          </section>
        )}
      </div>
    </>
  );
}
