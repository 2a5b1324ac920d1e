import { useState } from 'react';
import { formatDate } from '../session.ts';
import { DataTable } from '../DataTable.tsx';
import { auditRowSchema, type AuditRow } from '#schemas/admin/index.ts';
import { auditValues } from '#schemas/audit-text.ts';

/** One side of an entry (what it was before, what it became) as labelled values in words. */
function AuditValues({ entry, side }: { entry: AuditRow; side: 'before' | 'after' }) {
  const values = auditValues(entry, side);
  const title = side === 'before' ? 'Before' : 'After';
  const id = `audit-${side}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {values.length === 0 ? (
        <p className="admin-muted">Nothing recorded</p>
      ) : (
        <dl className="admin-dl">
          {values.map((v, i) => (
            <div key={i}>
              <dt>{v.label}</dt>
              <dd>{v.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

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
            <AuditValues entry={open} side="before" />
            <AuditValues entry={open} side="after" />
          </section>
        )}
      </div>
    </>
  );
}
